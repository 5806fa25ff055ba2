// ADR 111: concurrent order creations are written together, yet each request keeps its own answer (validation
// errors, idempotency keys, its own order, timeline step and webhook message); the fee tier and "no endpoint takes
// quotes" are kept in memory and dropped when the console changes them; so is a deployed collection (ADR 122).
import { orderEvents, webhookMessages } from '@keepsake/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let collectionId: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const buyer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Group shop');
  api = developerApi(server, project.apiKey);
  const created = await api.createCollection(collectionBody({ payments: { price: '10', currency: 'usd', recipientAddress: seller, quantityLimit: 5 } }));
  await api.settled(created.actionId, 120_000);
  collectionId = created.id;
}, 240_000);
afterAll(async () => {
  await server?.close();
});

// No payer address: nothing about the order is asked of the chain.
const orderBody = (callData: Record<string, unknown> = { quantity: 1 }, locale = 'en-US') => ({
  recipient: { walletAddress: buyer },
  locale,
  payment: { method: 'devnet', currency: 'usdxm' },
  lineItems: { collectionLocator: `crossmint:${collectionId}`, callData },
});
const create = (body: unknown, key?: string) => api.call('/orders', { method: 'POST', body, ...(key ? { headers: { 'x-idempotency-key': key } } : {}) });

const quoteEvents = (orderIds: string[]) =>
  server.ctx.db
    .select()
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.type, 'orders.quote.created')));
const quoteMessages = async (orderIds: string[]) =>
  (
    await server.ctx.db
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.projectId, project.projectId), eq(webhookMessages.eventType, 'orders.quote.created')))
  ).filter((m) => orderIds.includes(m.data.orderId as string));

describe(`order creation written together (${testDb})`, () => {
  it('answers each of many concurrent creations as if alone: valid, invalid, replayed and reused keys', async () => {
    const { endpoint } = await server.services.webhooks.createEndpoint(project.projectId, project.ownerUserId, {
      url: 'https://example.com/hooks/quotes',
      description: 'quotes',
      eventTypes: ['orders.quote.created'],
    });
    try {
      await concurrentCreations();
    } finally {
      await server.services.webhooks.deleteEndpoint(project.projectId, project.ownerUserId, endpoint.id);
    }
  });

  async function concurrentCreations() {
    const shared = `order-${crypto.randomUUID()}`;
    const reused = `order-${crypto.randomUUID()}`;
    const requests = [
      ...Array.from({ length: 12 }, (_, i) => ({ kind: 'valid', send: () => create(orderBody({ quantity: (i % 5) + 1 })) })),
      ...Array.from({ length: 4 }, () => ({ kind: 'over-limit', send: () => create(orderBody({ quantity: 6 })) })),
      ...Array.from({ length: 3 }, () => ({ kind: 'over-price', send: () => create(orderBody({ quantity: 2, totalPrice: '1' })) })),
      ...Array.from({ length: 3 }, () => ({ kind: 'shared-key', send: () => create(orderBody({ quantity: 3 }), shared) })),
      { kind: 'reused-key', send: () => create(orderBody({ quantity: 1 }), reused) },
      { kind: 'reused-key', send: () => create(orderBody({ quantity: 1 }, 'de-DE'), reused) },
      ...Array.from({ length: 4 }, (_, i) => ({ kind: 'keyed', send: () => create(orderBody({ quantity: 2 }), `order-${crypto.randomUUID()}-${i}`) })),
    ];
    const answers = await Promise.all(requests.map(async (r) => ({ kind: r.kind, res: await r.send() })));
    const of = (kind: string) => answers.filter((a) => a.kind === kind).map((a) => a.res);

    for (const [i, res] of of('valid').entries()) {
      expect(res.status).toBe(201);
      expect(res.body.order.lineItems[0].quantity).toBe((i % 5) + 1);
      expect(res.body.order.payment).toMatchObject({ status: 'requires-crypto-payer-address', method: 'devnet', currency: 'usdxm' });
    }
    for (const res of of('over-limit')) {
      expect(res.status).toBe(400);
      expect(res.body.error_message).toBe("callData.quantity 6 is above this collection's limit of 5 per order.");
    }
    for (const res of of('over-price')) {
      expect(res.status).toBe(400);
      expect(res.body.error_message).toMatch(/is above its callData\.totalPrice of 1 usdxm\.$/);
    }
    // The same key and request: one order, answered to all three with the same client secret.
    const sharedAnswers = of('shared-key');
    expect(sharedAnswers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(sharedAnswers.map((r) => r.body.order.orderId)).size).toBe(1);
    expect(new Set(sharedAnswers.map((r) => r.body.clientSecret)).size).toBe(1);
    // The same key with another request: whichever came first is created, the other refused.
    expect(
      of('reused-key')
        .map((r) => r.status)
        .sort(),
    ).toEqual([201, 409]);
    expect(of('keyed').map((r) => r.status)).toEqual([201, 201, 201, 201]);

    const created = [...new Set(answers.filter((a) => a.res.status === 201).map((a) => a.res.body.order.orderId as string))];
    expect(created).toHaveLength(12 + 1 + 1 + 4);
    // Each order has its own client secret, its one timeline step and its one webhook message.
    for (const { res } of answers.filter((a) => a.res.status === 201)) {
      const own = await server.request(`/api/2022-06-09/orders/${res.body.order.orderId}`, { headers: { authorization: res.body.clientSecret } });
      expect([own.status, own.body.orderId]).toEqual([200, res.body.order.orderId]);
    }
    const events = await quoteEvents(created);
    expect(events.map((e) => e.orderId).sort()).toEqual([...created].sort());
    const messages = await quoteMessages(created);
    expect(messages.map((m) => m.data.orderId).sort()).toEqual([...created].sort());
  }

  it('quotes with a fee tier changed in the console at once, though the tier is kept in memory', async () => {
    const fees = async () => (await create(orderBody({ quantity: 2 }))).body.order.quote.charges.fees.amount as string;
    await server.services.projects.updateCheckoutSettings(project.projectId, project.ownerUserId, { feePercent: 0 });
    // 0 % of 20 plus the 0.5 USD crypto flat fee.
    expect(await fees()).toBe('0.5');
    expect(await fees()).toBe('0.5');
    await server.services.projects.updateCheckoutSettings(project.projectId, project.ownerUserId, { feePercent: 3 });
    expect(await fees()).toBe('1.1');
  });

  it("quotes a collection's changed payment settings at once, though the deployed collection is kept in memory (ADR 122)", async () => {
    const quoted = async () => (await create(orderBody())).body.order;
    expect((await quoted()).lineItems[0].quote.charges.unit.amount).toBe('10');
    expect((await quoted()).lineItems[0].quote.charges.unit.amount).toBe('10');
    try {
      const patched = await api.call(`/collections/${collectionId}`, { method: 'PATCH', body: { payments: { price: '12' } } });
      expect(patched.status).toBe(200);
      expect((await quoted()).lineItems[0].quote.charges.unit.amount).toBe('12');
      // The console's change too (another route into the same service).
      await server.services.collections.consoleUpdate(project.ownerUserId, collectionId, { payments: { enabled: false } });
      expect((await quoted()).quote.status).toBe('item-unavailable');
    } finally {
      const restored = await api.call(`/collections/${collectionId}`, { method: 'PATCH', body: { payments: { price: '10', enabled: true } } });
      expect(restored.status).toBe(200);
    }
    expect((await quoted()).quote.status).toBe('valid');
  });

  it('publishes quotes to an endpoint added after orders were created with none subscribed', async () => {
    const before = (await create(orderBody())).body.order.orderId as string;
    expect(await quoteMessages([before])).toEqual([]);
    await server.services.webhooks.createEndpoint(project.projectId, project.ownerUserId, {
      url: 'https://example.com/hooks/later',
      description: 'later',
      eventTypes: ['orders.quote.created'],
    });
    const after = (await create(orderBody())).body.order.orderId as string;
    expect((await quoteMessages([after])).map((m) => m.data.orderId)).toEqual([after]);
  });
});
