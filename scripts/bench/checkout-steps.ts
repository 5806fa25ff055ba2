// bench:checkout's steps (scripts/bench/checkout.ts): the seller's stand, then each measured step.
import { randomBytes } from 'node:crypto';
import { collection721Abi } from '@keepsake/chains/abis';
import { getAddress, parseEventLogs, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import type pg from 'pg';
import { consoleSession, operatorProject } from './bench-project.ts';
import { fundedPayer, payAll, payPrepared, type Payer, type WebhookReceiver } from './checkout-chain.ts';
import { measureCpu, type CpuRoles } from './cpu-usage.ts';
import { quantile, runEach, runFor, type Client, type LoadResult } from './load.ts';
import type { ServerProcess } from './server-process.ts';

export const DELIVERED = 'orders.delivery.completed';
const ORDERS_PER_PAYER = 10;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));
export const newAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

type Preparation = { contractAddress: Address; tokenAddress: Address; transactions: Array<{ serializedTransaction: Hex }> };
type Order = { orderId: string; quote: { totalPrice: { amount: string } }; payment: { status: string; preparation?: Preparation } };
export type Creation = LoadResult & { concurrency: number; cores: CpuRoles | undefined; idle: CpuRoles | undefined };
export type Stand = Awaited<ReturnType<typeof setUpSeller>>;

/**
 * The seller: a project, a webhook endpoint (console session) for the delivery events to `receiver`, a collection
 * sold for 1 USDXM (the buyer pays the fees on top), deployed; and a payer with USDXM and gas.
 */
export async function setUpSeller(options: {
  server: ServerProcess;
  db: pg.Client;
  client: Client;
  dataDir: string;
  rpcUrl: string;
  receiver: WebhookReceiver;
}) {
  const { server, client } = options;
  const ownerEmail = 'checkout-bench@bench.example';
  const { projectId, apiKey } = await operatorProject(server.url, options.dataDir, 'Checkout bench', ownerEmail);
  const cookie = await consoleSession(server.url, options.db, ownerEmail);
  const endpoint = await fetch(`${server.url}/api/console/projects/${projectId}/webhooks`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ url: options.receiver.url, description: 'bench:checkout', eventTypes: [DELIVERED, 'orders.delivery.failed'] }),
  });
  if (endpoint.status !== 201) throw new Error(`creating the webhook endpoint answered ${endpoint.status}: ${await endpoint.text()}`);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await client.send({
      method,
      path: `/api/2022-06-09${path}`,
      headers: { 'x-api-key': apiKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  const { id: collectionId } = await api<{ id: string }>('POST', '/collections', {
    chain: 'devnet',
    metadata: { name: 'Checkout bench', description: 'bench:checkout', symbol: 'CKB' },
    payments: { price: '1', currency: 'usdxm', recipientAddress: newAddress(), feesPayer: 'buyer' },
  });
  let collectionContract: Address | undefined;
  while (!collectionContract) {
    const read = await api<{ onChain: { status: string; contractAddress?: Address } }>('GET', `/collections/${collectionId}`);
    if (read.onChain.status === 'success') collectionContract = read.onChain.contractAddress;
    else await sleep(200);
  }
  /** A crypto order in USDXM for one NFT to `recipient`: a valid quote; with a payer, what it signs. */
  const cryptoOrder = (recipient: Address, payerAddress?: Address) => ({
    recipient: { walletAddress: recipient },
    locale: 'en-US',
    payment: { method: 'devnet', currency: 'usdxm', ...(payerAddress ? { payerAddress } : {}) },
    lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1 } },
  });
  const payer = await fundedPayer(server.url, apiKey, options.rpcUrl);
  return { ...options, apiKey, api, collectionContract, cryptoOrder, payer };
}

/** 1. Closed-loop order creation at each concurrency, after a warm-up at it. */
export async function createOrders(stand: Stand, concurrencies: number[], durationMs: number, withPayer: boolean): Promise<Creation[]> {
  const pool = Array.from({ length: 20_000 }, newAddress);
  const next = (i: number) => ({
    method: 'POST',
    path: '/api/2022-06-09/orders',
    headers: { 'x-api-key': stand.apiKey },
    body: JSON.stringify(stand.cryptoOrder(pool[i % pool.length]!, withPayer ? stand.payer.address : undefined)),
  });
  // PostgreSQL's CPU: the backends serving the bench's database, not other people's on a shared machine.
  const backends = async () =>
    (await stand.db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
      (r) => r.pid,
    );
  const runs: Creation[] = [];
  for (const concurrency of concurrencies) {
    await runFor(stand.client, { concurrency, durationMs: 2_000, okStatus: 201, next });
    // What the server and PostgreSQL use with no request (the workers' polling): on a busy machine the rate falls,
    // and this share of the CPU per order grows; "above idle" leaves it out.
    const quiet = measureCpu([stand.server.child.pid!], await backends());
    await sleep(2_000);
    const idle = quiet.stop(await backends());
    const cpu = measureCpu([stand.server.child.pid!], await backends());
    const load = await runFor(stand.client, { concurrency, durationMs, okStatus: 201, next });
    runs.push({ ...load, concurrency, cores: cpu.stop(await backends()), idle });
  }
  return runs;
}

/**
 * 2. One payment at a time: the payer signs the order's preparation (approve, then pay); from sending `pay` (the
 * devnet mines it at once) and from its block's timestamp to the orders.delivery.completed webhook.
 */
export async function timePayments(stand: Stand, count: number) {
  const timed: Array<{ orderId: string; fromSendMs: number; fromBlockMs: number }> = [];
  let addresses: { contract: Address; token: Address } | undefined;
  for (let i = 0; i < count; i++) {
    const { order } = await stand.api<{ order: Order }>('POST', '/orders', stand.cryptoOrder(newAddress(), stand.payer.address));
    const preparation = order.payment.preparation;
    if (!preparation) throw new Error(`order ${order.orderId} has no preparation: ${JSON.stringify(order.payment)}`);
    addresses = { contract: preparation.contractAddress, token: preparation.tokenAddress };
    const { hash, sentAt } = await payPrepared(stand.payer, preparation.transactions);
    const receipt = await stand.payer.wallet.waitForTransactionReceipt({ hash });
    const block = await stand.payer.wallet.getBlock({ blockNumber: receipt.blockNumber });
    const arrived = await stand.receiver.first(DELIVERED, order.orderId, 60_000);
    if (arrived === undefined) throw new Error(`no ${DELIVERED} webhook for order ${order.orderId} within 60 s`);
    timed.push({ orderId: order.orderId, fromSendMs: arrived - sentAt, fromBlockMs: arrived - Number(block.timestamp) * 1000 });
  }
  return { timed, addresses };
}

/**
 * 3. `count` payments sent at once (10 orders per payer), then the truth from the database and the chain: each
 * order completed once, with one payment matched to its transaction, one delivery and one token to its recipient.
 */
export async function settleAtOnce(stand: Stand, count: number, addresses: { contract: Address; token: Address }) {
  const { db, receiver, payer } = stand;
  const payers = await runEach(
    Array.from({ length: Math.ceil(count / ORDERS_PER_PAYER) }, (_, i) => i),
    4,
    (): Promise<Payer> => fundedPayer(stand.server.url, stand.apiKey, stand.rpcUrl),
  );
  const recipients = Array.from({ length: count }, newAddress);
  const created = await runEach(
    recipients,
    16,
    async (recipient) => (await stand.api<{ order: Order }>('POST', '/orders', stand.cryptoOrder(recipient))).order,
  );
  const toPay = created.results.map((order) => ({ orderId: order.orderId, units: parseUnits(order.quote.totalPrice.amount, 6) }));
  const started = Date.now();
  const sent = (
    await Promise.all(
      payers.results.map((p, i) => payAll(p, addresses.contract, addresses.token, toPay.slice(i * ORDERS_PER_PAYER, (i + 1) * ORDERS_PER_PAYER))),
    )
  ).flat();
  const orderIds = sent.map((s) => s.orderId);
  const arrivals = await Promise.all(sent.map(async (s) => ({ ...s, arrived: await receiver.first(DELIVERED, s.orderId, 600_000) })));
  const latencies = arrivals.flatMap((a) => (a.arrived === undefined ? [] : [a.arrived - a.sentAt])).sort((a, b) => a - b);
  const settleMs = Math.max(...arrivals.map((a) => a.arrived ?? Date.now())) - started;
  const mined = await runEach(sent, 16, async (s) => (await payer.wallet.waitForTransactionReceipt({ hash: s.hash })).status === 'success');

  const countOf = async (sql: string) => Number((await db.query<{ n: string }>(sql, [orderIds])).rows[0]!.n);
  const completed = await countOf("select count(*) n from orders where id = any($1) and settled_phase = 'completed'");
  const oneDelivery = await countOf(
    "select count(*) n from orders where id = any($1) and jsonb_array_length(deliveries) = 1 and deliveries->0->>'status' = 'completed' and jsonb_array_length(deliveries->0->'tokens') = 1",
  );
  const completedEvents = await countOf(`select count(*) n from order_events where order_id = any($1) and type = '${DELIVERED}'`);
  const { rows: payments } = await db.query<{ order_id: string; reference: string }>(
    'select order_id, reference from order_payments where order_id = any($1)',
    [orderIds],
  );
  // Where the time goes: when half of the orders, and the last, reached each step of the timeline (after the sends began).
  const { rows: steps } = await db.query<{ type: string; half: number; last: number }>(
    `select type, percentile_disc(0.5) within group (order by extract(epoch from created_at) * 1000) - $2 as half,
            max(extract(epoch from created_at) * 1000) - $2 as last
       from order_events where order_id = any($1) and type in ('orders.payment.succeeded', 'orders.delivery.initiated', '${DELIVERED}')
      group by type order by 3`,
    [orderIds, started],
  );
  const references = new Map<string, string[]>();
  for (const p of payments) references.set(p.order_id, [...(references.get(p.order_id) ?? []), p.reference]);
  // Matched: the order's one payment is the transaction sent for it.
  const matched = sent.filter((s) => {
    const refs = references.get(s.orderId) ?? [];
    return refs.length === 1 && refs[0]!.split(':')[0]!.toLowerCase() === s.hash.toLowerCase();
  }).length;
  const logs = await payer.wallet.getLogs({ address: stand.collectionContract, fromBlock: 0n, toBlock: 'latest' });
  const tokensTo = new Map<string, number>();
  for (const log of parseEventLogs({ abi: collection721Abi, logs, eventName: 'Transfer' })) {
    if (log.args.from === zeroAddress) tokensTo.set(getAddress(log.args.to), (tokensTo.get(getAddress(log.args.to)) ?? 0) + 1);
  }
  const figures = {
    orders: count,
    payers: payers.results.length,
    paymentsMined: mined.results.filter(Boolean).length,
    ordersCompleted: completed,
    ordersWithOneCompletedDelivery: oneDelivery,
    paymentsRecorded: payments.length,
    ordersWithMoreThanOnePayment: [...references.values()].filter((refs) => refs.length > 1).length,
    paymentsMatchedToTheirTransaction: matched,
    deliveryCompletedEvents: completedEvents,
    recipientsWithOneToken: recipients.filter((r) => tokensTo.get(r) === 1).length,
    recipientsWithMoreThanOneToken: recipients.filter((r) => (tokensTo.get(r) ?? 0) > 1).length,
    webhooksReceived: arrivals.filter((a) => a.arrived !== undefined).length,
    webhooksRepeated: orderIds.filter((id) => receiver.count(DELIVERED, id) > 1).length,
  };
  return {
    figures,
    settleSeconds: settleMs / 1000,
    steps: steps.map((step) => ({ type: step.type, halfSeconds: Number(step.half) / 1000, lastSeconds: Number(step.last) / 1000 })),
    sendToWebhookP50Ms: quantile(latencies, 0.5),
    sendToWebhookP99Ms: quantile(latencies, 0.99),
    lost: count - Math.min(completed, oneDelivery, figures.recipientsWithOneToken, figures.webhooksReceived),
    deliveredTwice: figures.ordersWithMoreThanOnePayment + figures.recipientsWithMoreThanOneToken + Math.max(0, completedEvents - completed),
    matched,
  };
}
