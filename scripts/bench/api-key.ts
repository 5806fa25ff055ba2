// `npm run bench:api-key`: what the developer API's per-key limit (ADR 078, 089) costs each call, on PostgreSQL,
// against a real server process (KEEPSAKE_ROLE=api, no devnet, no job workers).
//   GET /api/2022-06-09/collections with one API key from closed-loop clients (the limit raised out of reach):
//   requests/s, p50/p99, the cores the server and PostgreSQL used, CPU per request, and, counted by PostgreSQL
//   for the bench's own database, the transactions and the `rate_limit_counters` row writes per request.
// The machine's cores are shared (with the load generator, and with whatever else runs): CPU per request and
// writes per request are the figures to compare changes by; requests/s swing with the neighbours. PostgreSQL's
// CPU is that of the backends serving the bench's database; the load average is printed beside the figures.
// BENCH_SECONDS (default 10), BENCH_CONCURRENCY (default 16) and BENCH_EXTRA_ENV (JSON, the server's
// environment) change the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { operatorProject } from './bench-project.ts';
import { measureCpu } from './cpu-usage.ts';
import { createClient, runFor } from './load.ts';
import { withScratchDatabase } from '../scratch-database.ts';
import { startKeepsake } from './server-process.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARM_UP_MS = 2_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Counters PostgreSQL keeps for one database. Backends report them when they end, so read them once the server has stopped. */
async function databaseCounters(db: pg.Client) {
  const row = (
    await db.query<{ commits: string; writes: string | null }>(
      `select (select xact_commit from pg_stat_database where datname = current_database()) as commits,
              (select n_tup_ins + n_tup_upd from pg_stat_user_tables where relname = 'rate_limit_counters') as writes`,
    )
  ).rows[0]!;
  return { commits: Number(row.commits), counterWrites: Number(row.writes ?? 0) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-api-key-'));
try {
  await withScratchDatabase(async (databaseUrl) => {
    const server = await startKeepsake({
      KEEPSAKE_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      KEEPSAKE_ROLE: 'api',
      KEEPSAKE_DEVNET: 'false',
      RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
      ...(process.env.BENCH_EXTRA_ENV ? (JSON.parse(process.env.BENCH_EXTRA_ENV) as Record<string, string>) : {}),
    });
    const client = createClient(server.url, CONCURRENCY);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { apiKey } = await operatorProject(server.url, dataDir, 'API key bench');
      const call = { method: 'GET', path: '/api/2022-06-09/collections', headers: { 'x-api-key': apiKey } };
      const loadBefore = loadavg()[0] ?? 0;
      const warm = await runFor(client, { concurrency: CONCURRENCY, durationMs: WARM_UP_MS, next: () => call });
      // PostgreSQL's CPU: only the backends serving this database, not other people's.
      const backends = async () =>
        (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
          (r) => r.pid,
        );
      const cpu = measureCpu([server.child.pid!], await backends());
      const load = await runFor(client, { concurrency: CONCURRENCY, durationMs: DURATION_MS, next: () => call });
      const cores = cpu.stop(await backends());
      const loadAfter = loadavg()[0] ?? 0;
      client.close();
      // Stopping the server ends its connections, and each backend reports its counters as it ends.
      await server.stop();
      for (let i = 0; i < 100; i++) {
        const others = await db.query<{ n: string }>('select count(*) n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        if (Number(others.rows[0]!.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const counters = await databaseCounters(db);
      const calls = warm.requests + load.requests;

      console.log(
        `Developer API calls with one key (GET /api/2022-06-09/collections), PostgreSQL, ${CONCURRENCY} clients for ${DURATION_MS / 1000} s; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
      );
      console.log(`  ${Math.round(load.perSecond)} requests/s, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, max ${ms(load.max)}, ${load.errors} errors`);
      if (cores) {
        const perRequest = (c: number) => ((c * 1000) / load.perSecond).toFixed(3);
        console.log(`  cores in use: server ${cores.server}, PostgreSQL ${cores.postgres}, load generator ${cores.loadGenerator}`);
        console.log(
          `  CPU per request: server ${perRequest(cores.server)} ms, PostgreSQL ${perRequest(cores.postgres)} ms (the backends serving this database)`,
        );
      }
      console.log(
        `  this database, per API call (${calls} calls with warm-up): ${(counters.commits / calls).toFixed(3)} transactions, ${(counters.counterWrites / calls).toFixed(4)} rate_limit_counters row writes (${counters.counterWrites} in all)`,
      );
    } finally {
      client.close();
      await db.end();
      await server.stop();
    }
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
