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
// JSON with the server's log beside them, and exits 0 whatever the figures. Each creation run prints the CPU per order
// of the server, of PostgreSQL (the bench database's backends only) and of this load generator.
// `--quick` (or BENCH_QUICK=1): 3 s per concurrency, 5 timed payments, 50 payments at once. BENCH_SECONDS (default
// 10), BENCH_CONCURRENCY (a list, default 16,32), BENCH_PAYMENTS (20), BENCH_SETTLE (500), BENCH_EXTRA_ENV (JSON,
// the server's environment) and BENCH_CPU_PROF (a directory for the server's V8 CPU profile; profile-top.ts reads
// it) change the run. BENCH_PAYMENTS=0 skips steps 2 and 3, so that a profile ends with step 1.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomFreePort } from '../free-port.ts';
import { withScratchDatabase } from '../scratch-database.ts';
import { startWebhookReceiver } from './checkout-chain.ts';
import { createOrders, DELIVERED, setUpSeller, settleAtOnce, timePayments, type Creation } from './checkout-steps.ts';
import { createClient, quantile } from './load.ts';
import { startKeepsake } from './server-process.ts';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? (quick ? '16' : '16,32')).split(',').map(Number);
if (CONCURRENCIES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('BENCH_CONCURRENCY is a comma-separated list of whole numbers, e.g. 16,32');
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10)) * 1000;
const TIMED_PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? (quick ? 5 : 20));
const SETTLE = TIMED_PAYMENTS > 0 ? Number(process.env.BENCH_SETTLE ?? (quick ? 50 : 500)) : 0;
const outFile = process.env.BENCH_OUT ?? join(tmpdir(), `keepsake-bench-checkout-${Date.now()}.json`);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
type Row = { what: string; measured: string; budget: string; pass: boolean };

function printCreation(name: string, runs: Creation[]) {
  for (const r of runs) {
    const cores = r.cores
      ? `; cores: server ${r.cores.server}, PostgreSQL ${r.cores.postgres}, anvil ${r.cores.anvil}, load generator ${r.cores.loadGenerator}${r.idle ? ` (idle: server ${r.idle.server}, PostgreSQL ${r.idle.postgres})` : ''}`
      : '';
    // CPU per order by role: steadier than orders/s on a machine whose cores are shared (Linux only).
    // "Above idle" leaves out what they use with no request (the workers' polling), a larger share when the rate falls.
    const per = (c: number) => `${((c * 1000) / r.perSecond).toFixed(2)} ms`;
    const aboveIdle = (role: 'server' | 'postgres') => (r.idle ? ` (${per(Math.max(0, r.cores![role] - r.idle[role]))} above idle)` : '');
    const cpu = r.cores
      ? `; CPU per order: server ${per(r.cores.server)}${aboveIdle('server')}, of it ${per(r.cores.serverSystem)} in the kernel; PostgreSQL ${per(r.cores.postgres)}${aboveIdle('postgres')}; load generator ${per(r.cores.loadGenerator)}`
      : '';
    console.log(
      `  ${name}, ${r.concurrency} clients: ${Math.round(r.perSecond)} orders/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}, ${r.errors} errors${cpu}${cores}`,
    );
  }
}

function printTable(rows: Row[]) {
  const width = (pick: (r: Row) => string, title: string) => Math.max(title.length, ...rows.map((r) => pick(r).length));
  const [w1, w2, w3] = [width((r) => r.what, 'figure'), width((r) => r.measured, 'measured'), width((r) => r.budget, 'budget')];
  console.log(`\n  ${'figure'.padEnd(w1)}  ${'measured'.padEnd(w2)}  ${'budget'.padEnd(w3)}  result`);
  for (const r of rows) console.log(`  ${r.what.padEnd(w1)}  ${r.measured.padEnd(w2)}  ${r.budget.padEnd(w3)}  ${r.pass ? 'PASS' : 'FAIL'}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-checkout-'));
const receiver = await startWebhookReceiver();
try {
  await withScratchDatabase(async (databaseUrl) => {
    const devnetPort = await randomFreePort();
    const server = await startKeepsake({
      KEEPSAKE_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      KEEPSAKE_DEVNET_PORT: String(devnetPort),
      RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
      ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
      ...(process.env.BENCH_EXTRA_ENV ? (JSON.parse(process.env.BENCH_EXTRA_ENV) as Record<string, string>) : {}),
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const client = createClient(server.url, Math.max(16, ...CONCURRENCIES));
    try {
      const stand = await setUpSeller({ server, db, client, dataDir, rpcUrl: `http://127.0.0.1:${devnetPort}`, receiver });
      // With a payer first, so that a profile (BENCH_PAYMENTS=0) ends with the creation the budget is about.
      const withPayer = await createOrders(stand, CONCURRENCIES.slice(0, 1), Math.min(DURATION_MS, 5_000), true);
      const creation = await createOrders(stand, CONCURRENCIES, DURATION_MS, false);
      const payments = TIMED_PAYMENTS > 0 ? await timePayments(stand, TIMED_PAYMENTS) : undefined;
      const settle = payments?.addresses && SETTLE > 0 ? await settleAtOnce(stand, SETTLE, payments.addresses) : undefined;

      const loadAverage = loadavg()[0] ?? 0;
      console.log(`Checkout on PostgreSQL and the devnet (load average ${loadAverage.toFixed(1)}${quick ? '; --quick: small counts' : ''})`);
      printCreation('order creation (valid quote, crypto, no payer)', creation);
      printCreation('order creation with payerAddress (reads the chain)', withPayer);
      const byRate = [...creation].sort((a, b) => b.perSecond - a.perSecond);
      const top = byRate.find((r) => r.perSecond >= 1_000 && r.p99 < 50 && r.errors === 0) ?? byRate.find((r) => r.p99 < 50) ?? byRate[0]!;
      const rows: Row[] = [
        {
          what: 'order creation rate',
          measured: `${Math.round(top.perSecond)}/s (${top.concurrency} clients)`,
          budget: '≥ 1,000/s',
          pass: top.perSecond >= 1_000 && top.errors === 0,
        },
        { what: 'order creation p99', measured: ms(top.p99), budget: '< 50 ms', pass: top.p99 < 50 },
      ];
      if (payments) {
        const fromSend = payments.timed.map((t) => t.fromSendMs).sort((a, b) => a - b);
        const fromBlock = payments.timed.map((t) => t.fromBlockMs).sort((a, b) => a - b);
        console.log(
          `  payment sent → ${DELIVERED} webhook (${fromSend.length} payments one at a time): p50 ${seconds(quantile(fromSend, 0.5))}, p99 ${seconds(quantile(fromSend, 0.99))}, max ${seconds(fromSend.at(-1)!)}; from the block's timestamp (whole seconds): p50 ${seconds(quantile(fromBlock, 0.5))}`,
        );
        rows.push({ what: `payment → ${DELIVERED} p50`, measured: seconds(quantile(fromSend, 0.5)), budget: '≤ 3 s', pass: quantile(fromSend, 0.5) <= 3_000 });
      }
      if (settle) {
        console.log(
          `  ${SETTLE} payments at once (${settle.figures.payers} payers): all webhooks in ${settle.settleSeconds.toFixed(1)} s; payment sent → webhook p50 ${seconds(settle.sendToWebhookP50Ms)}, p99 ${seconds(settle.sendToWebhookP99Ms)}`,
        );
        for (const step of settle.steps) {
          console.log(`    ${step.type}: half of the orders by ${step.halfSeconds.toFixed(1)} s, the last by ${step.lastSeconds.toFixed(1)} s`);
        }
        for (const [key, value] of Object.entries(settle.figures)) console.log(`    ${key}: ${value}`);
        rows.push(
          { what: `${SETTLE} payments at once: lost`, measured: String(settle.lost), budget: '0', pass: settle.lost === 0 },
          { what: `${SETTLE} payments at once: delivered twice`, measured: String(settle.deliveredTwice), budget: '0', pass: settle.deliveredTwice === 0 },
          {
            what: `${SETTLE} payments at once: matched`,
            measured: `${settle.matched}/${SETTLE}`,
            budget: `${SETTLE}/${SETTLE}`,
            pass: settle.matched === SETTLE,
          },
        );
      }
      printTable(rows);
      writeFileSync(outFile, JSON.stringify({ database: 'postgresql', quick, loadAverage, creation, withPayer, payments, settle, budgets: rows }, null, 2));
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
