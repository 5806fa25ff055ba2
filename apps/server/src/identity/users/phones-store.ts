import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authPhoneNumbers, authUsers } from '@keepsake/db/schema';
import { getOrCreateUserWith, type UserRow } from './store.ts';

export type PhoneRow = typeof authPhoneNumbers.$inferSelect;
type Db = Database | Transaction;

export async function findPhone(db: Db, projectId: string, phoneNumber: string): Promise<PhoneRow | undefined> {
  const [row] = await db
    .select()
    .from(authPhoneNumbers)
    .where(and(eq(authPhoneNumbers.projectId, projectId), eq(authPhoneNumbers.phoneNumber, phoneNumber)))
    .limit(1);
  return row;
}

export async function findPhoneById(db: Db, projectId: string, phoneId: string): Promise<PhoneRow | undefined> {
  const [row] = await db
    .select()
    .from(authPhoneNumbers)
    .where(and(eq(authPhoneNumbers.projectId, projectId), eq(authPhoneNumbers.id, phoneId)))
    .limit(1);
  return row;
}

async function insertPhone(db: Db, projectId: string, userId: string, phoneNumber: string): Promise<PhoneRow | undefined> {
  const [row] = await db
    .insert(authPhoneNumbers)
    .values({ id: randomUUID(), projectId, userId, phoneNumber })
    .onConflictDoNothing({ target: [authPhoneNumbers.projectId, authPhoneNumbers.phoneNumber] })
    .returning();
  return row;
}

/** Returns the user owning the E.164 `phoneNumber` in the project, creating a pending user if there is none. */
export async function getOrCreateUserByPhone(
  db: Database,
  projectId: string,
  phoneNumber: string,
): Promise<{ user: UserRow; phone: PhoneRow; created: boolean }> {
  const result = await getOrCreateUserWith(db, projectId, {
    find: (d) => findPhone(d, projectId, phoneNumber),
    insert: (tx, userId) => insertPhone(tx, projectId, userId, phoneNumber),
  });
  return { user: result.user, phone: result.method, created: result.created };
}

/** Adds an unverified number to an existing user. Resolves undefined when the number belongs to someone already. */
export function addPhoneToUser(db: Db, projectId: string, userId: string, phoneNumber: string): Promise<PhoneRow | undefined> {
  return insertPhone(db, projectId, userId, phoneNumber);
}

/** Marks the number verified and the user active after a successful passcode. */
export async function markPhoneVerified(db: Db, userId: string, phoneId: string): Promise<void> {
  await db.update(authPhoneNumbers).set({ verified: true }).where(eq(authPhoneNumbers.id, phoneId));
  await db.update(authUsers).set({ status: 'active' }).where(eq(authUsers.id, userId));
}

/** Removes one of the user's numbers. Returns false when it is not theirs. */
export async function deletePhone(db: Db, userId: string, phoneId: string): Promise<boolean> {
  const rows = await db
    .delete(authPhoneNumbers)
    .where(and(eq(authPhoneNumbers.userId, userId), eq(authPhoneNumbers.id, phoneId)))
    .returning({ id: authPhoneNumbers.id });
  return rows.length === 1;
}
