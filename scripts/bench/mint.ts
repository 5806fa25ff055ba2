// `npm run bench:mint`: the minting API and pipeline under load, on PostgreSQL and the embedded devnet, against
// a real server process (npm start: API and workers in one process).
//   1. Acceptance: POST /api/2022-06-09/collections/{id}/nfts (one ERC-721 mint each, every recipient a new
//      holder) from closed-loop clients: accepted mints/s and p50/p99 latency (ARCHITECTURE.md budget:
//      ≥ 2,000 requests/s at p99 < 50 ms on 2 cores).
//   2. Settlement of everything accepted: settled NFTs/s, mean NFTs per batch transaction, % of block gas used
//      (budget ≥ 90%), gas per NFT to a new holder (budget ≤ 60k), and p50/p99 request → confirmed.
// The load generator, PostgreSQL and anvil share the machine's cores with the server; the figures include that.
// The figures are printed and written as JSON to the path printed at the end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { randomFreePort } from '../free-port.ts';
import { createClient, quantile, runFor } from './load.ts';
import { startKeepsake } from './server-process.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const adminUrl = process.env.KEEPSAKE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const outFile = process.env.BENCH_OUT ?? join(tmpdir(), `keepsake-bench-mint-${Date.now()}.json`);

async function withScratchDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `ks_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));
/** Fresh addresses, made ahead so that making them is not timed. */
const recipients = (n: number) => Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address);

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-mint-'));
try {
  await withScratchDatabase(async (databaseUrl) => {
    const devnetPort = await randomFreePort();
    const server = await startKeepsake({
      KEEPSAKE_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      KEEPSAKE_DEVNET_PORT: String(devnetPort),
      RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
    });
    const rpcUrl = `http://127.0.0.1:${devnetPort}`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const client = createClient(server.url, CONCURRENCY);
    try {
      const secret = readFileSync(join(dataDir, 'operator.secret'), 'utf8').trim();
      const project = (await (
        await fetch(`${server.url}/api/operator/projects`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ownerEmail: 'bench@bench.example', name: 'Mint bench' }),
        })
      ).json()) as { apiKey: string };
      const headers = { 'x-api-key': project.apiKey };
      const collection = await client.send({
        method: 'POST',
        path: '/api/2022-06-09/collections',
        headers,
        body: JSON.stringify({ chain: 'devnet', metadata: { name: 'Bench', description: 'Mint bench', symbol: 'BNCH' } }),
      });
      const collectionId = (JSON.parse(collection.body) as { id: string }).id;
      for (;;) {
        const res = await client.send({ method: 'GET', path: `/api/2022-06-09/collections/${collectionId}`, headers });
        if ((JSON.parse(res.body) as { onChain: { status: string } }).onChain.status === 'success') break;
        await sleep(200);
      }

      const pool = recipients(Math.max(50_000, Math.ceil((DURATION_MS / 1000) * 4_000)));
      const mint = (i: number) => ({
        method: 'POST',
        path: `/api/2022-06-09/collections/${collectionId}/nfts`,
        headers,
        body: JSON.stringify({
          recipient: `devnet:${pool[i % pool.length]}`,
          metadata: { name: `Bench #${i}`, image: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.png' },
        }),
      });
      let issued = 0;
      const next = () => mint(issued++);
      await runFor(client, { concurrency: CONCURRENCY, durationMs: 2_000, okStatus: 201, next }); // warm-up
      const acceptStarted = Date.now();
      const load = await runFor(client, { concurrency: CONCURRENCY, durationMs: DURATION_MS, okStatus: 201, next });

      // Settlement: wait until nothing is pending.
      const total = Number((await db.query<{ n: string }>('select count(*) n from nfts')).rows[0]!.n);
      const deadline = Date.now() + 600_000;
      for (;;) {
        const pending = Number((await db.query<{ n: string }>("select count(*) n from nfts where status = 'pending'")).rows[0]!.n);
        if (pending === 0 || Date.now() > deadline) break;
        await sleep(500);
      }
      const outcome = await db.query<{ status: string; n: string }>('select status, count(*) n from nfts group by status');
      const timing = await db.query<{ first: Date; last: Date }>(
        "select min(created_at) as first, max(updated_at) as last from nfts where status = 'success' and created_at >= $1",
        [new Date(acceptStarted)],
      );
      const confirmMs = (
        await db.query<{ ms: number }>(
          "select extract(epoch from (updated_at - created_at)) * 1000 as ms from nfts where status = 'success' and created_at >= $1 order by 1",
          [new Date(acceptStarted)],
        )
      ).rows.map((r) => Number(r.ms));
      const measuredSettled = confirmMs.length;
      const settleSeconds = (timing.rows[0]!.last.getTime() - timing.rows[0]!.first.getTime()) / 1000;

      // The batch transactions on chain: NFTs each, gas each, and how full their blocks were.
      const batches = (
        await db.query<{ hash: string; mints: string }>(
          "select hash, details->>'mints' as mints from chain_transactions where purpose = 'nfts.mint-batch' and status = 'confirmed'",
        )
      ).rows;
      let gasUsed = 0n;
      let nftsInBatches = 0;
      const blocks = new Map<string, { used: bigint; limit: bigint }>();
      let bestGasPerNft = Infinity;
      for (const batch of batches) {
        const receipt = await rpc<{ gasUsed: string; blockNumber: string }>(rpcUrl, 'eth_getTransactionReceipt', [batch.hash]);
        gasUsed += BigInt(receipt.gasUsed);
        nftsInBatches += Number(batch.mints);
        if (Number(batch.mints) >= 100) bestGasPerNft = Math.min(bestGasPerNft, Number(BigInt(receipt.gasUsed)) / Number(batch.mints));
        if (!blocks.has(receipt.blockNumber)) {
          const block = await rpc<{ gasUsed: string; gasLimit: string }>(rpcUrl, 'eth_getBlockByNumber', [receipt.blockNumber, false]);
          blocks.set(receipt.blockNumber, { used: BigInt(block.gasUsed), limit: BigInt(block.gasLimit) });
        }
      }
      const blockFill = [...blocks.values()].map((b) => Number((b.used * 10_000n) / b.limit) / 100);
      const fullBatches = batches.filter((b) => Number(b.mints) >= Math.max(...batches.map((x) => Number(x.mints))) * 0.9).length;

      const figures = {
        database: 'postgresql',
        concurrency: CONCURRENCY,
        acceptance: {
          seconds: load.seconds,
          accepted: load.requests - load.errors,
          errors: load.errors,
          perSecond: Math.round(load.perSecond),
          p50Ms: load.p50,
          p99Ms: load.p99,
          maxMs: load.max,
        },
        settlement: {
          totalMints: total,
          outcome: Object.fromEntries(outcome.rows.map((r) => [r.status, Number(r.n)])),
          settledPerSecond: Math.round(measuredSettled / settleSeconds),
          requestToConfirmedP50Ms: quantile(confirmMs, 0.5),
          requestToConfirmedP99Ms: quantile(confirmMs, 0.99),
          batchTransactions: batches.length,
          meanNftsPerTransaction: nftsInBatches / Math.max(1, batches.length),
          gasPerNftNewHolder: Math.round(Number(gasUsed) / Math.max(1, nftsInBatches)),
          gasPerNftNewHolderFullBatch: Number.isFinite(bestGasPerNft) ? Math.round(bestGasPerNft) : null,
          blocks: blocks.size,
          meanBlockGasUsedPercent: blockFill.reduce((a, b) => a + b, 0) / Math.max(1, blockFill.length),
          fullBatchBlocks: fullBatches,
          fullBlockGasUsedPercent: Math.max(...blockFill),
        },
      };
      const a = figures.acceptance;
      const s = figures.settlement;
      console.log(`Minting on PostgreSQL and the devnet (${CONCURRENCY} concurrent clients on the same machine)`);
      console.log(`  acceptance: ${a.perSecond} accepted mints/s, p50 ${ms(a.p50Ms)}, p99 ${ms(a.p99Ms)}, max ${ms(a.maxMs)}, ${a.errors} errors`);
      console.log(`    budget ≥ 2,000 requests/s at p99 < 50 ms: ${a.perSecond >= 2_000 && a.p99Ms < 50 ? 'ok' : 'OVER'}`);
      console.log(`  settlement: ${s.settledPerSecond} NFTs/s settled; outcome ${JSON.stringify(s.outcome)}`);
      console.log(`    request → confirmed: p50 ${ms(s.requestToConfirmedP50Ms)}, p99 ${ms(s.requestToConfirmedP99Ms)}`);
      console.log(`    ${s.batchTransactions} batch transactions, mean ${s.meanNftsPerTransaction.toFixed(1)} NFTs each, in ${s.blocks} blocks`);
      console.log(`    block gas used: mean ${s.meanBlockGasUsedPercent.toFixed(1)}%, full batches ${s.fullBlockGasUsedPercent.toFixed(1)}%`);
      console.log(
        `      budget ≥ 90% under sustained load: ${s.fullBlockGasUsedPercent >= 90 ? 'ok (full batches)' : 'UNDER'}${s.meanBlockGasUsedPercent >= 90 ? '' : ' (the mean includes the partial batches at the ends)'}`,
      );
      console.log(`    gas per NFT to a new holder: ${s.gasPerNftNewHolder} mean, ${s.gasPerNftNewHolderFullBatch ?? 'n/a'} in a full batch`);
      console.log(`      budget ≤ 60,000: ${s.gasPerNftNewHolder <= 60_000 ? 'ok' : 'OVER'}`);
      writeFileSync(outFile, JSON.stringify(figures, null, 2));
      console.log(`  figures written to ${outFile}`);
    } finally {
      client.close();
      await db.end();
      await server.stop();
    }
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
