import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { userFactorsSql, type UserFactors } from './factors-sql.ts';
import {
  authBiometricRegistrations,
  authCryptoWallets,
  authEmails,
  authOauthRegistrations,
  authTotps,
  authUsers,
  authWebauthnRegistrations,
} from '@keepsake/db/schema';

export type UserRow = typeof authUsers.$inferSelect;
export type EmailRow = typeof authEmails.$inferSelect;
export type { UserFactors };

type Db = Database | Transaction;

class LostCreateRace extends Error {}

export async function findEmail(db: Db, projectId: string, email: string): Promise<EmailRow | undefined> {
  const [row] = await db
    .select()
    .from(authEmails)
    .where(and(eq(authEmails.projectId, projectId), eq(authEmails.email, email)))
    .limit(1);
  return row;
}

export async function findEmailById(db: Db, projectId: string, emailId: string): Promise<EmailRow | undefined> {
  const [row] = await db
    .select()
    .from(authEmails)
    .where(and(eq(authEmails.projectId, projectId), eq(authEmails.id, emailId)))
    .limit(1);
  return row;
}

export async function findUser(db: Db, projectId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(authUsers)
    .where(and(eq(authUsers.projectId, projectId), eq(authUsers.id, userId)))
    .limit(1);
  return row;
}

export async function listEmails(db: Db, userId: string): Promise<EmailRow[]> {
  return db.select().from(authEmails).where(eq(authEmails.userId, userId)).orderBy(authEmails.createdAt);
}

/** Every project's auth users who have one of `emails` (lower case): one row per (project, user). */
export async function findUsersByEmails(db: Db, emails: string[]): Promise<Array<{ projectId: string; userId: string }>> {
  if (emails.length === 0) return [];
  return db.selectDistinct({ projectId: authEmails.projectId, userId: authEmails.userId }).from(authEmails).where(inArray(authEmails.email, emails));
}

/** How {@link getOrCreateUserWith} finds and inserts one kind of sign-in identifier (an email, a phone number). */
export type IdentifierMethod<M extends { userId: string }> = {
  find(db: Db): Promise<M | undefined>;
  /** Inserts the identifier for a new user; resolves undefined when the unique index says it exists already. */
  insert(tx: Transaction, userId: string): Promise<M | undefined>;
};

/**
 * Returns the user owning an identifier in the project, creating a pending user if there is none.
 * Safe under concurrency: the identifier's unique index settles a race, and the loser reads the winner.
 */
export async function getOrCreateUserWith<M extends { userId: string }>(
  db: Database,
  projectId: string,
  method: IdentifierMethod<M>,
): Promise<{ user: UserRow; method: M; created: boolean }> {
  const existing = await method.find(db);
  if (existing) {
    const user = await findUser(db, projectId, existing.userId);
    if (user) return { user, method: existing, created: false };
  }
  const created = await db
    .transaction(async (tx) => {
      const [user] = await tx.insert(authUsers).values({ id: randomUUID(), projectId, status: 'pending' }).returning();
      const row = await method.insert(tx, user!.id);
      // Another request created this identifier first: undo our user and read theirs.
      if (!row) throw new LostCreateRace();
      return { user: user!, method: row, created: true };
    })
    .catch((error: unknown) => {
      if (error instanceof LostCreateRace) return undefined;
      throw error;
    });
  if (created) return created;
  const winner = await method.find(db);
  const user = winner ? await findUser(db, projectId, winner.userId) : undefined;
  if (!winner || !user) throw new Error('user vanished while resolving a concurrent create');
  return { user, method: winner, created: false };
}

/** Returns the user owning `email` in the project, creating a pending user if there is none. */
export async function getOrCreateUserByEmail(db: Database, projectId: string, email: string): Promise<{ user: UserRow; email: EmailRow; created: boolean }> {
  const result = await getOrCreateUserWith(db, projectId, {
    find: (d) => findEmail(d, projectId, email),
    async insert(tx, userId) {
      const [row] = await tx
        .insert(authEmails)
        .values({ id: randomUUID(), projectId, userId, email })
        .onConflictDoNothing({ target: [authEmails.projectId, authEmails.email] })
        .returning();
      return row;
    },
  });
  return { user: result.user, email: result.method, created: result.created };
}

/** Adds an unverified email to an existing user. Resolves undefined when the address belongs to someone already. */
export async function addEmailToUser(db: Db, projectId: string, userId: string, email: string): Promise<EmailRow | undefined> {
  const [row] = await db
    .insert(authEmails)
    .values({ id: randomUUID(), projectId, userId, email })
    .onConflictDoNothing({ target: [authEmails.projectId, authEmails.email] })
    .returning();
  return row;
}

/** Removes one of the user's emails. Returns false when it is not theirs. */
export async function deleteEmail(db: Db, userId: string, emailId: string): Promise<boolean> {
  const rows = await db
    .delete(authEmails)
    .where(and(eq(authEmails.userId, userId), eq(authEmails.id, emailId)))
    .returning({ id: authEmails.id });
  return rows.length === 1;
}

/** Marks the user active (their first factor succeeded, or they set a password). */
export async function activateUser(db: Db, userId: string): Promise<void> {
  await db.update(authUsers).set({ status: 'active' }).where(eq(authUsers.id, userId));
}

/**
 * Gives the user a name from a sign-in provider, only while they have none (no name, or an empty first and last
 * name): a name the user or the developer set is never overwritten. True when it was set.
 */
export async function fillNameIfEmpty(db: Db, userId: string, name: { firstName: string; lastName: string }): Promise<boolean> {
  if (!name.firstName && !name.lastName) return false;
  const rows = await db
    .update(authUsers)
    .set({ name: { first_name: name.firstName, middle_name: '', last_name: name.lastName } })
    .where(
      and(
        eq(authUsers.id, userId),
        sql`(${authUsers.name} is null or (coalesce(${authUsers.name}->>'first_name', '') = '' and coalesce(${authUsers.name}->>'last_name', '') = ''))`,
      ),
    )
    .returning({ id: authUsers.id });
  return rows.length === 1;
}

/** Marks the email verified and the user active after a successful factor. */
export async function markEmailVerified(db: Db, userId: string, emailId: string): Promise<void> {
  await db.update(authEmails).set({ verified: true }).where(eq(authEmails.id, emailId));
  await db.update(authUsers).set({ status: 'active' }).where(eq(authUsers.id, userId));
}

/** Counts a failed factor; locks the user for `lockMinutes` once `maxFailures` is reached. */
export async function recordFailure(db: Db, userId: string, maxFailures: number, lockMinutes: number): Promise<void> {
  await db
    .update(authUsers)
    .set({
      failedAttempts: sql`${authUsers.failedAttempts} + 1`,
      lockedUntil: sql`case when ${authUsers.failedAttempts} + 1 >= ${maxFailures} then now() + make_interval(mins => ${lockMinutes}) else ${authUsers.lockedUntil} end`,
    })
    .where(eq(authUsers.id, userId));
}

export async function clearFailures(db: Db, userId: string): Promise<void> {
  await db.update(authUsers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(authUsers.id, userId));
}

/** A user with every factor list, in one query. */
export async function findUserWithFactors(db: Db, projectId: string, userId: string): Promise<{ user: UserRow; factors: UserFactors } | undefined> {
  const [row] = await db
    .select({ user: authUsers, factors: userFactorsSql(authUsers.id) })
    .from(authUsers)
    .where(and(eq(authUsers.projectId, projectId), eq(authUsers.id, userId)))
    .limit(1);
  return row;
}

export async function hasVerifiedTotp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authTotps.id })
    .from(authTotps)
    .where(and(eq(authTotps.userId, userId), eq(authTotps.verified, true)))
    .limit(1);
  return Boolean(row);
}

/** The factor tables a user may delete entries of (spec §7 DELETE /users/{kind}/{id}). */
export const deletableFactors = {
  totps: authTotps,
  crypto_wallets: authCryptoWallets,
  oauth: authOauthRegistrations,
  webauthn_registrations: authWebauthnRegistrations,
  biometric_registrations: authBiometricRegistrations,
} as const;

export type DeletableFactor = keyof typeof deletableFactors;

/** Deletes one of the user's own factor entries; false when the user has no such entry. */
export async function deleteUserFactor(db: Db, kind: DeletableFactor, projectId: string, userId: string, id: string): Promise<boolean> {
  const table = deletableFactors[kind];
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId), eq(table.projectId, projectId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function updateUntrustedMetadata(db: Db, userId: string, metadata: Record<string, unknown>): Promise<void> {
  await db.update(authUsers).set({ untrustedMetadata: metadata }).where(eq(authUsers.id, userId));
}
