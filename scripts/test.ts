// `npm test`: every test of the repo, in order of cost, with one closing count.
//   1. the web app's build, typecheck, lint and format check, side by side (independent; ADR 123)
//   2. unit tests (server, packages), web component tests and the sign-in widget's component tests
//   3. API integration tests on PGlite, then on PostgreSQL
//   4. the browser end-to-end tests (Playwright, Debian Chromium), then the genuine-client specs once more against a
//      server on a scratch PostgreSQL database
// It stops at the first failing stage and prints "N passed, N failed" last.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withScratchDatabase } from './scratch-database.ts';
import { ensureChromium, ensurePostgres } from './prerequisites.ts';

type Counts = { passed: number; failed: number };
const totals: Counts = { passed: 0, failed: 0 };
const reportDir = mkdtempSync(join(tmpdir(), 'keepsake-test-report-'));

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

type Task = { title: string; command: string; args: string[] };

/**
 * Runs independent stages at the same time (ADR 123: on two cores the four first stages take less time together
 * than one after another). Each one's output is kept and printed whole when all have ended, in the given order.
 */
async function runTogether(tasks: Task[]): Promise<boolean> {
  console.log(`\n▶ ${tasks.map((task) => task.title).join(', ')} (side by side)`);
  const started = Date.now();
  const results = await Promise.all(
    tasks.map(
      (task) =>
        new Promise<{ ok: boolean; output: string; seconds: string }>((resolve) => {
          const taskStarted = Date.now();
          const seconds = () => ((Date.now() - taskStarted) / 1000).toFixed(1);
          const chunks: Buffer[] = [];
          const child = spawn(task.command, task.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.once('error', (error) => resolve({ ok: false, output: `${error.message}\n`, seconds: seconds() }));
          child.once('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString(), seconds: seconds() }));
        }),
    ),
  );
  tasks.forEach((task, index) => {
    const result = results[index]!;
    console.log(`\n▶ ${task.title}`);
    if (result.output) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    console.log(`  ${task.title}: ${result.ok ? 'ok' : 'FAILED'} in ${result.seconds} s`);
  });
  const ok = results.every((result) => result.ok);
  console.log(`  side by side: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

function addVitestCounts(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}

function addPlaywrightCounts(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
}

function vitest(title: string, projects: string[], name: string, env: Record<string, string> = {}): boolean {
  const out = join(reportDir, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = run(title, 'npx', args, env);
  addVitestCounts(out);
  return ok;
}

async function main(): Promise<boolean> {
  ensureChromium();
  await ensurePostgres();
  const checks = [
    { title: 'Build the web app', command: 'npm', args: ['run', 'build', '--workspace', '@keepsake/web'] },
    { title: 'Typecheck', command: 'npx', args: ['tsc', '-b'] },
    { title: 'Lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    { title: 'Format check', command: 'npx', args: ['prettier', '--check', '--log-level=warn', '.'] },
  ];
  if (!(await runTogether(checks))) return false;
  if (!vitest('Unit, web and widget component tests', ['unit', 'web', 'auth-ui'], 'unit')) return false;
  if (!vitest('API integration tests on PGlite', ['integration'], 'pglite', { KEEPSAKE_TEST_DB: 'pglite' })) return false;
  if (!vitest('API integration tests on PostgreSQL', ['integration'], 'postgres', { KEEPSAKE_TEST_DB: 'postgres' })) return false;
  const e2eReport = join(reportDir, 'e2e.json');
  const e2eOk = run('Browser end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
  addPlaywrightCounts(e2eReport);
  if (!e2eOk) return false;
  // The genuine client once more, against a server on PostgreSQL (issue 10: the suite passes on both databases).
  const pgReport = join(reportDir, 'e2e-genuine-postgres.json');
  const pgOk = await withScratchDatabase(async (url) =>
    run('Genuine-client tests on PostgreSQL', 'npx', ['playwright', 'test', 'e2e/genuine-client', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pgReport,
      KEEPSAKE_E2E_DATABASE_URL: url,
    }),
  );
  addPlaywrightCounts(pgReport);
  return pgOk;
}

main()
  .then((ok) => {
    rmSync(reportDir, { recursive: true, force: true });
    // A failed stage that reported no failed test (a crash, a type or lint error, no tests found) still counts.
    const failed = ok ? totals.failed : Math.max(1, totals.failed);
    console.log(`\n${totals.passed} passed, ${failed} failed`);
    process.exit(ok && failed === 0 ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.log(`\n${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
    process.exit(1);
  });
