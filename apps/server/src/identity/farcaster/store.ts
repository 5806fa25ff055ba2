import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authFarcasterAccounts, authFarcasterNonces } from '@keepsake/db/schema';

export type FarcasterAccountRow = typeof authFarcasterAccounts.$inferSelect;
type Db = Database | Transaction;

/** Stores a fresh nonce and forgets the project's expired ones. */
export async function putNonce(db: Database, values: { nonce: string; projectId: string; expiresAt: Date }): Promise<void> {
  await db.insert(authFarcasterNonces).values(values);
  await db.delete(authFarcasterNonces).where(and(eq(authFarcasterNonces.projectId, values.projectId), lt(authFarcasterNonces.expiresAt, sql`now()`)));
}

/**
 * Uses the project's nonce up: deletes it and returns its expiry (the caller refuses an expired one), so that no
 * nonce, and so no message signed with it, is accepted twice. Undefined when the project never issued it or it is used.
 */
export async function takeNonce(db: Database, projectId: string, nonce: string): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .delete(authFarcasterNonces)
    .where(and(eq(authFarcasterNonces.projectId, projectId), eq(authFarcasterNonces.nonce, nonce)))
    .returning({ expiresAt: authFarcasterNonces.expiresAt });
  return row;
}

export async function findAccount(db: Db, projectId: string, fid: bigint): Promise<FarcasterAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(authFarcasterAccounts)
    .where(and(eq(authFarcasterAccounts.projectId, projectId), eq(authFarcasterAccounts.fid, fid)))
    .limit(1);
  return row;
}

/** Inserts the account for a new user; undefined when another sign-in created the fid's account meanwhile. */
export async function insertAccount(db: Db, values: typeof authFarcasterAccounts.$inferInsert): Promise<FarcasterAccountRow | undefined> {
  const [row] = await db
    .insert(authFarcasterAccounts)
    .values(values)
    .onConflictDoNothing({ target: [authFarcasterAccounts.projectId, authFarcasterAccounts.fid] })
    .returning();
  return row;
}

/** Records the latest sign-in: the custody address that signed it, and what the client said of the account. */
export async function refreshAccount(db: Db, id: string, fields: { custodyAddress: string; username: string | null; pfpUrl: string | null }): Promise<void> {
  await db
    .update(authFarcasterAccounts)
    .set({
      custodyAddress: fields.custodyAddress,
      lastSignedInAt: sql`now()`,
      ...(fields.username ? { username: fields.username } : {}),
      ...(fields.pfpUrl ? { pfpUrl: fields.pfpUrl } : {}),
    })
    .where(eq(authFarcasterAccounts.id, id));
}
