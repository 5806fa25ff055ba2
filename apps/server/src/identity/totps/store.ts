import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authTotpRecoveryCodes, authTotps } from '@keepsake/db/schema';

export type TotpRow = typeof authTotps.$inferSelect;
type Db = Database | Transaction;

/** A new (unverified) TOTP with its recovery codes; the user's earlier unverified TOTPs go. */
export async function insertTotp(
  db: Database,
  values: typeof authTotps.$inferInsert,
  recoveryCodeHashes: Array<{ id: string; codeHash: string }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(authTotps).where(and(eq(authTotps.userId, values.userId), eq(authTotps.verified, false)));
    await tx.insert(authTotps).values(values);
    await tx.insert(authTotpRecoveryCodes).values(recoveryCodeHashes.map((c) => ({ ...c, totpId: values.id, userId: values.userId })));
  });
}

/** The user's verified TOTP if any, else the newest unverified one that has not expired. */
export async function findUsableTotp(db: Db, projectId: string, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db
    .select()
    .from(authTotps)
    .where(and(eq(authTotps.projectId, projectId), eq(authTotps.userId, userId), or(eq(authTotps.verified, true), gt(authTotps.expiresAt, sql`now()`))))
    .orderBy(desc(authTotps.verified), desc(authTotps.createdAt))
    .limit(1);
  return row;
}

export async function findVerifiedTotp(db: Db, projectId: string, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db
    .select()
    .from(authTotps)
    .where(and(eq(authTotps.projectId, projectId), eq(authTotps.userId, userId), eq(authTotps.verified, true)))
    .limit(1);
  return row;
}

/**
 * Records that the code of time step `counter` was used, verifying the TOTP. False when that step (or a later
 * one) was already used: a code works once, even inside its window.
 */
export async function useTotpCounter(db: Db, totpId: string, counter: number): Promise<boolean> {
  const rows = await db
    .update(authTotps)
    .set({ lastUsedCounter: counter, verified: true, expiresAt: null })
    .where(and(eq(authTotps.id, totpId), or(isNull(authTotps.lastUsedCounter), sql`${authTotps.lastUsedCounter} < ${counter}`)))
    .returning({ id: authTotps.id });
  return rows.length === 1;
}

/** Replaces the TOTP's recovery codes (the old ones stop working). */
export async function replaceRecoveryCodes(db: Database, totpId: string, userId: string, codes: Array<{ id: string; codeHash: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(authTotpRecoveryCodes).where(eq(authTotpRecoveryCodes.totpId, totpId));
    await tx.insert(authTotpRecoveryCodes).values(codes.map((c) => ({ ...c, totpId, userId })));
  });
}

/** Uses a recovery code of a verified TOTP up. Returns its id, or undefined when wrong or used (single use). */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(authTotpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTotpRecoveryCodes.userId, userId),
        eq(authTotpRecoveryCodes.codeHash, codeHash),
        isNull(authTotpRecoveryCodes.usedAt),
        sql`exists (select 1 from ${authTotps} where ${authTotps.id} = ${authTotpRecoveryCodes.totpId} and ${authTotps.verified})`,
      ),
    )
    .returning({ id: authTotpRecoveryCodes.id });
  return row?.id;
}
