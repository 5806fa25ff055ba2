// Issue 14 item 17: the console's orders and collection dashboard. Orders are made through the Orders API, paid
// through settlement's PaymentSink and delivered by its worker on the devnet (one refund is written as the refund
// sweeper records it). 401 first; list search, filters
// and pages; detail with payments, refunds, fees, net and timeline; stats and CSV; the dashboard's buckets, with
// test money apart; and another project's orders (tenant isolation).
import { randomUUID } from 'node:crypto';
import { orderEvents, orderPayments, orders } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let shop: ProjectWithKeys;
let other: ProjectWithKeys;
let owner: string;
let gold: string;
let silver: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const buyer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ids: Record<'live' | 'test' | 'refunded' | 'unpaid' | 'mixed' | 'foreign', string> = {} as never;
const day = 86_400_000;
const t0 = Date.UTC(2026, 0, 1);

async function sellingCollection(api: ReturnType<typeof developerApi>, name: string) {
  const payments = { price: '10', currency: 'usd', recipientAddress: seller };
  const created = await api.createCollection(collectionBody({ metadata: { ...collectionBody().metadata, name }, payments }));
  await api.settled(created.actionId);
  return created.id;
}

async function order(api: ReturnType<typeof developerApi>, lineItems: unknown, recipient: unknown = { walletAddress: buyer }) {
  const res = await api.call('/orders', {
    method: 'POST',
    body: { recipient, locale: 'en-US', payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer }, lineItems },
  });
  expect(res.status).toBe(201);
  return res.body.order.orderId as string;
}

/** Pays the order's total through settlement (the PaymentSink the payment methods report to), received at `at`. */
async function pay(orderId: string, options: { test: boolean; at: number; units?: string }) {
  const [row] = await server.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  await server.services.settlement.paymentSucceeded({
    orderId,
    method: 'devnet',
    currency: row!.quote.currency,
    decimals: row!.quote.decimals,
    amountUnits: options.units ?? row!.quote.totalUnits,
    reference: `0x${randomUUID().replace(/-/g, '')}:0`,
    payer: buyer,
    test: options.test,
    receivedAt: new Date(options.at),
  });
}

/** Waits until settlement's worker delivered the order (its NFTs minted on the devnet). */
async function delivered(orderId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await server.ctx.db.select({ phase: orders.settledPhase }).from(orders).where(eq(orders.id, orderId));
    if (row?.phase === 'completed') return;
    if (Date.now() > deadline) throw new Error(`order ${orderId} is still in ${row?.phase ?? 'no'} phase`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Records a refund of the order's payment as settlement's refund sweeper does (a real one follows a failed delivery,
 * which settlement.int.test.ts drives; here only the console's reading of it matters).
 */
async function refunded(orderId: string, at: number) {
  const [payment] = await server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const refund = { reference: '0xrefund', amountUnits: payment!.amountUnits, refundedAt: new Date(at).toISOString(), reason: 'delivery failed' };
  await server.ctx.db.update(orderPayments).set({ status: 'refunded', refund }).where(eq(orderPayments.id, payment!.id));
  await server.ctx.db.insert(orderEvents).values({ orderId, projectId: payment!.projectId, type: 'orders.payment.refunded', data: { reference: '0xrefund' } });
}

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  shop = await createProjectWithKeys(server, 'Shop');
  other = await createProjectWithKeys(server, 'Other');
  owner = await server.signIn(shop.ownerEmail);
  const api = developerApi(server, shop.apiKey);
  gold = await sellingCollection(api, 'Gold');
  silver = await sellingCollection(api, 'Silver');
  // Live money, delivered; test money; a refund; unpaid; an order of both collections (Gold 1 NFT, Silver 3).
  ids.live = await order(api, { collectionLocator: `crossmint:${gold}`, callData: { quantity: 2 } });
  await pay(ids.live, { test: false, at: t0 + 2 * day + 3600_000 });
  ids.test = await order(api, { collectionLocator: `keepsake:${gold}`, callData: { quantity: 1 } }, { email: 'Ada.Buyer@example.com' });
  await pay(ids.test, { test: true, at: t0 + 2 * day + 7200_000 });
  ids.refunded = await order(api, { collectionLocator: `crossmint:${gold}`, callData: { quantity: 1 } });
  await pay(ids.refunded, { test: false, at: t0 + 3 * day });
  ids.unpaid = await order(api, { collectionLocator: `crossmint:${silver}`, callData: { quantity: 1 } });
  ids.mixed = await order(api, [
    { collectionLocator: `crossmint:${gold}`, callData: { quantity: 1 } },
    { collectionLocator: `crossmint:${silver}`, callData: { quantity: 3 } },
  ]);
  await pay(ids.mixed, { test: false, at: t0 + 5 * day });
  const otherApi = developerApi(server, other.apiKey);
  const foreignCollection = await sellingCollection(otherApi, 'Foreign');
  ids.foreign = await order(otherApi, { collectionLocator: `crossmint:${foreignCollection}`, callData: { quantity: 1 } });
  await pay(ids.foreign, { test: false, at: t0 + 2 * day });
  for (const id of [ids.live, ids.test, ids.refunded, ids.mixed, ids.foreign]) await delivered(id);
  await refunded(ids.refunded, t0 + 3 * day + 1000);
}, 180_000);
afterAll(() => server?.close());

const someId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const list = async (query: string) => {
  const res = await server.request(`/api/console/orders?projectId=${shop.projectId}&${query}`, { cookie: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { orders: Array<{ orderId: string; phase: string; paymentStatus: string; test: boolean }>; total: number };
};
const idsOf = (page: { orders: Array<{ orderId: string }> }) => page.orders.map((o) => o.orderId).sort();

describe(`console orders (${testDb})`, () => {
  it('answers 401 on every route without a session', async () => {
    for (const path of [
      `/api/console/orders?projectId=${someId}`,
      `/api/console/orders/stats?projectId=${someId}`,
      `/api/console/orders/export?projectId=${someId}`,
      `/api/console/orders/${someId}?projectId=${someId}`,
      `/api/console/collections/${someId}/orders`,
      `/api/console/collections/${someId}/orders/stats`,
      `/api/console/collections/${someId}/orders/export`,
      `/api/console/collections/${someId}/orders/${someId}`,
      `/api/console/collections/${someId}/dashboard/revenue`,
      `/api/console/collections/${someId}/dashboard/sales`,
    ]) {
      expect((await server.request(path)).status, path).toBe(401);
    }
  });

  it("lists the project's orders newest first, with phase, payment status and test money, and pages", async () => {
    const all = await list('perPage=2');
    expect(all.total).toBe(5);
    expect(all.orders.map((o) => o.orderId)).toEqual([ids.mixed, ids.unpaid]);
    const second = await list('perPage=2&page=2');
    expect(second.orders.map((o) => o.orderId)).toEqual([ids.refunded, ids.test]);
    const byId = new Map((await list('perPage=100')).orders.map((o) => [o.orderId, o]));
    expect(byId.get(ids.live)).toMatchObject({ phase: 'completed', paymentStatus: 'succeeded', test: false, quantity: 2, recipient: buyer });
    expect(byId.get(ids.test)).toMatchObject({ phase: 'completed', paymentStatus: 'succeeded', test: true, recipient: 'ada.buyer@example.com' });
    expect(byId.get(ids.refunded)).toMatchObject({ phase: 'completed', paymentStatus: 'refunded', test: false });
    expect(byId.get(ids.unpaid)).toMatchObject({ phase: 'payment', paymentStatus: 'unpaid', received: null });
    expect(byId.get(ids.mixed)).toMatchObject({
      collections: [
        { id: gold, name: 'Gold' },
        { id: silver, name: 'Silver' },
      ],
      quantity: 4,
    });
  });

  it('filters by phase, payment status, test or live money and collection, and searches ids, emails and wallets', async () => {
    expect(idsOf(await list('phase=completed'))).toEqual([ids.live, ids.test, ids.refunded, ids.mixed].sort());
    expect(idsOf(await list('phase=payment'))).toEqual([ids.unpaid]);
    expect(idsOf(await list('phase=delivery'))).toEqual([]);
    expect(idsOf(await list('paymentStatus=refunded'))).toEqual([ids.refunded]);
    expect(idsOf(await list('paymentStatus=unpaid'))).toEqual([ids.unpaid]);
    expect(idsOf(await list('money=test'))).toEqual([ids.test]);
    expect(idsOf(await list('money=live'))).toEqual([ids.live, ids.refunded, ids.mixed].sort());
    expect(idsOf(await list(`collectionId=${silver}`))).toEqual([ids.unpaid, ids.mixed].sort());
    expect(idsOf(await list(`q=${ids.refunded.slice(0, 8)}`))).toEqual([ids.refunded]);
    expect(idsOf(await list('q=ADA.BUYER'))).toEqual([ids.test]);
    expect((await list(`q=${buyer.toLowerCase()}`)).total).toBe(5);
    expect((await list('q=100%25_')).total).toBe(0);
    const bad = await server.request(`/api/console/orders?projectId=${shop.projectId}&phase=shipped`, { cookie: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toMatch(/phase must be one of quote, payment, delivery, completed/);
  });

  it('shows an order: items, payment, fees, net, refunds and the timeline', async () => {
    const res = await server.request(`/api/console/orders/${ids.refunded}?projectId=${shop.projectId}`, { cookie: owner });
    expect(res.status).toBe(200);
    const detail = res.body.order;
    expect(detail).toMatchObject({
      orderId: ids.refunded,
      paymentStatus: 'refunded',
      lineItems: [{ collectionId: gold, collectionName: 'Gold', quantity: 1, unitPrice: { amount: '10', currency: 'usdxm' } }],
      // No fee tier: the 0.5 USD crypto fee, on top for the buyer; the seller keeps the subtotal.
      totals: { subtotal: { amount: '10' }, fees: { amount: '0.5' }, total: { amount: '10.5' }, sellerNet: { amount: '10' }, feesPayer: 'buyer' },
      payments: [
        {
          amount: { amount: '10.5', currency: 'usdxm' },
          status: 'refunded',
          test: false,
          refund: { reference: '0xrefund', amount: '10.5', reason: 'delivery failed' },
        },
      ],
    });
    expect(detail.timeline.map((e: { type: string }) => e.type)).toEqual([
      'orders.quote.created',
      'orders.payment.succeeded',
      'orders.delivery.initiated',
      'orders.delivery.completed',
      'orders.payment.refunded',
    ]);
    const viaCollection = await server.request(`/api/console/collections/${gold}/orders/${ids.refunded}`, { cookie: owner });
    expect(viaCollection.body.order.orderId).toBe(ids.refunded);
    // An order without the collection's NFTs is not one of its orders.
    expect((await server.request(`/api/console/collections/${gold}/orders/${ids.unpaid}`, { cookie: owner })).status).toBe(404);
  });

  it("keeps other projects' orders out of sight", async () => {
    expect((await server.request(`/api/console/orders/${ids.foreign}?projectId=${shop.projectId}`, { cookie: owner })).status).toBe(404);
    expect((await server.request(`/api/console/orders/${ids.foreign}?projectId=${other.projectId}`, { cookie: owner })).status).toBe(404);
    expect((await server.request(`/api/console/orders?projectId=${other.projectId}`, { cookie: owner })).status).toBe(404);
    expect((await server.request(`/api/console/orders/stats?projectId=${other.projectId}`, { cookie: owner })).status).toBe(404);
    expect(idsOf(await list(`q=${ids.foreign}`))).toEqual([]);
    const outsider = await server.signIn(other.ownerEmail);
    for (const path of [
      `/api/console/collections/${gold}/orders`,
      `/api/console/collections/${gold}/dashboard/revenue`,
      `/api/console/collections/${gold}/orders/${ids.live}`,
    ]) {
      expect((await server.request(path, { cookie: outsider })).status, path).toBe(404);
    }
  });

  it('counts orders by phase and sums money per currency, test money apart; a collection gets its share', async () => {
    const project = (await server.request(`/api/console/orders/stats?projectId=${shop.projectId}`, { cookie: owner })).body;
    expect(project).toMatchObject({ orders: 5, phases: { quote: 0, payment: 1, delivery: 0, completed: 4 }, paid: 4, refunded: 1 });
    // Live: 20.5 (live) + 40.5 (mixed) kept, 10.5 refunded; test: 10.5.
    expect(project.revenue).toEqual([
      { currency: 'usdxm', test: false, gross: '61', fees: '1', sellerNet: '60', refunded: '10.5' },
      { currency: 'usdxm', test: true, gross: '10.5', fees: '0.5', sellerNet: '10', refunded: '0' },
    ]);
    // Silver: the unpaid order, and 3 of the mixed order's 4 NFTs (30 of its 40 subtotal).
    const silverStats = (await server.request(`/api/console/collections/${silver}/orders/stats`, { cookie: owner })).body;
    expect(silverStats).toMatchObject({ orders: 2, paid: 1, revenue: [{ currency: 'usdxm', test: false, gross: '30.375', fees: '0.375', sellerNet: '30' }] });
  });

  it('exports the filtered orders as CSV', async () => {
    const res = await server.request(`/api/console/orders/export?projectId=${shop.projectId}&money=live`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('orderId,createdAt,phase,paymentStatus,testMoney,recipient,collections,quantity,currency,subtotal,fees,total,sellerNet,received');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(ids.mixed))).toMatch(/,completed,succeeded,no,0x3C44[0-9a-fA-F]+,Gold; Silver,4,usdxm,40,0.5,40.5,40,40.5$/);
    const collectionCsv = await server.request(`/api/console/collections/${silver}/orders/export`, { cookie: owner });
    expect((collectionCsv.body as string).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('buckets the revenue and sales by period, one series per currency, test money apart', async () => {
    const window = `after=${t0}&before=${t0 + 7 * day}&periodInMS=${day}`;
    const revenue = await server.request(`/api/console/collections/${gold}/dashboard/revenue?${window}`, { cookie: owner });
    expect(revenue.status).toBe(200);
    expect(revenue.body).toMatchObject({ after: new Date(t0).toISOString(), before: new Date(t0 + 7 * day).toISOString(), periodInMS: day });
    const amounts = (test: boolean) => revenue.body.series.find((s: { test: boolean }) => s.test === test).points.map((p: { amount: string }) => p.amount);
    // Day 2: the live order (20.5); day 3: refunded, not revenue; day 5: Gold's 10 of the mixed order's 40 → 10.125.
    expect(amounts(false)).toEqual(['0', '0', '20.5', '0', '0', '10.125', '0']);
    expect(amounts(true)).toEqual(['0', '0', '10.5', '0', '0', '0', '0']);
    expect(revenue.body.series[0].points[2].start).toBe(new Date(t0 + 2 * day).toISOString());
    const sales = await server.request(`/api/console/collections/${silver}/dashboard/sales?${window}`, { cookie: owner });
    expect(sales.body.points[5]).toEqual({ start: new Date(t0 + 5 * day).toISOString(), orders: 1, nfts: 3, testOrders: 0, testNfts: 0 });
    const goldSales = await server.request(`/api/console/collections/${gold}/dashboard/sales?${window}`, { cookie: owner });
    expect(goldSales.body.points[2]).toMatchObject({ orders: 1, nfts: 2, testOrders: 1, testNfts: 1 });
    // Defaults: the last 30 days by day.
    const recent = await server.request(`/api/console/collections/${gold}/dashboard/sales`, { cookie: owner });
    expect(recent.body.points).toHaveLength(30);
  });

  it('answers a bad window with a clear 400', async () => {
    for (const [query, message] of [
      [`after=${t0}&before=${t0}`, 'after must be before before'],
      [`after=${t0}&before=${t0 + 1001 * 60_000}&periodInMS=60000`, 'The window holds more than 1000 periods'],
      ['periodInMS=5', 'periodInMS must be at least 60000'],
      ['after=yesterday', 'after must be a time in milliseconds since 1970'],
    ]) {
      const res = await server.request(`/api/console/collections/${gold}/dashboard/revenue?${query}`, { cookie: owner });
      expect(res.status, query).toBe(400);
      expect(res.body.error_message, query).toMatch(message!);
    }
  });

  // Issue 14 item 17: the console's phase is settlement's, so money that does not cover the total (an underpayment)
  // leaves the order awaiting payment in the console as in the Orders API, rather than "delivery" because money came.
  it('keeps a partly paid order awaiting payment, as the Orders API does, and says it is partly paid', async () => {
    const api = developerApi(server, shop.apiKey);
    const partly = await order(api, { collectionLocator: `crossmint:${silver}`, callData: { quantity: 1 } });
    await pay(partly, { test: false, at: t0 + 6 * day, units: '4000000' });
    const viaApi = (await api.call(`/orders/${partly}`)).body;
    // (Its payment.status is the payer's balance check for the rest, covered by crypto-payments.int.test.ts.)
    expect(viaApi).toMatchObject({ phase: 'payment', payment: { received: { amount: '4', currency: 'usdxm' } } });
    const [listed] = (await list(`q=${partly}`)).orders;
    expect(listed).toMatchObject({ orderId: partly, phase: 'payment', paymentStatus: 'partial', received: { amount: '4', currency: 'usdxm' } });
    expect(idsOf(await list('phase=payment'))).toEqual([ids.unpaid, partly].sort());
    expect(idsOf(await list('paymentStatus=partial'))).toEqual([partly]);
    // Not paid yet: not counted among the paid orders.
    const stats = (await server.request(`/api/console/orders/stats?projectId=${shop.projectId}`, { cookie: owner })).body;
    expect(stats).toMatchObject({ orders: 6, phases: { payment: 2 }, paid: 4 });
  });
});
