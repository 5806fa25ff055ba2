// `npm run bench:soak`: the server's memory under a long mixed load (issue 22, ADR 128), on the embedded defaults
// (`npm start`: PGlite in the data directory, the embedded devnet, API and workers in one process).
//   Setup: a project (operator API), a console session, a collection deployed on the devnet, signed-in SDK users,
//   custodial wallets and an order. Then RUNS phases (default 2) of closed-loop mixed load from CONCURRENCY
//   (default 32) connections for RUN seconds (default 60), each followed by IDLE seconds (default 30) without a
//   request: developer API reads and writes with the staging key (collections, mints, orders, wallets and their
//   balances), /sdk/v1 calls (sessions/authenticate, otps/email/login_or_create), console reads with the
//   session cookie and static pages (the app shell, its script, the API reference).
//   The server's memory is read in the server process by scripts/bench/memory-probe.ts (NODE_OPTIONS=--import):
//   RSS, heapUsed, external, arrayBuffers, the V8 heap's pages in memory, and PGlite's WebAssembly memory in
//   memory (both inside RSS, PGlite's outside the JS heap); anvil's RSS (its own process) beside them. Printed at
//   start, before the load, at its peak during each run, and after each idle (as the process holds it, and again
//   after a full collection: what is retained); and the server's CPU per request in each run.
//   Budget: what is still held after the last run's idle, over the first run's (ADR 128). Growth between runs is
//   what a leak looks like; the first run only grows V8's heap to what the load needs (its young generation to
//   128 MB), and PGlite's 128 MB of shared buffers are in memory from the start.
// The load generator, anvil and the other engineers' work share the machine's cores with the server: requests/s
// swing with them; the load average is printed beside the figures. It prints figures and exits 0 whatever they
// are; it is not a test.
// `--postgres`: the same on a scratch PostgreSQL database (KEEPSAKE_TEST_PG_URL's server), for comparison: the
// server process then holds no database buffers.
// BENCH_MIX=<regex> keeps only the calls whose names match (e.g. 'SDK|static'), to find which part of the mix grows.
// `--quick` (or BENCH_QUICK=1): 15 s runs and 10 s idles. BENCH_SECONDS, BENCH_IDLE_SECONDS, BENCH_RUNS,
// BENCH_CONCURRENCY, BENCH_RSS_GROWTH_MB and BENCH_HEAP_GROWTH_MB (the budgets), BENCH_EXTRA_ENV (JSON, the server's
// environment) change the run, and NODE_OPTIONS reaches the server (with the probe added), e.g.
// NODE_OPTIONS=--max-semi-space-size=16 for ADR 128's smaller young generation. BENCH_HEAP_SNAPSHOTS=<dir> writes a
// heap snapshot there before the load, at the end of each run and after each idle (compare them in Chrome
// DevTools' Memory tab, "Comparison"); writing one costs the server RSS of its own, so the RSS figures of such a
// run do not compare with those of a plain one.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomFreePort } from '../free-port.ts';
import { withScratchDatabase } from '../scratch-database.ts';
import { consoleSession, mailboxPasscode, operatorProject } from './bench-project.ts';
import { measureCpu, type CpuRoles } from './cpu-usage.ts';
import { createClient, runEach, runFor, type BenchRequest, type Client, type LoadResult } from './load.ts';
import { startKeepsake } from './server-process.ts';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const POSTGRES = process.argv.includes('--postgres');
const RUN_MS = Number(process.env.BENCH_SECONDS ?? (quick ? 15 : 60)) * 1000;
const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? (quick ? 10 : 30)) * 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
// From the finding (issue 22: 768 → 911 → 1,044 MB, +133 MB from the first run's idle to the second's) and what
// the fixed server holds (ADR 128): a second run may add this much RSS at most, and this much retained JS heap.
const RSS_GROWTH_MB = Number(process.env.BENCH_RSS_GROWTH_MB ?? 40);
const HEAP_GROWTH_MB = Number(process.env.BENCH_HEAP_GROWTH_MB ?? 10);
const MIX = process.env.BENCH_MIX ? new RegExp(process.env.BENCH_MIX, 'i') : undefined;
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS ? resolve(process.env.BENCH_HEAP_SNAPSHOTS) : undefined;
if (RUNS < 1 || CONCURRENCY < 1) throw new Error('BENCH_RUNS and BENCH_CONCURRENCY are whole numbers ≥ 1');

type Memory = {
  pid: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapPhysical: number;
  wasm: number;
  wasmResident: number;
  /** The devnet's process (anvil, not part of the server's rss): it keeps the chain in memory. */
  anvil: number;
  handles: Record<string, number>;
};
/** The table's columns: the figures process.memoryUsage() gives, the V8 heap's memory, and PGlite's (both inside rss). */
const fields = ['rss', 'heapUsed', 'external', 'arrayBuffers', 'heapPhysical', 'wasmResident', 'anvil'] as const;
const titles: Record<(typeof fields)[number], string> = {
  rss: 'rss',
  heapUsed: 'heapUsed',
  external: 'external',
  arrayBuffers: 'arrayBuffers',
  heapPhysical: 'V8 heap',
  wasmResident: 'PGlite wasm',
  anvil: 'anvil rss',
};
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const basic = (publicToken: string, secret = '') => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
const newAddress = () => `0x${randomBytes(20).toString('hex')}`;
const stamp = Date.now().toString(36);

const probePort = await randomFreePort();
const devnetPort = await randomFreePort();

/** The RSS (MB) of the anvil listening on `port`, read from /proc (Linux; 0 elsewhere or when not found). */
function anvilRss(port: number): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!/anvil$/.test(args[0] ?? '') || args[args.indexOf('--port') + 1] !== String(port)) continue;
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) / 1024;
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return 0;
}

const probe = async (query = ''): Promise<Memory> => ({
  ...((await (await fetch(`http://127.0.0.1:${probePort}/${query}`)).json()) as Omit<Memory, 'anvil'>),
  anvil: anvilRss(devnetPort),
});
const probePath = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));

/** Reads the probe every second while `work` runs; answers its result and the highest reading of each figure. */
async function peakDuring<T>(work: Promise<T>): Promise<{ result: T; peak: Memory }> {
  const peak: Memory = { pid: 0, rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0, heapPhysical: 0, wasm: 0, wasmResident: 0, anvil: 0, handles: {} };
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const m = await probe();
      for (const f of fields) peak[f] = Math.max(peak[f], m[f]);
      await Promise.race([
        sleep(1_000),
        work.then(
          () => undefined,
          () => undefined,
        ),
      ]);
    }
  })();
  try {
    return { result: await work, peak };
  } finally {
    done = true;
    await sampling;
  }
}

/** Signs `count` SDK users in with email passcodes (the codes read from the dev mailbox); answers their session tokens. */
async function signIn(client: Client, publicToken: string, serverUrl: string, count: number): Promise<string[]> {
  const auth = { authorization: basic(publicToken) };
  const emails = Array.from({ length: count }, (_, i) => `soak-user-${stamp}-${i}@bench.example`);
  const sent = await runEach(emails, 8, async (email) => {
    const res = await client.send({ method: 'POST', path: '/sdk/v1/otps/email/login_or_create', headers: auth, body: JSON.stringify({ email }) });
    if (res.status !== 200) throw new Error(`login_or_create answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body) as { data: { email_id: string } }).data.email_id;
  });
  const tokens = await runEach(emails, 8, async (email) => {
    const code = await mailboxPasscode(serverUrl, email);
    const i = emails.indexOf(email);
    const body = JSON.stringify({ token: code, method_id: sent.results[i], session_duration_minutes: 600 });
    const res = await client.send({ method: 'POST', path: '/sdk/v1/otps/authenticate', headers: auth, body });
    if (res.status !== 200) throw new Error(`otps/authenticate answered ${res.status}: ${res.body}`);
    return (JSON.parse(res.body) as { data: { session_token: string } }).data.session_token;
  });
  return tokens.results;
}

type Call = { name: string; weight: number; ok: number[]; make(i: number): BenchRequest };

/** The mix: what each request of the load is, by weight, and the statuses that count as answered. */
async function setUp(serverUrl: string, client: Client, dataDir: string): Promise<Call[]> {
  const ownerEmail = `soak-owner-${stamp}@bench.example`;
  const { projectId, apiKey } = await operatorProject(serverUrl, dataDir, 'Soak bench', ownerEmail);
  const cookie = await consoleSession(serverUrl, undefined, ownerEmail);
  const { publicToken } = (await (await fetch(`${serverUrl}/api/platform`)).json()) as { publicToken: string };
  const key = { 'x-api-key': apiKey };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await client.send({ method, path: `/api${path}`, headers: key, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  const collectionBody = {
    chain: 'devnet',
    metadata: { name: 'Soak bench', description: 'bench:soak', symbol: 'SOAK' },
    payments: { price: '1', currency: 'usdxm', recipientAddress: newAddress(), feesPayer: 'buyer' },
  };
  const { id: collectionId } = await api<{ id: string }>('POST', '/2022-06-09/collections', collectionBody);
  for (;;) {
    const read = await api<{ onChain: { status: string } }>('GET', `/2022-06-09/collections/${collectionId}`);
    if (read.onChain.status === 'success') break;
    if (read.onChain.status === 'failed') throw new Error('the soak collection failed to deploy');
    await sleep(200);
  }
  const order = (i: number) => ({
    recipient: { walletAddress: newAddress() },
    locale: 'en-US',
    payment: { method: 'devnet', currency: 'usdxm' },
    lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1 + (i % 2) } },
  });
  const { order: firstOrder } = await api<{ order: { orderId: string } }>('POST', '/2022-06-09/orders', order(0));
  const wallets = await runEach(
    Array.from({ length: 20 }, (_, i) => `email:soak-wallet-${stamp}-${i}@bench.example`),
    4,
    (owner) => api<{ address: string }>('POST', '/2025-06-09/wallets', { owner, chainType: 'evm' }),
  );
  const locators = wallets.results.map((w) => w.address);
  const sessions = await signIn(client, publicToken, serverUrl, 64);
  const shell = await (await fetch(`${serverUrl}/`)).text();
  const script = /<script[^>]+src="([^"]+)"/.exec(shell)?.[1];
  if (!script) throw new Error('the app shell names no script: is the web app built?');
  const session = { cookie };
  const sdk = (token = '') => ({ authorization: basic(publicToken, token) });
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;

  return [
    { name: 'API GET collections', weight: 6, ok: [200], make: () => ({ method: 'GET', path: '/api/2022-06-09/collections', headers: key }) },
    { name: 'API GET collection', weight: 6, ok: [200], make: () => ({ method: 'GET', path: `/api/2022-06-09/collections/${collectionId}`, headers: key }) },
    {
      name: 'API POST collection (deploys)',
      weight: 0.2,
      ok: [201],
      make: (i) => ({
        method: 'POST',
        path: '/api/2022-06-09/collections',
        headers: key,
        body: JSON.stringify({ ...collectionBody, metadata: { ...collectionBody.metadata, name: `Soak ${i}` } }),
      }),
    },
    {
      name: 'API POST mint',
      weight: 5,
      ok: [201],
      make: (i) => ({
        method: 'POST',
        path: `/api/2022-06-09/collections/${collectionId}/nfts`,
        headers: key,
        body: JSON.stringify({ recipient: `devnet:${newAddress()}`, metadata: { name: `Soak ${i}`, description: 'bench:soak' } }),
      }),
    },
    {
      name: 'API GET nfts',
      weight: 4,
      ok: [200],
      make: () => ({ method: 'GET', path: `/api/2022-06-09/collections/${collectionId}/nfts?page=1&perPage=20`, headers: key }),
    },
    {
      name: 'API POST order',
      weight: 6,
      ok: [201],
      make: (i) => ({ method: 'POST', path: '/api/2022-06-09/orders', headers: key, body: JSON.stringify(order(i)) }),
    },
    { name: 'API GET order', weight: 5, ok: [200], make: () => ({ method: 'GET', path: `/api/2022-06-09/orders/${firstOrder.orderId}`, headers: key }) },
    {
      name: 'API POST wallet',
      weight: 4,
      ok: [201],
      make: (i) => ({
        method: 'POST',
        path: '/api/2025-06-09/wallets',
        headers: key,
        body: JSON.stringify({ owner: `email:soak-${stamp}-${i}@bench.example`, chainType: 'evm' }),
      }),
    },
    { name: 'API GET wallet', weight: 5, ok: [200], make: (i) => ({ method: 'GET', path: `/api/2025-06-09/wallets/${pick(locators, i)}`, headers: key }) },
    {
      name: 'API GET wallet balances',
      weight: 3,
      ok: [200],
      make: (i) => ({ method: 'GET', path: `/api/2025-06-09/wallets/${pick(locators, i)}/balances?chains=devnet&tokens=eth,usdxm`, headers: key }),
    },
    {
      name: 'SDK sessions/authenticate',
      weight: 12,
      ok: [200],
      make: (i) => ({ method: 'POST', path: '/sdk/v1/sessions/authenticate', headers: sdk(pick(sessions, i)), body: '{}' }),
    },
    {
      name: 'SDK otps/email/login_or_create',
      weight: 4,
      ok: [200],
      make: (i) => ({
        method: 'POST',
        path: '/sdk/v1/otps/email/login_or_create',
        headers: sdk(),
        body: JSON.stringify({ email: `soak-otp-${stamp}-${i}@bench.example` }),
      }),
    },
    { name: 'console GET projects', weight: 4, ok: [200], make: () => ({ method: 'GET', path: '/api/console/projects', headers: session }) },
    { name: 'console GET orders', weight: 4, ok: [200], make: () => ({ method: 'GET', path: `/api/console/orders?projectId=${projectId}`, headers: session }) },
    {
      name: 'console GET collection',
      weight: 3,
      ok: [200],
      make: () => ({ method: 'GET', path: `/api/console/collections/${collectionId}`, headers: session }),
    },
    { name: 'static GET /', weight: 4, ok: [200], make: () => ({ method: 'GET', path: '/' }) },
    { name: 'static GET app script', weight: 3, ok: [200], make: () => ({ method: 'GET', path: script }) },
    { name: 'static GET /docs', weight: 2, ok: [200], make: () => ({ method: 'GET', path: '/docs' }) },
  ];
}

/** Runs the mix for `durationMs`: request i is the call whose weighted slot i falls in; answers counted by call. */
async function mixedLoad(client: Client, calls: Call[], offset: number, durationMs: number) {
  const slots: Call[] = [];
  const scale = 5; // weights in fifths
  for (const call of calls) for (let k = 0; k < Math.round(call.weight * scale); k++) slots.push(call);
  // Spread each call's slots through the cycle, so that the writes do not come in bursts.
  slots.sort((a, b) => a.name.localeCompare(b.name));
  const order = slots.map((_, i) => (i * 7919) % slots.length);
  const tally = new Map<string, { sent: number; bad: Map<number, number> }>(calls.map((c) => [c.name, { sent: 0, bad: new Map() }]));
  const counting: Client = {
    close: client.close,
    async send(req) {
      const call = (req as BenchRequest & { call: Call }).call;
      const t = tally.get(call.name)!;
      t.sent++;
      try {
        const res = await client.send(req);
        if (!call.ok.includes(res.status)) t.bad.set(res.status, (t.bad.get(res.status) ?? 0) + 1);
        // runFor counts a status other than 200 as an error: the mix's own rule decides here.
        return call.ok.includes(res.status) ? { ...res, status: 200 } : res;
      } catch (error) {
        t.bad.set(0, (t.bad.get(0) ?? 0) + 1);
        throw error;
      }
    },
  };
  const load = await runFor(counting, {
    concurrency: CONCURRENCY,
    durationMs,
    next: (i) => {
      const call = slots[order[i % slots.length]!]!;
      return { ...call.make(offset + i), call } as BenchRequest;
    },
  });
  return { load, tally };
}

const mb = (value: number) => `${Math.round(value).toLocaleString('en-US')} MB`;
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${mb(Math.abs(value))}`;
const load1 = () => (loadavg()[0] ?? 0).toFixed(1);

/** One soak against a server on PGlite (the embedded default), or on PostgreSQL at `databaseUrl`. */
async function soak(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-soak-'));
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  try {
    const server = await startKeepsake(
      {
        KEEPSAKE_DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        KEEPSAKE_DEVNET_PORT: String(devnetPort),
        // npm start's logging: every request a line on stdout, through pino-pretty (startKeepsake's default is warn).
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
        // The per-key and per-address limits would answer most of a 32-connection load with 429s.
        RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
        RATE_LIMIT_OTP_PER_IDENTIFIER: '1000000',
        RATE_LIMIT_OTP_PER_IP: '100000000',
        BENCH_MEMORY_PROBE_PORT: String(probePort),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probePath}`.trim(),
        ...(process.env.BENCH_EXTRA_ENV ? (JSON.parse(process.env.BENCH_EXTRA_ENV) as Record<string, string>) : {}),
      },
      120_000,
    );
    const client = createClient(server.url, CONCURRENCY);
    const snapshot = async (name: string) => {
      if (!SNAPSHOTS) return;
      const res = await fetch(`http://127.0.0.1:${probePort}/snapshot?file=${encodeURIComponent(join(SNAPSHOTS, `${name}.heapsnapshot`))}`);
      console.log(`  heap snapshot: ${((await res.json()) as { file: string }).file}`);
    };
    try {
      const started = await probe();
      const calls = (await setUp(server.url, client, dataDir)).filter((call) => !MIX || MIX.test(call.name));
      if (calls.length === 0) throw new Error(`BENCH_MIX ${MIX} matches no call of the mix`);
      await sleep(5_000); // the setup's jobs (the deploy, the sign-ins' writes) settle
      const before = await probe('?gc=1');
      await snapshot('0-before');
      console.log(
        `Soak: ${RUNS} × ${RUN_MS / 1000} s of mixed load from ${CONCURRENCY} connections, ${IDLE_MS / 1000} s idle after each; npm start on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} and the devnet (server pid ${before.pid})${quick ? '; --quick' : ''}`,
      );
      console.log(`  load average ${load1()} at the start (the machine's two cores are shared)`);
      type Row = { what: string; memory: Memory };
      const rows: Row[] = [
        { what: 'started (healthy)', memory: started },
        { what: 'before load (after setup, GC)', memory: before },
      ];
      const afterIdle: Memory[] = [];
      const results: Array<{ load: LoadResult; tally: Awaited<ReturnType<typeof mixedLoad>>['tally']; loadAverage: string; cores: CpuRoles | undefined }> = [];
      for (let run = 1; run <= RUNS; run++) {
        const cpu = measureCpu([server.child.pid!]);
        const { result, peak } = await peakDuring(mixedLoad(client, calls, run * 10_000_000, RUN_MS));
        results.push({ ...result, loadAverage: load1(), cores: cpu.stop() });
        rows.push({ what: `run ${run}: peak during load`, memory: peak });
        await snapshot(`${run}-end-of-load`);
        await sleep(IDLE_MS);
        rows.push({ what: `run ${run}: after ${IDLE_MS / 1000} s idle`, memory: await probe() });
        const retained = await probe('?gc=1');
        rows.push({ what: `run ${run}: after idle, GC`, memory: retained });
        afterIdle.push(retained);
        await snapshot(`${run}-after-idle`);
      }

      for (const [run, r] of results.entries()) {
        console.log(
          `  run ${run + 1}: ${r.load.requests.toLocaleString('en-US')} requests, ${Math.round(r.load.perSecond)}/s, p50 ${r.load.p50.toFixed(1)} ms, p99 ${r.load.p99.toFixed(1)} ms, ${r.load.errors} not answered as expected; load average ${r.loadAverage} at its end`,
        );
        // CPU per request: steadier than requests/s on shared cores (the server includes PGlite, which runs in it).
        if (r.cores) {
          console.log(
            `    cores: server ${r.cores.server}, load generator ${r.cores.loadGenerator}; server CPU per request ${((r.cores.server * 1000) / r.load.perSecond).toFixed(2)} ms`,
          );
        }
        const bad = [...r.tally].filter(([, t]) => t.bad.size > 0);
        for (const [name, t] of bad) {
          console.log(`    ${name}: ${[...t.bad].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ')} of ${t.sent}`);
        }
      }
      const width = Math.max(...rows.map((r) => r.what.length));
      console.log(`\n  ${'MB'.padEnd(width)}  ${fields.map((f) => titles[f].padStart(14)).join('')}`);
      for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${fields.map((f) => String(Math.round(r.memory[f])).padStart(14)).join('')}`);
      console.log(
        `  (V8 heap: the JS heap's pages in memory, heapUsed's and the free; PGlite wasm: ${databaseUrl ? 'none, the database is PostgreSQL' : `its WebAssembly memory in rss, of ${Math.round(afterIdle.at(-1)!.wasm)} MB it holds and never gives back`})`,
      );
      const vm = readFileSync(`/proc/${before.pid}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(vm)?.[1];
      if (hwm) console.log(`  peak RSS of the process (VmHWM): ${mb(Number(hwm) / 1024)}`);
      const handles = afterIdle.at(-1)!.handles;
      console.log(
        `  active handles after the last idle: ${Object.entries(handles)
          .map(([type, n]) => `${type} ${n}`)
          .join(', ')}`,
      );

      const first = afterIdle[0]!;
      const last = afterIdle.at(-1)!;
      const checks = [
        { what: `RSS after the last idle over the first run's`, measured: last.rss - first.rss, budget: RSS_GROWTH_MB },
        { what: `retained heapUsed after the last idle over the first run's`, measured: last.heapUsed - first.heapUsed, budget: HEAP_GROWTH_MB },
      ];
      console.log('');
      if (RUNS < 2) console.log('  one run only: no growth between runs to judge (BENCH_RUNS ≥ 2)');
      else {
        for (const c of checks) {
          console.log(`  ${c.measured <= c.budget ? 'PASS' : 'FAIL'}  ${c.what}: ${signed(c.measured)} (budget ≤ +${mb(c.budget)})`);
        }
        // Where a growth is: pages V8 keeps for its heap after a peak are no leak (heapUsed says what is retained);
        // the rest is native memory (malloc, compiled code) and PGlite's.
        const v8 = last.heapPhysical - first.heapPhysical;
        const wasm = last.wasmResident - first.wasmResident;
        console.log(`        of the RSS growth: V8 heap pages ${signed(v8)}, PGlite ${signed(wasm)}, the rest ${signed(last.rss - first.rss - v8 - wasm)}`);
      }
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (POSTGRES) await withScratchDatabase(soak);
else await soak(undefined);
