// Issue 14 items 3–8 (first slice): the Orders API on a real devnet. 401/403 on every route, a quote priced from
// the collection's fiat price into USDXM with the fees, the statuses of item 5, the client secret (its own order
// only), PATCH, the list and its filters, quote expiry and re-quote, idempotent retries and another project's
// orders (tenant isolation).
import { projects } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
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
  server = await startTestServer({ chain: true, env: { ORDER_QUOTE_TTL_SECONDS: '2' } });
  project = await createProjectWithKeys(server, 'Shop');
  api = developerApi(server, project.apiKey);
  const created = await api.createCollection(collectionBody({ payments: { price: '10', currency: 'usd', recipientAddress: seller, quantityLimit: 5 } }));
  await api.settled(created.actionId);
  collectionId = created.id;
  await server.ctx.db.update(projects).set({ checkoutFeePercent: 3 }).where(eq(projects.id, project.projectId));
});
afterAll(async () => {
  await server?.close();
});

const someId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const orderBody = (overrides: Record<string, unknown> = {}) => ({
  recipient: { walletAddress: buyer },
  locale: 'en-US',
  payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer },
  lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 2 } },
  ...overrides,
});
const routes = (): Array<[string, string, unknown?]> => [
  ['POST', '/orders', orderBody()],
  ['GET', '/orders'],
  ['GET', `/orders/${someId}`],
  ['PATCH', `/orders/${someId}`, { locale: 'fr-FR' }],
];

describe(`orders API (${testDb})`, () => {
  it('answers 401 on every route without credentials, and 403 without the scope', async () => {
    const collectionsOnly = developerApi(server, await project.keyWith(['collections.read']));
    for (const [method, path, body] of routes()) {
      const none = await server.request(`/api/2022-06-09${path}`, { method, body });
      expect(none.status, `${method} ${path}`).toBe(401);
      const denied = await collectionsOnly.call(path, { method, body });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.body.error_message).toMatch(/orders\.(create|read|update)/);
    }
  });

  it('creates an order whose quote converts the price to USDXM and adds the fees the buyer pays', async () => {
    const res = await api.call('/orders', { method: 'POST', body: orderBody() });
    expect(res.status).toBe(201);
    expect(res.body.clientSecret).toMatch(/^ord_cs_[0-9a-f]{64}$/);
    const order = res.body.order;
    expect(order).toMatchObject({
      phase: 'payment',
      locale: 'en-US',
      lineItems: [
        {
          chain: 'devnet',
          quantity: 2,
          callData: { quantity: 2 },
          metadata: { name: 'Gold Tickets', collection: { name: 'Gold Tickets' } },
          quote: { status: 'valid', charges: { unit: { amount: '10', currency: 'usdxm' } }, totalPrice: { amount: '20', currency: 'usdxm' } },
          delivery: { status: 'awaiting-payment', recipient: { locator: `devnet:${buyer}`, walletAddress: buyer }, tokens: [] },
        },
      ],
      // 3 % of 20 plus the 0.5 USD crypto flat fee, on top for the buyer.
      quote: { status: 'valid', totalPrice: { amount: '21.1', currency: 'usdxm' }, charges: { fees: { amount: '1.1' }, feesPayer: 'buyer' }, devRates: true },
      // The payer holds no USDXM on this fresh devnet: the balance is checked up front (ADR 106).
      payment: { status: 'crypto-payer-insufficient-funds', method: 'devnet', currency: 'usdxm', payerAddress: buyer },
    });
    expect(Date.parse(order.quote.expiresAt) - Date.parse(order.quote.quotedAt)).toBe(2000);
  });

  it('gives the statuses of item 5 for a missing recipient, payer address or email', async () => {
    const noRecipient = await api.call('/orders', { method: 'POST', body: orderBody({ recipient: undefined }) });
    expect(noRecipient.body.order).toMatchObject({ phase: 'quote', quote: { status: 'requires-recipient' }, payment: { status: 'requires-quote' } });
    const noPayer = await api.call('/orders', { method: 'POST', body: orderBody({ payment: { method: 'devnet', currency: 'usdxm' } }) });
    expect(noPayer.body.order.payment.status).toBe('requires-crypto-payer-address');
    const card = await api.call('/orders', { method: 'POST', body: orderBody({ payment: { method: 'card', currency: 'jpy' } }) });
    expect(card.status).toBe(201);
    expect(card.body.order).toMatchObject({ payment: { status: 'requires-email' }, quote: { totalPrice: { currency: 'jpy' } } });
    // ¥: 10 USD at 153.2 is 1532 per NFT, no decimals, 3 % on top and no crypto flat fee.
    expect(card.body.order.lineItems[0].quote.charges.unit.amount).toBe('1532');
    expect(card.body.order.quote.totalPrice.amount).toBe('3156');
  });

  it('refuses orders the collection or the method does not allow, with clear messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 6 } } },
        "callData.quantity 6 is above this collection's limit of 5 per order.",
      ],
      [{ lineItems: { collectionLocator: `keepsake:${someId}`, callData: { quantity: 1 } } }, `Collection ${someId} not found.`],
      [
        { lineItems: { collectionLocator: `opensea:${collectionId}` } },
        'collectionLocator must be crossmint:<collectionId>[:<templateId>] or keepsake:<collectionId>[:<templateId>]',
      ],
      [
        { lineItems: { collectionLocator: `keepsake:${collectionId}:${someId}` } },
        'This collection does not sell its templates directly (allowDirectTemplateMinting is off).',
      ],
      [{ payment: { method: 'card', currency: 'usdxm' } }, 'A card pays in a fiat currency (usd, eur, …), not usdxm.'],
      [{ payment: { method: 'base', currency: 'usdc' } }, 'payment.method base is neither card nor a chain this server is connected to.'],
      [{ payment: { method: 'devnet', currency: 'doge' } }, 'currency doge is not a token of the devnet chain.'],
      [
        { lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1, totalPrice: '5' } } },
        'is above its callData.totalPrice of 5 usdxm',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await api.call('/orders', { method: 'POST', body: orderBody(overrides) });
      expect(res.status, message).toBe(400);
      expect(res.body.error_message).toContain(message);
    }
  });

  it('marks a collection that stopped selling as item-unavailable', async () => {
    const off = await api.createCollection(collectionBody({ payments: { price: '1', currency: 'usd', recipientAddress: seller, enabled: false } }));
    const res = await api.call('/orders', { method: 'POST', body: orderBody({ lineItems: [{ collectionLocator: `keepsake:${off.id}` }] }) });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ phase: 'quote', quote: { status: 'item-unavailable' }, lineItems: [{ quote: { status: 'item-unavailable' } }] });
  });

  it('lets the client secret read and patch its own order only, and never lineItems', async () => {
    const first = (await api.call('/orders', { method: 'POST', body: orderBody({ recipient: undefined }) })).body;
    const second = (await api.call('/orders', { method: 'POST', body: orderBody() })).body;
    const asClient = (path: string, init: { method?: string; body?: unknown } = {}, secret = first.clientSecret as string) =>
      server.request(`/api/2022-06-09${path}`, { ...init, headers: { authorization: secret } });
    expect((await asClient(`/orders/${first.order.orderId}`)).body.orderId).toBe(first.order.orderId);
    expect((await asClient(`/orders/${second.order.orderId}`)).status).toBe(404);
    expect((await asClient('/orders')).status).toBe(401);
    expect((await asClient(`/orders/${first.order.orderId}`, {}, 'ord_cs_wrong')).status).toBe(404);
    const patched = await asClient(`/orders/${first.order.orderId}`, {
      method: 'PATCH',
      body: { recipient: { email: 'Buyer@Example.com' }, locale: 'fr-FR', payment: { receiptEmail: 'receipts@example.com' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      phase: 'payment',
      locale: 'fr-FR',
      quote: { status: 'valid' },
      payment: { receiptEmail: 'receipts@example.com' },
      lineItems: [{ delivery: { recipient: { locator: 'email:buyer@example.com:devnet', email: 'buyer@example.com' } } }],
    });
    const lineItems = await asClient(`/orders/${first.order.orderId}`, { method: 'PATCH', body: { lineItems: [] } });
    expect(lineItems.status).toBe(400);
    expect(lineItems.body.error_message).toContain('lineItems cannot change; create a new order instead');
    expect((await asClient(`/orders/${second.order.orderId}`, { method: 'PATCH', body: { locale: 'de-DE' } })).status).toBe(404);
  });

  it('expires the quote back to the quote phase, and a PATCH prices it again', async () => {
    const created = (await api.call('/orders', { method: 'POST', body: orderBody() })).body.order;
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = (await api.call(`/orders/${created.orderId}`)).body;
    expect(expired).toMatchObject({ phase: 'quote', quote: { status: 'expired' }, payment: { status: 'requires-quote' } });
    const listed = await api.call(`/orders?phase=quote&collectionId=${collectionId}&perPage=100`);
    expect(listed.body.results.map((o: { orderId: string }) => o.orderId)).toContain(created.orderId);
    const requoted = (await api.call(`/orders/${created.orderId}`, { method: 'PATCH', body: { locale: 'en-GB' } })).body;
    expect(requoted).toMatchObject({ phase: 'payment', quote: { status: 'valid' } });
    expect(Date.parse(requoted.quote.quotedAt)).toBeGreaterThan(Date.parse(created.quote.quotedAt));
  });

  it('lists newest first with pagination and filters', async () => {
    const page = await api.call('/orders?perPage=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, perPage: 2 });
    expect(page.body.results).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const none = await api.call(`/orders?collectionId=${someId}`);
    expect(none.body).toMatchObject({ results: [], total: 0 });
    expect((await api.call('/orders?phase=completed')).body.total).toBe(0);
    expect((await api.call('/orders?phase=shipped')).status).toBe(400);
  });

  it('answers an idempotent retry with the same order and client secret', async () => {
    const headers = { 'x-idempotency-key': `order-${crypto.randomUUID()}` };
    const first = await api.call('/orders', { method: 'POST', body: orderBody(), headers });
    const again = await api.call('/orders', { method: 'POST', body: orderBody(), headers });
    expect(again.status).toBe(201);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(again.body.order.orderId).toBe(first.body.order.orderId);
    const other = await api.call('/orders', { method: 'POST', body: orderBody({ locale: 'de-DE' }), headers });
    expect(other.status).toBe(409);
  });

  it("keeps projects apart: another project's key sees none of these orders and cannot buy this collection", async () => {
    const mine = (await api.call('/orders', { method: 'POST', body: orderBody() })).body.order;
    const other = developerApi(server, (await createProjectWithKeys(server, 'Other shop')).apiKey);
    expect((await other.call(`/orders/${mine.orderId}`)).status).toBe(404);
    expect((await other.call(`/orders/${mine.orderId}`, { method: 'PATCH', body: { locale: 'de-DE' } })).status).toBe(404);
    expect((await other.call('/orders')).body).toMatchObject({ results: [], total: 0 });
    const steal = await other.call('/orders', { method: 'POST', body: orderBody() });
    expect(steal.status).toBe(400);
    expect(steal.body.error_message).toBe(`Collection ${collectionId} not found.`);
  });
});
