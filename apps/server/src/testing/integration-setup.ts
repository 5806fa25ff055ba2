// Setup file of the vitest `integration` project (vitest.config.ts): after each test, an error-level entry that a
// test server logged and the test did not declare (`server.expectErrorLog`) fails that test; after the file, one
// logged outside any test (beforeAll, afterAll, shutdown) fails the file (ADR 082). The server logs through pino,
// never the console: a console.error or console.warn (from a library, or a stray debug line) fails the test too.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { errorLogHooks } from './error-log.ts';

// The integration project shares one module graph per worker (isolate: false), and this file runs again before
// every test file: console is wrapped once per worker, and every run reads the same list.
const consoleCallsKey = Symbol.for('keepsake.integration.consoleCalls');
const holder = globalThis as typeof globalThis & { [consoleCallsKey]?: string[] };
const consoleCalls = (holder[consoleCallsKey] ??= wrapConsole());

function wrapConsole(): string[] {
  const calls: string[] = [];
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      calls.push(`console.${level}: ${args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ')}`);
      original(...args);
    };
  }
  return calls;
}

/** Runs the error-log check, then the console check, and throws once for both. */
function check(errorLogCheck: () => void, when: string): void {
  const failures: string[] = [];
  try {
    errorLogCheck();
  } catch (error) {
    failures.push((error as Error).message);
  }
  const calls = consoleCalls.splice(0);
  if (calls.length > 0) failures.push(`Unexpected console output ${when}:\n${calls.join('\n')}`);
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

errorLogHooks.install();
beforeEach(() => errorLogHooks.beforeEach());
afterEach(() => check(() => errorLogHooks.afterEach(), 'during this test'));
afterAll(() => check(() => errorLogHooks.afterAll(), 'outside the tests'));
