import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authOtps } from '@keepsake/db/schema';

export type OtpRow = typeof authOtps.$inferSelect;
type Db = Database | Transaction;

/** Issues a new code for the method and retires every earlier unused one. */
export async function replaceOtp(db: Database, values: typeof authOtps.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authOtps)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(authOtps.methodId, values.methodId), isNull(authOtps.consumedAt)));
    await tx.insert(authOtps).values(values);
  });
}

/** The newest unused, unexpired code for a method. */
export async function findActiveOtp(db: Db, projectId: string, methodId: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(authOtps)
    .where(and(eq(authOtps.projectId, projectId), eq(authOtps.methodId, methodId), isNull(authOtps.consumedAt), sql`${authOtps.expiresAt} > now()`))
    .orderBy(desc(authOtps.createdAt))
    .limit(1);
  return row;
}

/** Counts one attempt atomically; returns the new count, or undefined when the code was used meanwhile. */
export async function countAttempt(db: Db, otpId: string): Promise<number | undefined> {
  const [row] = await db
    .update(authOtps)
    .set({ attempts: sql`${authOtps.attempts} + 1` })
    .where(and(eq(authOtps.id, otpId), isNull(authOtps.consumedAt)))
    .returning({ attempts: authOtps.attempts });
  return row?.attempts;
}

/** Marks the code used. Returns false when another request consumed it first (single use). */
export async function consumeOtp(db: Db, otpId: string): Promise<boolean> {
  const rows = await db
    .update(authOtps)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authOtps.id, otpId), isNull(authOtps.consumedAt)))
    .returning({ id: authOtps.id });
  return rows.length === 1;
}
