import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { boot } from './boot.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Every entry under `dir` (itself included) as `d700`/`f600`-style mode counts. */
function modes(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const count = (path: string) => {
    const stat = lstatSync(path);
    const key = (stat.isDirectory() ? 'd' : 'f') + (stat.mode & 0o777).toString(8);
    counts[key] = (counts[key] ?? 0) + 1;
  };
  count(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) count(join(entry.parentPath, entry.name));
  return counts;
}

/** Boots PGlite in `dataDir` (whatever KEEPSAKE_TEST_DB says: this is about PGlite's files), writes, stops. */
async function runOnce(dataDir: string) {
  const config = loadConfig({ KEEPSAKE_DATA_DIR: dataDir, KEEPSAKE_DEVNET: 'false', LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:9' });
  const booted = await boot(config, pino({ level: 'silent' }), { jobs: false });
  try {
    await booted.handle.db.execute('create table if not exists issue10_written_after_start (id serial primary key, note text)');
    await booted.handle.db.execute(`insert into issue10_written_after_start (note) values ('x')`);
    await booted.handle.db.execute('checkpoint');
  } finally {
    await booted.shutdown();
  }
}

it('issue 10: the data tree is 0700 and its files 0600, even in a data directory that existed with 0755', async () => {
  const root = mkdtempSync(join(tmpdir(), 'keepsake-modes-'));
  roots.push(root);
  const dataDir = join(root, 'keepsake');
  // What an operator may have made by hand: world-readable directories and a file.
  mkdirSync(join(dataDir, 'data'), { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'data'), 0o755);
  writeFileSync(join(dataDir, 'notes.txt'), 'kept by hand\n', { mode: 0o644 });

  await runOnce(dataDir);
  const first = modes(dataDir);
  expect(Object.keys(first).sort(), JSON.stringify(first)).toEqual(['d700', 'f600']);
  expect(first.f600).toBeGreaterThan(900); // PGlite's files are all there, not only ours

  // A second start on the same data (files PGlite writes when it opens an existing database) stays private.
  await runOnce(dataDir);
  const second = modes(dataDir);
  expect(Object.keys(second).sort(), JSON.stringify(second)).toEqual(['d700', 'f600']);
});
