import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle handle every store receives. Both engines share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a store receives inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined keeps PGlite in memory (tests). `loadDataDir`, for an empty data directory: start from this
   * dump of one (`dumpDataDir()`) instead of a new cluster (tests start from a migrated template, ADR 112).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Set when `kind` is 'pglite': the single-connection engine, shared with pg-boss. */
  pglite?: PGlite;
  /** Set when `kind` is 'postgres'. */
  pool?: pg.Pool;
  /** Applies every pending SQL migration in packages/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Opens the database: PGlite in a directory (or memory) by default, PostgreSQL when a URL is given.
 *
 * @example
 * const handle = await openDatabase({ kind: 'pglite', dataDir: '.keepsake/data' });
 * await handle.migrate();
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      pool,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite,
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
    close: () => pglite.close(),
  };
}
