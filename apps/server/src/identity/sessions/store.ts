import { and, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authIntermediateSessions, authSessions, authUsers, type AuthenticationFactor } from '@keepsake/db/schema';
import { userFactorsSql, type UserFactors } from '../users/factors-sql.ts';

export type SessionRow = typeof authSessions.$inferSelect;
export type IntermediateSessionRow = typeof authIntermediateSessions.$inferSelect;
type Db = Database | Transaction;

export async function insertSession(db: Db, values: typeof authSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

export type LiveSession = { session: SessionRow; user: typeof authUsers.$inferSelect; factors: UserFactors };
type LookupKey = { projectId: string; tokenHash: string };

/** The part of node-postgres's pool the raw lookup uses. */
type PgPool = { query(config: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }> };

/**
 * The hot path of sessions/authenticate: live (not revoked, not expired) sessions by token hash, with their
 * users and each user's factors, for many callers in one query (docs/decisions/081), prepared once per database
 * handle (building the SQL each call cost more than running it: docs/decisions/019). Each key gets its session
 * only when the session belongs to the key's project.
 *
 * On PostgreSQL the statement drizzle builds runs as a named prepared statement straight on the pool, its rows
 * as arrays taken as they come: every column is of a type whose driver value is already what drizzle would
 * give (text, uuid, boolean, integer, jsonb, timestamptz as Date), so drizzle's per-field mapping is skipped.
 */
export function prepareLiveSessionsLookup(db: Database, kind: 'pglite' | 'postgres') {
  const query = db
    .select({ session: authSessions, user: authUsers, factors: userFactorsSql(authUsers.id) })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(
      and(
        sql`${authSessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        sql`${authSessions.projectId} = any(${sql.placeholder('projectIds')}::uuid[])`,
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    );
  const name = 'auth_live_sessions_by_token_hashes';
  let run: (tokenHashes: string[], projectIds: string[]) => Promise<LiveSession[]>;
  if (kind === 'postgres') {
    const pool = (db as unknown as { $client: PgPool }).$client;
    const text = query.toSQL().sql;
    const sessionKeys = Object.keys(getTableColumns(authSessions));
    const userKeys = Object.keys(getTableColumns(authUsers));
    const toRecord = (row: unknown[], keys: string[], offset: number) => Object.fromEntries(keys.map((key, i) => [key, row[offset + i]]));
    run = async (tokenHashes, projectIds) => {
      const { rows } = await pool.query({ name, text, values: [tokenHashes, projectIds], rowMode: 'array' });
      return rows.map((row) => ({
        session: toRecord(row, sessionKeys, 0) as SessionRow,
        user: toRecord(row, userKeys, sessionKeys.length) as typeof authUsers.$inferSelect,
        factors: row[sessionKeys.length + userKeys.length] as UserFactors,
      }));
    };
  } else {
    const prepared = query.prepare(name);
    run = (tokenHashes, projectIds) => prepared.execute({ tokenHashes, projectIds });
  }
  return async (keys: readonly LookupKey[]): Promise<Array<LiveSession | undefined>> => {
    const rows = await run(
      keys.map((k) => k.tokenHash),
      [...new Set(keys.map((k) => k.projectId))],
    );
    const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
    return keys.map((key) => {
      const row = byHash.get(key.tokenHash);
      return row && row.session.projectId === key.projectId ? row : undefined;
    });
  };
}

/**
 * Writes buffered accesses (docs/decisions/081): `last_accessed_at` of each session moves to the time given, never
 * back. One statement for all of them.
 */
export async function touchSessions(db: Db, touches: ReadonlyArray<{ id: string; at: Date }>): Promise<void> {
  if (touches.length === 0) return;
  const values = JSON.stringify(touches.map((t) => ({ id: t.id, at: t.at.toISOString() })));
  await db.execute(sql`
    update ${authSessions} set last_accessed_at = greatest(${authSessions.lastAccessedAt}, touched.at)
    from jsonb_to_recordset(${values}::jsonb) as touched(id uuid, at timestamptz)
    where ${authSessions.id} = touched.id`);
}

/**
 * Moves the expiry of live sessions (session_duration_minutes) and their last access, in one statement.
 * @returns the id, last access and expiry of each session updated; a session that ended meanwhile is left out.
 */
export async function extendSessions(
  db: Db,
  extensions: ReadonlyArray<{ id: string; at: Date; expiresAt: Date }>,
): Promise<Array<{ id: string; lastAccessedAt: Date; expiresAt: Date }>> {
  const values = JSON.stringify(extensions.map((e) => ({ id: e.id, at: e.at.toISOString(), expires_at: e.expiresAt.toISOString() })));
  const rows = await db
    .update(authSessions)
    .set({ expiresAt: sql`extended.expires_at`, lastAccessedAt: sql`greatest(${authSessions.lastAccessedAt}, extended.at)` })
    .from(sql`jsonb_to_recordset(${values}::jsonb) as extended(id uuid, at timestamptz, expires_at timestamptz)`)
    .where(and(sql`${authSessions.id} = extended.id`, isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .returning({ id: authSessions.id, lastAccessedAt: authSessions.lastAccessedAt, expiresAt: authSessions.expiresAt });
  return rows;
}

/**
 * Adds a factor to a live session, keeping its id and token (a step-up: docs/decisions/080), in ONE statement:
 * the row lock orders two step-ups of the same session, and the second appends to what the first wrote, so
 * neither factor is lost. A listed factor equal to the new one but for its time is replaced (its time moves on).
 * `expiresAt` moves the expiry (session_duration_minutes); without it the expiry stays.
 * @returns the updated session, or undefined when it is no longer live (revoked or expired meanwhile).
 */
export async function addSessionFactor(db: Db, sessionId: string, factor: AuthenticationFactor, expiresAt?: Date): Promise<SessionRow | undefined> {
  const { last_authenticated_at: _time, ...identity } = factor;
  const factors = authSessions.authenticationFactors;
  const [row] = await db
    .update(authSessions)
    .set({
      authenticationFactors: sql`(
        select coalesce(jsonb_agg(f order by n), '[]'::jsonb)
        from jsonb_array_elements(${factors}) with ordinality as listed(f, n)
        where f - 'last_authenticated_at' <> ${JSON.stringify(identity)}::jsonb
      ) || ${JSON.stringify([factor])}::jsonb`,
      lastAccessedAt: sql`now()`,
      ...(expiresAt ? { expiresAt } : {}),
    })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** A live (not revoked, not expired) session of the project by id. */
export async function findLiveSessionById(db: Db, projectId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.projectId, projectId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/**
 * Ends every live session and pending intermediate session of a user except the ones named (a password reset:
 * whoever knew the old password is signed out). Returns how many full sessions ended.
 */
export async function revokeUserSessions(
  db: Db,
  projectId: string,
  userId: string,
  keep: { sessionId: string | undefined; intermediateTokenHash: string | undefined },
): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.projectId, projectId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keep.sessionId ? ne(authSessions.id, keep.sessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  await db
    .update(authIntermediateSessions)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(authIntermediateSessions.projectId, projectId),
        eq(authIntermediateSessions.userId, userId),
        isNull(authIntermediateSessions.consumedAt),
        keep.intermediateTokenHash ? ne(authIntermediateSessions.tokenHash, keep.intermediateTokenHash) : undefined,
      ),
    );
  return ended.length;
}

export async function insertIntermediateSession(db: Db, values: typeof authIntermediateSessions.$inferInsert): Promise<IntermediateSessionRow> {
  const [row] = await db.insert(authIntermediateSessions).values(values).returning();
  return row!;
}

/** A live (unused, unexpired) intermediate session by token hash. */
export async function findLiveIntermediateSession(db: Db, projectId: string, tokenHash: string): Promise<IntermediateSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(authIntermediateSessions)
    .where(
      and(
        eq(authIntermediateSessions.tokenHash, tokenHash),
        eq(authIntermediateSessions.projectId, projectId),
        isNull(authIntermediateSessions.consumedAt),
        gt(authIntermediateSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Uses the intermediate session up. False when another request used it first (single use). */
export async function consumeIntermediateSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authIntermediateSessions)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authIntermediateSessions.id, id), isNull(authIntermediateSessions.consumedAt), gt(authIntermediateSessions.expiresAt, sql`now()`)))
    .returning({ id: authIntermediateSessions.id });
  return rows.length === 1;
}
