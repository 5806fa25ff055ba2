// Migrated database templates for the integration tests (ADR 112). Every test server still gets a database of its
// own; what is shared is the starting point: the migrations run once per `vitest run` (in the integration
// project's global setup, database-template-setup.ts), and each fresh database starts as a copy of
// the result instead of an empty cluster migrated from scratch.
// - PGlite: the migrated data directory, dumped to a tar file; a fresh in-memory PGlite loads it
//   (`loadDataDir`) instead of running initdb (most of a fresh PGlite's start) and every migration.
// - PostgreSQL: a migrated database that each scratch database is created from (`create database … template …`).
// The template also holds pg-boss's schema (ADR 126): the job queue was started on it once.
// The server still runs its migrations at boot; they find the database up to date. Without the global setup (a
// single file run by hand outside vitest's project, the e2e specs) the variables are unset and every database starts
// empty, as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@keepsake/db/client';
import pg from 'pg';
import pino from 'pino';
import { startJobQueue } from '../jobs/queue.ts';

/** The PostgreSQL server the integration tests make their databases on. */
export const adminUrl = process.env.KEEPSAKE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Path of the dumped PGlite data directory (a tar file), set by the global setup. */
const pgliteTemplateVar = 'KEEPSAKE_TEST_PGLITE_TEMPLATE';
/** Name of the migrated PostgreSQL template database, set by the global setup. */
const postgresTemplateVar = 'KEEPSAKE_TEST_PG_TEMPLATE';

let pgliteTemplateRead: { path: string; blob: Blob } | undefined;

/**
 * The migrated PGlite data directory to start a fresh PGlite from, when the global setup made one. Read once per
 * test file (it is over 40 MB, a file that starts several servers reads it once); PGlite only reads the Blob.
 */
export function pgliteTemplate(): Blob | undefined {
  const path = process.env[pgliteTemplateVar];
  if (!path) return undefined;
  if (pgliteTemplateRead?.path !== path) pgliteTemplateRead = { path, blob: new Blob([readFileSync(path)]) };
  return pgliteTemplateRead.blob;
}

/** The migrated PostgreSQL database to create scratch databases from, when the global setup made one. */
export function postgresTemplate(): string | undefined {
  return process.env[postgresTemplateVar] || undefined;
}

/**
 * Starts the job queue once on the template and stops it, so that pg-boss's own schema is in it too (ADR 126): a
 * server that starts on a copy finds it installed and up to date, as a restarted production server does.
 */
async function installJobQueueSchema(database: Omit<Parameters<typeof startJobQueue>[0], 'log'>): Promise<void> {
  const queue = await startJobQueue({ ...database, log: pino({ level: 'silent' }) });
  await queue.stop();
}

/**
 * Migrates a template for `engine` and publishes it to the test workers through the environment (they inherit the
 * global setup's). Returns the function that removes it.
 */
export async function prepareDatabaseTemplate(engine: 'pglite' | 'postgres'): Promise<() => Promise<void>> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await handle.migrate();
      await installJobQueueSchema({ pglite: handle.pglite });
      // Written out, so that a copy starts without replaying the write-ahead log.
      await handle.pglite!.exec('checkpoint');
      const dump = await handle.pglite!.dumpDataDir('none');
      const dir = mkdtempSync(join(tmpdir(), 'keepsake-test-template-'));
      writeFileSync(join(dir, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()));
      process.env[pgliteTemplateVar] = join(dir, 'pgdata.tar');
      return async () => {
        delete process.env[pgliteTemplateVar];
        rmSync(dir, { recursive: true, force: true });
      };
    } finally {
      await handle.close();
    }
  }
  const name = `ks_template_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await handle.migrate();
      await installJobQueueSchema({ connectionString: url.toString() });
    } finally {
      await handle.close();
    }
    // `create database … template` refuses a template that anyone is connected to: no one may connect from now on,
    // and the migration's connection (ended, but its backend may linger a moment) is waited for.
    await admin.query(`alter database ${name} with allow_connections false`);
    const deadline = Date.now() + 5_000;
    const connected = async () =>
      Number((await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0]?.n ?? 0);
    while ((await connected()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  } catch (error) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
  await admin.end();
  process.env[postgresTemplateVar] = name;
  return async () => {
    delete process.env[postgresTemplateVar];
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
