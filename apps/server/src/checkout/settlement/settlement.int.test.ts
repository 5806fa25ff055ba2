// Issue 14 items 10, 11, 14, 15 on a real devnet, SMTP sink and webhook receiver (ADR 105): a card order paid with
// the test processor's cards is delivered by the minting pipeline to the email recipient's custodial wallet once,
// with the timeline, the order webhooks and the receipt; a replayed payment changes nothing; declines, the
// confirmation step and retries; a failed delivery is refunded through the processor.
import { orderEvents, orderPayments } from '@keepsake/db/schema';
import { webhookEventTypes } from '@keepsake/wire/console/webhooks';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { eventually, verifiedPayload, webhookClient } from '../../testing/webhooks.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let receiver: WebhookReceiver;
let hookSecret: string;
let collectionId: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const orderEventTypes = webhookEventTypes.filter((type) => type.startsWith('orders.'));
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2040, cvc: '123' } });

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { WEBHOOK_RELAY_INTERVAL_MS: '100' } });
  project = await createProjectWithKeys(server, 'Card shop');
  api = developerApi(server, project.apiKey);
  receiver = await startWebhookReceiver();
  const hooks = webhookClient(server, await server.signIn(project.ownerEmail));
  hookSecret = (await hooks.createEndpoint(project.projectId, { url: `${receiver.url}/orders`, eventTypes: orderEventTypes })).secret;
  const created = await api.createCollection(collectionBody({ payments: { price: '10', currency: 'usd', recipientAddress: seller } }));
  await api.settled(created.actionId);
  collectionId = created.id;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const cardOrder = async (email: string, lineItems: unknown = { collectionLocator: `crossmint:${collectionId}` }) => {
  const res = await api.call('/orders', { method: 'POST', body: { recipient: { email }, payment: { method: 'card', currency: 'usd' }, lineItems } });
  expect(res.status).toBe(201);
  return res.body as { clientSecret: string; order: Record<string, any> };
};
const pay = (orderId: string, body: unknown, secret?: string) =>
  server.request(`/api/2022-06-09/orders/${orderId}/payment`, {
    method: 'POST',
    body,
    headers: secret ? { authorization: secret } : { 'x-api-key': project.apiKey },
  });
const orderNow = async (orderId: string) => (await api.call(`/orders/${orderId}`)).body as Record<string, any>;
const completed = (orderId: string) =>
  eventually(
    async () => {
      const order = await orderNow(orderId);
      return order.phase === 'completed' ? order : undefined;
    },
    60_000,
    `order ${orderId} completed`,
  );
const hooksFor = (orderId: string) =>
  receiver
    .at('/orders')
    .map((hook) => verifiedPayload(hookSecret, hook))
    .filter((payload) => payload.data.orderId === orderId);
const timeline = async (orderId: string) =>
  (await server.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).map((e) => e.type);

describe(`card orders, delivery and receipts (${testDb})`, () => {
  it('answers 401 without credentials, 400 for bad bodies, and refuses to take a card for a crypto order', async () => {
    const { order } = await cardOrder('nobody@example.com');
    expect((await server.request(`/api/2022-06-09/orders/${order.orderId}/payment`, { method: 'POST', body: card('4242424242424242') })).status).toBe(401);
    const both = await pay(order.orderId, { ...card('4242424242424242'), authentication: 'approve' });
    expect(both.status).toBe(400);
    expect(both.body.error_message).toContain('Send one of card, authentication or paymentMethod');
    const notATestCard = await pay(order.orderId, card('4111111111111111'));
    expect(notATestCard.status).toBe(400);
    expect(notATestCard.body.error_message).toContain('use a test card such as 4242 4242 4242 4242');
    const crypto = await api.call('/orders', {
      method: 'POST',
      body: {
        recipient: { email: 'c@example.com' },
        payment: { method: 'devnet', currency: 'usdxm', payerAddress: seller },
        lineItems: { collectionLocator: `crossmint:${collectionId}` },
      },
    });
    const refused = await pay(crypto.body.order.orderId as string, card('4242424242424242'));
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toBe('This order is paid with usdxm on devnet, not by card.');
  });

  it('pays by test card with the client secret, delivers once to the custodial wallet, and mails the receipt', async () => {
    const email = `buyer.${crypto.randomUUID()}@example.com`;
    const { clientSecret, order } = await cardOrder(email);
    expect(order.payment).toMatchObject({
      status: 'awaiting-payment',
      test: true,
      preparation: { processor: 'test', test: true, label: expect.stringMatching(/test/i), payUrl: `/api/2022-06-09/orders/${order.orderId}/payment` },
    });
    expect(order.payment.preparation.testCards).toContain('4242424242424242');

    const paid = await pay(order.orderId, card('4242 4242 4242 4242'), clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      payment: { status: 'completed', test: true, card: { brand: 'visa', last4: '4242' }, received: { amount: '10', currency: 'usd' } },
    });
    expect(['delivery', 'completed']).toContain(paid.body.phase);
    expect((await pay(order.orderId, card('4242424242424242'), clientSecret)).status).toBe(409);

    const done = await completed(order.orderId);
    const [line] = done.lineItems;
    expect(line.delivery).toMatchObject({
      status: 'completed',
      recipient: { locator: `email:${email}:devnet` },
      tokens: [{ contractAddress: expect.any(String) }],
    });
    const [token] = line.delivery.tokens;
    const nfts = (await api.call(`/collections/${collectionId}/nfts`)).body.results as Array<Record<string, any>>;
    const minted = nfts.filter((nft) => nft.recipient === `email:${email}:devnet`);
    expect(minted).toHaveLength(1);
    expect(minted[0]!.onChain).toMatchObject({ status: 'success', tokenId: token.tokenId, txId: line.delivery.txId });

    // A replayed report of the same payment (a webhook sent twice) records nothing and delivers nothing more.
    const [payment] = await server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.orderId));
    expect(payment).toMatchObject({ method: 'card', amountUnits: '1000', test: true, card: { brand: 'visa', last4: '4242' }, status: 'succeeded' });
    await server.services.settlement.paymentSucceeded({ ...payment!, card: payment!.card!, payer: undefined });
    await server.services.settlementWorker.sweep();
    expect(await server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.orderId))).toHaveLength(1);
    expect((await api.call(`/collections/${collectionId}/nfts`)).body.results.filter((nft: any) => nft.recipient === `email:${email}:devnet`)).toHaveLength(1);

    expect(await timeline(order.orderId)).toEqual([
      'orders.quote.created',
      'orders.payment.succeeded',
      'orders.delivery.initiated',
      'orders.delivery.completed',
      'orders.receipt.sent',
    ]);
    await receiver.waitFor('/orders', 1);
    const hooks = await eventually(async () => {
      const seen = hooksFor(order.orderId);
      return seen.length >= 4 ? seen : undefined;
    });
    // One of each, each with the order object (deliveries run in parallel, so arrival order is not guaranteed).
    expect(hooks.map((h) => h.type).sort()).toEqual([
      'orders.delivery.completed',
      'orders.delivery.initiated',
      'orders.payment.succeeded',
      'orders.quote.created',
    ]);
    expect(hooks.every((h) => h.data.payment.test === true)).toBe(true);
    expect(hooks.find((h) => h.type === 'orders.delivery.completed')!.data).toMatchObject({
      phase: 'completed',
      lineItems: [{ delivery: { status: 'completed', tokens: [{ tokenId: token.tokenId }] } }],
    });

    const [receipt] = server.smtp!.messagesTo(email);
    expect(receipt!.subject).toBe(`[Test payment] Your receipt for order ${order.orderId}`);
    expect(receipt!.text).toContain('Test payment: no real money moved.');
    expect(receipt!.text).toContain(`Delivered: contract ${token.contractAddress}, token ${token.tokenId}`);
    expect(receipt!.text).toContain('Total: 10 USD');
    // The card number never reached the database: only brand and last 4.
    const stored = JSON.stringify(await server.ctx.db.select().from(orderPayments));
    expect(stored).not.toContain('4242424242424242');
  }, 120_000);

  it('answers declines and insufficient funds as payment.failed, takes the confirmation step, and lets the buyer retry', async () => {
    const { order } = await cardOrder(`declined.${crypto.randomUUID()}@example.com`);
    const declined = await pay(order.orderId, card('4000000000000002'));
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      phase: 'payment',
      payment: { status: 'failed', failure: { code: 'card_declined', declineCode: 'generic_decline' } },
    });
    const poor = await pay(order.orderId, card('4000000000009995'));
    expect(poor.body.payment).toMatchObject({ status: 'failed', failure: { declineCode: 'insufficient_funds' } });

    const step = await pay(order.orderId, card('4000002760003184'));
    expect(step.body.payment).toMatchObject({ status: 'in-progress', preparation: { nextAction: { type: 'test_authentication' } } });
    const approved = await pay(order.orderId, { authentication: 'approve' });
    expect(approved.body.payment).toMatchObject({ status: 'completed', card: { last4: '3184' } });
    await completed(order.orderId);

    const failed = await eventually(async () => {
      const seen = hooksFor(order.orderId).filter((h) => h.type === 'orders.payment.failed');
      return seen.length >= 2 ? seen : undefined;
    });
    expect(failed.map((h) => h.data.payment.status)).toEqual(['failed', 'failed']);
    expect(failed.map((h) => h.data.payment.failure.declineCode).sort()).toEqual(['generic_decline', 'insufficient_funds']);
    expect(await timeline(order.orderId)).toEqual(
      expect.arrayContaining(['orders.payment.failed', 'orders.payment.in-progress', 'orders.payment.succeeded', 'orders.delivery.completed']),
    );
  }, 120_000);

  it('refunds the buyer through the processor when delivery fails, and completes the order with that item failed', async () => {
    const limited = await api.createCollection(collectionBody({ supplyLimit: 1, payments: { price: '5', currency: 'usd', recipientAddress: seller } }));
    await api.settled(limited.actionId);
    const first = await api.call(`/collections/${limited.id}/nfts`, {
      method: 'POST',
      body: { recipient: `devnet:${seller}`, metadata: { name: 'The only one' } },
    });
    expect(first.status).toBe(201);
    await eventually(async () => (await api.call(`/collections/${limited.id}/nfts/${first.body.id as string}`)).body.onChain.status === 'success', 30_000);

    const email = `unlucky.${crypto.randomUUID()}@example.com`;
    const { order } = await cardOrder(email, { collectionLocator: `keepsake:${limited.id}` });
    expect((await pay(order.orderId, card('4242424242424242'))).body.payment.status).toBe('completed');
    const done = await completed(order.orderId);
    expect(done.lineItems[0].delivery).toMatchObject({ status: 'failed', tokens: [] });
    const refunded = await eventually(async () => {
      const now = await orderNow(order.orderId);
      return now.payment.refunded ? now : undefined;
    }, 30_000);
    expect(refunded.payment).toMatchObject({ status: 'completed', received: { amount: '5' }, refunded: { amount: '5', currency: 'usd' } });
    const [payment] = await server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.orderId));
    expect(payment).toMatchObject({ status: 'refunded', refund: { amountUnits: '500', reference: expect.stringMatching(/^test_re_/) }, refundDue: null });
    expect(await timeline(order.orderId)).toEqual(expect.arrayContaining(['orders.delivery.failed', 'orders.payment.refund-due', 'orders.payment.refunded']));
    const failedHook = await eventually(async () => hooksFor(order.orderId).find((h) => h.type === 'orders.delivery.failed'));
    expect(failedHook.data).toMatchObject({ phase: 'completed', lineItems: [{ delivery: { status: 'failed' } }] });
    const receipt = await eventually(async () => server.smtp!.messagesTo(email)[0]);
    expect(receipt.text).toContain('Not delivered: refunded');
    expect(receipt.text).toContain('Refunded: 5 USD');
  }, 120_000);

  it('lists paid orders by their settled phase', async () => {
    const completedOrders = (await api.call('/orders?phase=completed')).body;
    expect(completedOrders.total).toBeGreaterThanOrEqual(3);
    expect(completedOrders.results.every((o: any) => o.phase === 'completed')).toBe(true);
    const awaiting = (await api.call('/orders?phase=payment')).body;
    expect(awaiting.results.every((o: any) => o.phase === 'payment' && !o.payment.received)).toBe(true);
  });
});
