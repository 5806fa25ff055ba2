import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authPasswords } from '@keepsake/db/schema';

export type PasswordRow = typeof authPasswords.$inferSelect;
type Db = Database | Transaction;

export async function findPasswordByUser(db: Db, userId: string): Promise<PasswordRow | undefined> {
  const [row] = await db.select().from(authPasswords).where(eq(authPasswords.userId, userId)).limit(1);
  return row;
}

/** Sets the user's password hash (first time or a reset) and clears `requires_reset`. */
export async function upsertPassword(db: Db, projectId: string, userId: string, hash: string): Promise<PasswordRow> {
  const [row] = await db
    .insert(authPasswords)
    .values({ id: randomUUID(), projectId, userId, hash })
    .onConflictDoUpdate({ target: authPasswords.userId, set: { hash, requiresReset: false, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function markRequiresReset(db: Db, userId: string): Promise<void> {
  await db.update(authPasswords).set({ requiresReset: true }).where(eq(authPasswords.userId, userId));
}
