// `npm run bench:start`: how long `npm start` takes until /api/health answers, on a fresh data directory
// and on existing data (ARCHITECTURE.md budgets: ≤ 20 s on the very first run, ≤ 5 s on existing data).
// Health answers only once the embedded devnet runs, its signers are funded and the test stablecoin is
// deployed, so the figures include the devnet. A fresh checkout also compiles the contracts first: that
// compile is timed on its own and added to the first-run figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileContracts } from '@keepsake/contracts/build';
import { startKeepsake } from './server-process.ts';

const RUNS = 5;
const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-start-'));
// A free port for the devnet, so the bench never collides with a devnet on 8545.
const env = { KEEPSAKE_DATA_DIR: dataDir, KEEPSAKE_DEVNET_PORT: '0' };

type Health = { chains: Array<{ chain: string; status: string; latestBlock: number | null }> };
async function devnetBlock(url: string): Promise<string> {
  const health = (await (await fetch(`${url}/api/health`)).json()) as Health;
  const devnet = health.chains.find((c) => c.chain === 'devnet');
  return devnet ? `devnet ${devnet.status} at block ${devnet.latestBlock}` : 'NO DEVNET';
}

try {
  const compileMs = compileContracts().ms;
  const first = await startKeepsake(env);
  const firstDevnet = await devnetBlock(first.url);
  await first.stop();
  const again: number[] = [];
  let againDevnet = '';
  for (let i = 0; i < RUNS; i++) {
    const server = await startKeepsake(env);
    again.push(server.readyMs);
    againDevnet = await devnetBlock(server.url);
    await server.stop();
  }
  again.sort((a, b) => a - b);
  const median = again[Math.floor(RUNS / 2)]!;
  const worst = again[RUNS - 1]!;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const cold = first.readyMs + compileMs;
  console.log('npm start → GET /api/health 200 (PGlite, embedded defaults, embedded devnet)');
  console.log(`  contract compile (fresh checkout only): ${seconds(compileMs)}`);
  console.log(`  first run (fresh data):   ${seconds(first.readyMs)}   (${firstDevnet})`);
  console.log(`  first run + compile:      ${seconds(cold)}   budget ≤ 20 s  ${cold <= 20_000 ? 'ok' : 'OVER'}`);
  console.log(`  existing data, median:    ${seconds(median)}   budget ≤ 5 s   ${median <= 5_000 ? 'ok' : 'OVER'}   (${againDevnet})`);
  console.log(`  existing data, worst of ${RUNS}: ${seconds(worst)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
