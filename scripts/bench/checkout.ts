// `npm run bench:checkout`: checkout (issue 14 item 19) on PostgreSQL and the embedded devnet, against a real
// server process (npm start: API and workers in one process) with the product's defaults for the crypto watcher
// (CHECKOUT_WATCH_INTERVAL_MS 500, 1 confirmation on a local chain), minting and webhooks.
//   1. Order creation: POST /api/2022-06-09/orders (a crypto order in USDXM to a wallet: a valid quote) from
//      closed-loop clients; orders/s and p50/p99 (budget ≥ 1,000 requests/s at p99 < 50 ms). The same with a
//      payerAddress (the order then reads the payer's balances, nonce and gas from the chain) is printed beside it.
//   2. One payment at a time: a payer (a viem account) signs the order's payment.preparation, and the time from
//      sending the `pay` transaction (the devnet mines it at once) to the orders.delivery.completed webhook reaching
//      a receiver in this process (budget p50 ≤ 3 s). The block's timestamp is printed beside it.
//   3. 500 payments sent at once (50 payers, 10 orders each): every order completed once, one payment recorded
//      and matched to its transaction, one delivery and one token on chain per order, read from the database and
//      the chain (budget: none lost, none delivered twice, every payment matched).
// The load generator, payers, PostgreSQL and anvil share the machine's cores with the server; the figures include
// that. Like the other benches it prints the figures against the budgets (and a PASS/FAIL table), writes them as
// JSON with the server's log beside them, and exits 0 whatever the figures.
// `--quick` (or BENCH_QUICK=1): 3 s per concurrency, 5 timed payments, 50 payments at once. BENCH_SECONDS (default
// 10), BENCH_CONCURRENCY (a list, default 16,32), BENCH_PAYMENTS (20), BENCH_SETTLE (500) and BENCH_EXTRA_ENV
// (JSON, the server's environment) change the run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { collection721Abi } from '@keepsake/chains/abis';
import { getAddress, parseEventLogs, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import pg from 'pg';
import { randomFreePort } from '../free-port.ts';
import { withScratchDatabase } from '../scratch-database.ts';
import { consoleSession, operatorProject } from './bench-project.ts';
import { fundedPayer, payAll, payPrepared, startWebhookReceiver, type Payer } from './checkout-chain.ts';
import { measureCpu, type CpuRoles } from './cpu-usage.ts';
import { createClient, quantile, runEach, runFor, type Client, type LoadResult } from './load.ts';
import { startKeepsake } from './server-process.ts';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? (quick ? '16' : '16,32')).split(',').map(Number);
if (CONCURRENCIES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('BENCH_CONCURRENCY is a comma-separated list of whole numbers, e.g. 16,32');
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10)) * 1000;
const TIMED_PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? (quick ? 5 : 20));
const SETTLE = Number(process.env.BENCH_SETTLE ?? (quick ? 50 : 500));
const ORDERS_PER_PAYER = 10;
const DELIVERED = 'orders.delivery.completed';
const outFile = process.env.BENCH_OUT ?? join(tmpdir(), `keepsake-bench-checkout-${Date.now()}.json`);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));
const newAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

type Creation = LoadResult & { concurrency: number; cores: CpuRoles | undefined };
type Row = { what: string; measured: string; budget: string; pass: boolean };

/** Closed-loop order creation at each concurrency, after a warm-up. */
async function createOrders(client: Client, server: { child: { pid?: number } }, body: (i: number) => unknown, apiKey: string, durationMs: number) {
  const next = (i: number) => ({ method: 'POST', path: '/api/2022-06-09/orders', headers: { 'x-api-key': apiKey }, body: JSON.stringify(body(i)) });
  const runs: Creation[] = [];
  for (const concurrency of CONCURRENCIES) {
    await runFor(client, { concurrency, durationMs: 2_000, okStatus: 201, next }); // warm-up, and settles in at this load
    const cpu = measureCpu([server.child.pid!]);
    const load = await runFor(client, { concurrency, durationMs, okStatus: 201, next });
    runs.push({ ...load, concurrency, cores: cpu.stop() });
  }
  return runs;
}

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-checkout-'));
const receiver = await startWebhookReceiver();
try {
  await withScratchDatabase(async (databaseUrl) => {
    const devnetPort = await randomFreePort();
    const rpcUrl = `http://127.0.0.1:${devnetPort}`;
    const server = await startKeepsake({
      KEEPSAKE_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      KEEPSAKE_DEVNET_PORT: String(devnetPort),
      RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
      ...(process.env.BENCH_EXTRA_ENV ? (JSON.parse(process.env.BENCH_EXTRA_ENV) as Record<string, string>) : {}),
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const client = createClient(server.url, Math.max(...CONCURRENCIES));
    try {
      // The seller: a project, a webhook endpoint for the delivery events, a collection sold for 1 USDXM.
      const ownerEmail = 'checkout-bench@bench.example';
      const { projectId, apiKey } = await operatorProject(server.url, dataDir, 'Checkout bench', ownerEmail);
      const cookie = await consoleSession(server.url, db, ownerEmail);
      const endpoint = await fetch(`${server.url}/api/console/projects/${projectId}/webhooks`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, description: 'bench:checkout', eventTypes: [DELIVERED, 'orders.delivery.failed'] }),
      });
      if (endpoint.status !== 201) throw new Error(`creating the webhook endpoint answered ${endpoint.status}: ${await endpoint.text()}`);
      const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
        const res = await client.send({ method, path: `/api/2022-06-09${path}`, headers: { 'x-api-key': apiKey }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
        return JSON.parse(res.body) as T;
      };
      const seller = newAddress();
      const { id: collectionId } = await api<{ id: string }>('POST', '/collections', {
        chain: 'devnet',
        metadata: { name: 'Checkout bench', description: 'bench:checkout', symbol: 'CKB' },
        payments: { price: '1', currency: 'usdxm', recipientAddress: seller, feesPayer: 'buyer' },
      });
      let contract: Address | undefined;
      while (!contract) {
        const read = await api<{ onChain: { status: string; contractAddress?: Address } }>('GET', `/collections/${collectionId}`);
        if (read.onChain.status === 'success') contract = read.onChain.contractAddress;
        else await sleep(200);
      }
      const lineItems = { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1 } };
      const cryptoOrder = (recipient: Address, payerAddress?: Address) => ({
        recipient: { walletAddress: recipient },
        locale: 'en-US',
        payment: { method: 'devnet', currency: 'usdxm', ...(payerAddress ? { payerAddress } : {}) },
        lineItems,
      });
      type Order = { orderId: string; quote: { status: string; totalPrice: { amount: string } }; payment: { status: string; preparation?: Preparation } };
      type Preparation = { contractAddress: Address; tokenAddress: Address; amount: { units: string }; transactions: Array<{ serializedTransaction: Hex }> };
      const payer = await fundedPayer(server.url, apiKey, rpcUrl);

      // 1. Order creation.
      const pool = Array.from({ length: 20_000 }, newAddress);
      const creation = await createOrders(client, server, (i) => cryptoOrder(pool[i % pool.length]!), apiKey, DURATION_MS);
      const withPayer = await createOrders(client, server, (i) => cryptoOrder(pool[i % pool.length]!, payer.address), apiKey, Math.min(DURATION_MS, 5_000));
      const withinBudget = (r: Creation) => r.perSecond >= 1_000 && r.p99 < 50 && r.errors === 0;
      const best = (runs: Creation[]) =>
        [...runs].sort((a, b) => b.perSecond - a.perSecond).find(withinBudget) ?? [...runs].sort((a, b) => b.perSecond - a.perSecond)[0]!;

      // 2. Payment included → orders.delivery.completed, one payment at a time.
      const timed: Array<{ orderId: string; fromSendMs: number; fromBlockMs: number }> = [];
      let addresses: { contract: Address; token: Address } | undefined;
      for (let i = 0; i < TIMED_PAYMENTS; i++) {
        const { order } = await api<{ order: Order }>('POST', '/orders', cryptoOrder(newAddress(), payer.address));
        const preparation = order.payment.preparation;
        if (!preparation) throw new Error(`order ${order.orderId} has no preparation: ${JSON.stringify(order.payment)}`);
        addresses = { contract: preparation.contractAddress, token: preparation.tokenAddress };
        const { hash, sentAt } = await payPrepared(payer, preparation.transactions);
        const receipt = await payer.wallet.waitForTransactionReceipt({ hash });
        const block = await payer.wallet.getBlock({ blockNumber: receipt.blockNumber });
        const arrived = await receiver.first(DELIVERED, order.orderId, 60_000);
        if (arrived === undefined) throw new Error(`no ${DELIVERED} webhook for order ${order.orderId} within 60 s`);
        timed.push({ orderId: order.orderId, fromSendMs: arrived - sentAt, fromBlockMs: arrived - Number(block.timestamp) * 1000 });
      }
      const fromSend = timed.map((t) => t.fromSendMs).sort((a, b) => a - b);
      const fromBlock = timed.map((t) => t.fromBlockMs).sort((a, b) => a - b);

      // 3. Many payments at once.
      const payers = await runEach(
        Array.from({ length: Math.ceil(SETTLE / ORDERS_PER_PAYER) }, (_, i) => i),
        4,
        (): Promise<Payer> => fundedPayer(server.url, apiKey, rpcUrl),
      );
      const recipients = Array.from({ length: SETTLE }, newAddress);
      const created = await runEach(recipients, 16, async (recipient) => (await api<{ order: Order }>('POST', '/orders', cryptoOrder(recipient))).order);
      const toPay = created.results.map((order) => ({ orderId: order.orderId, units: parseUnits(order.quote.totalPrice.amount, 6) }));
      const settleStarted = Date.now();
      const sent = (
        await Promise.all(
          payers.results.map((p, i) => payAll(p, addresses!.contract, addresses!.token, toPay.slice(i * ORDERS_PER_PAYER, (i + 1) * ORDERS_PER_PAYER))),
        )
      ).flat();
      const orderIds = sent.map((s) => s.orderId);
      const arrivals = await Promise.all(sent.map(async (s) => ({ ...s, arrived: await receiver.first(DELIVERED, s.orderId, 600_000) })));
      const settleMs = Math.max(...arrivals.map((a) => a.arrived ?? Date.now())) - settleStarted;
      const settleLatency = arrivals.flatMap((a) => (a.arrived === undefined ? [] : [a.arrived - a.sentAt])).sort((a, b) => a - b);
      const mined = await runEach(sent, 16, async (s) => (await payer.wallet.waitForTransactionReceipt({ hash: s.hash })).status === 'success');

      // The truth, from the database and the chain.
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [orderIds])).rows[0]!.n);
      const completed = await count("select count(*) n from orders where id = any($1) and settled_phase = 'completed'");
      const oneDelivery = await count(
        "select count(*) n from orders where id = any($1) and jsonb_array_length(deliveries) = 1 and deliveries->0->>'status' = 'completed' and jsonb_array_length(deliveries->0->'tokens') = 1",
      );
      const payments = (
        await db.query<{ order_id: string; reference: string }>("select order_id, reference from order_payments where order_id = any($1) and status = 'succeeded'", [
          orderIds,
        ])
      ).rows;
      const paymentsPerOrder = new Map<string, string[]>();
      for (const p of payments) paymentsPerOrder.set(p.order_id, [...(paymentsPerOrder.get(p.order_id) ?? []), p.reference]);
      const matched = sent.filter((s) => {
        const refs = paymentsPerOrder.get(s.orderId) ?? [];
        return refs.length === 1 && refs[0]!.split(':')[0]!.toLowerCase() === s.hash.toLowerCase();
      }).length;
      const completedEvents = await count(`select count(*) n from order_events where order_id = any($1) and type = '${DELIVERED}'`);
      const logs = await payer.wallet.getLogs({ address: contract, fromBlock: 0n, toBlock: 'latest' });
      const minted = parseEventLogs({ abi: collection721Abi, logs, eventName: 'Transfer' }).filter((log) => log.args.from === zeroAddress);
      const tokensTo = new Map<string, number>();
      for (const log of minted) tokensTo.set(getAddress(log.args.to), (tokensTo.get(getAddress(log.args.to)) ?? 0) + 1);
      const settle = {
        orders: SETTLE,
        payers: payers.results.length,
        paymentsMined: mined.results.filter(Boolean).length,
        ordersCompleted: completed,
        ordersWithOneCompletedDelivery: oneDelivery,
        paymentsRecorded: payments.length,
        ordersWithMoreThanOnePayment: [...paymentsPerOrder.values()].filter((refs) => refs.length > 1).length,
        paymentsMatchedToTheirTransaction: matched,
        deliveryCompletedEvents: completedEvents,
        recipientsWithOneToken: recipients.filter((r) => tokensTo.get(r) === 1).length,
        recipientsWithMoreThanOneToken: recipients.filter((r) => (tokensTo.get(r) ?? 0) > 1).length,
        webhooksReceived: arrivals.filter((a) => a.arrived !== undefined).length,
        webhooksRepeated: orderIds.filter((id) => receiver.count(DELIVERED, id) > 1).length,
        settleSeconds: settleMs / 1000,
        sendToWebhookP50Ms: quantile(settleLatency, 0.5),
        sendToWebhookP99Ms: quantile(settleLatency, 0.99),
      };
      const lost = SETTLE - Math.min(completed, oneDelivery, settle.recipientsWithOneToken, settle.webhooksReceived);
      const twice = settle.ordersWithMoreThanOnePayment + settle.recipientsWithMoreThanOneToken + (completedEvents - completed);

      // Report.
      const figures = { database: 'postgresql', quick, loadAverage: loadavg()[0] ?? 0, creation, withPayer, timed, settle };
      console.log(`Checkout on PostgreSQL and the devnet (load average ${figures.loadAverage.toFixed(1)}${quick ? '; --quick: small counts' : ''})`);
      for (const [name, runs] of [
        ['order creation (valid quote, crypto, no payer)', creation],
        ['order creation with payerAddress (reads the chain)', withPayer],
      ] as const) {
        for (const r of runs) {
          const cores = r.cores ? `; cores: server ${r.cores.server}, PostgreSQL ${r.cores.postgres}, anvil ${r.cores.anvil}, load generator ${r.cores.loadGenerator}` : '';
          console.log(
            `  ${name}, ${r.concurrency} clients: ${Math.round(r.perSecond)} orders/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}, ${r.errors} errors${cores}`,
          );
        }
      }
      console.log(
        `  payment sent → ${DELIVERED} webhook (${timed.length} payments one at a time): p50 ${seconds(quantile(fromSend, 0.5))}, p99 ${seconds(quantile(fromSend, 0.99))}, max ${seconds(fromSend.at(-1)!)}; from the block's timestamp (whole seconds): p50 ${seconds(quantile(fromBlock, 0.5))}`,
      );
      console.log(
        `  ${SETTLE} payments at once (${settle.payers} payers): all webhooks in ${settle.settleSeconds.toFixed(1)} s; payment sent → webhook p50 ${seconds(settle.sendToWebhookP50Ms)}, p99 ${seconds(settle.sendToWebhookP99Ms)}`,
      );
      for (const [key, value] of Object.entries(settle)) if (!/Seconds|Ms$/.test(key)) console.log(`    ${key}: ${value}`);

      const top = best(creation);
      const rows: Row[] = [
        { what: 'order creation rate', measured: `${Math.round(top.perSecond)}/s (${top.concurrency} clients)`, budget: '≥ 1,000/s', pass: top.perSecond >= 1_000 && top.errors === 0 },
        { what: 'order creation p99', measured: ms(top.p99), budget: '< 50 ms', pass: top.p99 < 50 },
        { what: `payment → ${DELIVERED} p50`, measured: seconds(quantile(fromSend, 0.5)), budget: '≤ 3 s', pass: quantile(fromSend, 0.5) <= 3_000 },
        { what: `${SETTLE} payments at once: lost`, measured: String(lost), budget: '0', pass: lost === 0 },
        { what: `${SETTLE} payments at once: delivered twice`, measured: String(twice), budget: '0', pass: twice === 0 },
        { what: `${SETTLE} payments at once: matched`, measured: `${matched}/${SETTLE}`, budget: `${SETTLE}/${SETTLE}`, pass: matched === SETTLE },
      ];
      const width = (pick: (r: Row) => string, title: string) => Math.max(title.length, ...rows.map((r) => pick(r).length));
      const [w1, w2, w3] = [width((r) => r.what, 'figure'), width((r) => r.measured, 'measured'), width((r) => r.budget, 'budget')];
      console.log(`\n  ${'figure'.padEnd(w1)}  ${'measured'.padEnd(w2)}  ${'budget'.padEnd(w3)}  result`);
      for (const r of rows) console.log(`  ${r.what.padEnd(w1)}  ${r.measured.padEnd(w2)}  ${r.budget.padEnd(w3)}  ${r.pass ? 'PASS' : 'FAIL'}`);
      writeFileSync(outFile, JSON.stringify({ ...figures, budgets: rows }, null, 2));
      console.log(`\n  figures written to ${outFile}`);
      const logFile = outFile.replace(/\.json$/, '') + '-server.log';
      writeFileSync(logFile, server.output());
      console.log(`  server log written to ${logFile}`);
    } finally {
      client.close();
      await db.end();
      await server.stop();
    }
  });
} finally {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
