import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authIntermediateSessions, authSessions, authUsers, type AuthenticationFactor } from '@keepsake/db/schema';
import { userFactorsSql } from '../users/store.ts';

export type SessionRow = typeof authSessions.$inferSelect;
export type IntermediateSessionRow = typeof authIntermediateSessions.$inferSelect;
type Db = Database | Transaction;

export async function insertSession(db: Db, values: typeof authSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

/**
 * The hot path of sessions/authenticate: a live (not revoked, not expired) session by token hash, with its user
 * and the user's factors, in one query prepared once per database handle (building the SQL each call cost more
 * than running it: docs/decisions/019).
 */
export function prepareLiveSessionLookup(db: Database) {
  const query = db
    .select({ session: authSessions, user: authUsers, factors: userFactorsSql(authUsers.id) })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        eq(authSessions.projectId, sql.placeholder('projectId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_live_session_by_token_hash');
  return async (projectId: string, tokenHash: string) => (await query.execute({ projectId, tokenHash }))[0];
}

export async function touchSession(db: Db, sessionId: string, expiresAt?: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(authSessions)
    .set(expiresAt ? { lastAccessedAt: sql`now()`, expiresAt } : { lastAccessedAt: sql`now()` })
    .where(eq(authSessions.id, sessionId))
    .returning();
  return row;
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
