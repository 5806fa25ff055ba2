// `npm test`: every test of the repo, in order of cost, with one closing count.
//   1. typecheck, lint and format check
//   2. unit tests (server, packages), web component tests and the sign-in widget's component tests
//   3. API integration tests on PGlite, then on PostgreSQL
//   4. the browser end-to-end tests (Playwright, Debian Chromium), then the genuine-client specs once more against a
//      server on a scratch PostgreSQL database
// It stops at the first failing stage and prints "N passed, N failed" last.
import { spawnSync } from 'node:child_process';
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
  if (!run('Build the web app', 'npm', ['run', 'build', '--workspace', '@keepsake/web'])) return false;
  if (!run('Typecheck', 'npx', ['tsc', '-b'])) return false;
  if (!run('Lint', 'npx', ['eslint', '.', '--max-warnings=0'])) return false;
  if (!run('Format check', 'npx', ['prettier', '--check', '--log-level=warn', '.'])) return false;
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
