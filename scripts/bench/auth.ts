// `npm run bench:auth`: the auth service under load, on PostgreSQL, against a real server process.
//   1. POST /sdk/v1/sessions/authenticate: requests/s and p50/p99 over many live sessions
//      (ARCHITECTURE.md budget: ≥ 5,000 requests/s at p99 < 20 ms on 2 cores).
//   2. A full email-OTP sign-in (login_or_create, then otps/authenticate): sign-ins/s and p50/p99 of the two
//      calls together. Email delivery is excluded: the server runs with the dev mailbox (the message is stored,
//      not sent), and the bench reads the codes from the database between the two calls, outside the timing.
// The load generator runs on the same machine (and cores) as the server and PostgreSQL; the figures include that.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { measureCpu } from './cpu-usage.ts';
import { createClient, runEach, runFor, summarise, type Client } from './load.ts';
import { withScratchDatabase } from '../scratch-database.ts';
import { startKeepsake } from './server-process.ts';

const SESSIONS = 200;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 1_000); // 0 skips step 2 (e.g. for a profile of step 1)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;

const basic = (publicToken: string, secret = '') => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;

type SignIn = { email: string; methodId: string; sendMs: number };

/** Sends a passcode to each address (timed), reads the codes from the dev mailbox table, then authenticates (timed). */
async function signIn(client: Client, db: pg.Client, publicToken: string, emails: string[]) {
  const auth = { authorization: basic(publicToken) };
  const sends = await runEach(emails, CONCURRENCY, async (email) => {
    const res = await client.send({ method: 'POST', path: '/sdk/v1/otps/email/login_or_create', headers: auth, body: JSON.stringify({ email }) });
    if (res.status !== 200) throw new Error(`login_or_create answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body) as { data: { email_id: string } }).data.email_id;
  });
  const { rows } = await db.query<{ to: string; text: string }>('select "to", text from dev_mailbox');
  const codes = new Map(rows.map((r) => [r.to, /\b(\d{6})\b/.exec(r.text)?.[1] ?? '']));
  const items: SignIn[] = emails.map((email, i) => ({ email, methodId: sends.results[i]!, sendMs: sends.latencies[i]! }));
  const auths = await runEach(items, CONCURRENCY, async (item) => {
    const res = await client.send({
      method: 'POST',
      path: '/sdk/v1/otps/authenticate',
      headers: auth,
      body: JSON.stringify({ token: codes.get(item.email), method_id: item.methodId, session_duration_minutes: 600 }),
    });
    if (res.status !== 200) throw new Error(`otps/authenticate answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body) as { data: { session_token: string } }).data.session_token;
  });
  const perSignIn = items.map((item, i) => item.sendMs + auths.latencies[i]!);
  return { tokens: auths.results, result: summarise(perSignIn, 0, sends.seconds + auths.seconds) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-auth-'));
try {
  await withScratchDatabase(async (databaseUrl) => {
    const server = await startKeepsake({
      KEEPSAKE_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_OTP_PER_IDENTIFIER: '1000000',
      RATE_LIMIT_OTP_PER_IP: '1000000',
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (scripts/bench/profile-top.ts reads it).
      ...(process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` } : {}),
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const client = createClient(server.url, CONCURRENCY);
    try {
      const platform = (await (await fetch(`${server.url}/api/platform`)).json()) as { publicToken: string };
      const stamp = Date.now().toString(36);

      // Warm up (JIT, connection pool, signing key), then the measured sign-ins; their sessions feed step 1.
      await signIn(
        client,
        db,
        platform.publicToken,
        Array.from({ length: 100 }, (_, i) => `warm-${stamp}-${i}@bench.example`),
      );
      await db.query('delete from dev_mailbox');
      const sessions = await signIn(
        client,
        db,
        platform.publicToken,
        Array.from({ length: SESSIONS }, (_, i) => `session-${stamp}-${i}@bench.example`),
      );
      await db.query('delete from dev_mailbox');
      const flows =
        SIGN_INS > 0
          ? await signIn(
              client,
              db,
              platform.publicToken,
              Array.from({ length: SIGN_INS }, (_, i) => `signin-${stamp}-${i}@bench.example`),
            )
          : undefined;

      const authenticate = (i: number) => ({
        method: 'POST',
        path: '/sdk/v1/sessions/authenticate',
        headers: { authorization: basic(platform.publicToken, sessions.tokens[i % sessions.tokens.length]) },
        body: '{}',
      });
      await runFor(client, { concurrency: CONCURRENCY, durationMs: 2_000, next: authenticate });
      // PostgreSQL's CPU: the backends serving the bench's database, not other people's.
      const backends = async () =>
        (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map(
          (r) => r.pid,
        );
      const cpu = measureCpu([server.child.pid!], await backends());
      const load = await runFor(client, { concurrency: CONCURRENCY, durationMs: DURATION_MS, next: authenticate });
      const cores = cpu.stop(await backends());

      console.log(`Auth service on PostgreSQL (${CONCURRENCY} concurrent clients on the same machine; load average ${loadavg()[0]!.toFixed(1)})`);
      console.log(
        `  sessions/authenticate: ${Math.round(load.perSecond)} requests/s, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, max ${ms(load.max)}, ${load.errors} errors`,
      );
      if (cores) {
        // CPU per request by role: steadier than requests/s on a machine whose cores are shared (Linux only).
        const per = (c: number) => `${Math.round((c * 1e6) / load.perSecond)} µs`;
        console.log(
          `    cores in use: server ${cores.server}, PostgreSQL ${cores.postgres}, load generator ${cores.loadGenerator}, anvil ${cores.anvil}; ` +
            `CPU per request: server ${per(cores.server)} (${per(cores.serverSystem)} in the kernel), PostgreSQL ${per(cores.postgres)}, load generator ${per(cores.loadGenerator)}`,
        );
      }
      console.log(`    budget ≥ 5,000 requests/s at p99 < 20 ms: ${load.perSecond >= 5_000 && load.p99 < 20 ? 'ok' : 'OVER'}`);
      if (flows) {
        const f = flows.result;
        console.log(
          `  email-OTP sign-in (login_or_create + authenticate, no delivery): ${f.perSecond.toFixed(0)} sign-ins/s, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)}`,
        );
      }
    } finally {
      client.close();
      await db.end();
      await server.stop();
    }
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
