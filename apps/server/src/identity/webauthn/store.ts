import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authWebauthnChallenges, authWebauthnRegistrations } from '@keepsake/db/schema';

export type WebauthnRegistrationRow = typeof authWebauthnRegistrations.$inferSelect;
export type WebauthnChallengeRow = typeof authWebauthnChallenges.$inferSelect;
type Db = Database | Transaction;

/** Stores a challenge (its hash only) and forgets the project's expired ones. */
export async function insertChallenge(db: Database, values: typeof authWebauthnChallenges.$inferInsert): Promise<void> {
  await db.insert(authWebauthnChallenges).values(values);
  await db.delete(authWebauthnChallenges).where(and(eq(authWebauthnChallenges.projectId, values.projectId), lt(authWebauthnChallenges.expiresAt, sql`now()`)));
}

/**
 * Uses a challenge up: deletes it and returns it, whether or not it has expired (the caller refuses an expired
 * one), so that no challenge is ever accepted twice. Undefined when no challenge of that kind has this hash in
 * the project (never issued, another project's, or already used).
 */
export async function consumeChallenge(
  db: Db,
  projectId: string,
  kind: WebauthnChallengeRow['kind'],
  challengeHash: string,
): Promise<WebauthnChallengeRow | undefined> {
  const [row] = await db
    .delete(authWebauthnChallenges)
    .where(and(eq(authWebauthnChallenges.projectId, projectId), eq(authWebauthnChallenges.kind, kind), eq(authWebauthnChallenges.challengeHash, challengeHash)))
    .returning();
  return row;
}

/** The user's passkeys, oldest first (all of them: the browser skips those of another domain). */
export async function listUserRegistrations(db: Db, projectId: string, userId: string): Promise<WebauthnRegistrationRow[]> {
  return db
    .select()
    .from(authWebauthnRegistrations)
    .where(and(eq(authWebauthnRegistrations.projectId, projectId), eq(authWebauthnRegistrations.userId, userId)))
    .orderBy(authWebauthnRegistrations.createdAt);
}

export async function findRegistrationByCredentialId(db: Db, projectId: string, credentialId: string): Promise<WebauthnRegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(authWebauthnRegistrations)
    .where(and(eq(authWebauthnRegistrations.projectId, projectId), eq(authWebauthnRegistrations.credentialId, credentialId)))
    .limit(1);
  return row;
}

/** Stores a verified credential. Undefined when the project already has this credential id (anyone's). */
export async function insertRegistration(db: Db, values: typeof authWebauthnRegistrations.$inferInsert): Promise<WebauthnRegistrationRow | undefined> {
  const [row] = await db
    .insert(authWebauthnRegistrations)
    .values(values)
    .onConflictDoNothing({ target: [authWebauthnRegistrations.projectId, authWebauthnRegistrations.credentialId] })
    .returning();
  return row;
}

/**
 * Records an accepted assertion: the new signature counter and backup state. Compare-and-set on the counter
 * read before verifying, so that of two assertions verified against the same counter only one is accepted.
 * False when the counter moved meanwhile.
 */
export async function recordAssertion(db: Db, id: string, seenCounter: number, update: { counter: number; backedUp: boolean }): Promise<boolean> {
  const rows = await db
    .update(authWebauthnRegistrations)
    .set({ counter: update.counter, backedUp: update.backedUp, lastUsedAt: sql`now()` })
    .where(and(eq(authWebauthnRegistrations.id, id), eq(authWebauthnRegistrations.counter, seenCounter)))
    .returning({ id: authWebauthnRegistrations.id });
  return rows.length === 1;
}

/** Renames one of the user's passkeys; undefined when the user has no such passkey. */
export async function renameRegistration(db: Db, projectId: string, userId: string, id: string, name: string): Promise<WebauthnRegistrationRow | undefined> {
  const [row] = await db
    .update(authWebauthnRegistrations)
    .set({ name })
    .where(and(eq(authWebauthnRegistrations.id, id), eq(authWebauthnRegistrations.userId, userId), eq(authWebauthnRegistrations.projectId, projectId)))
    .returning();
  return row;
}
