import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { impersonationAudit, impersonationTokens } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type ImpersonationTokenRow = typeof impersonationTokens.$inferSelect;

/** Stores a new token and its 'issued' audit entry together. */
export async function insertImpersonationToken(db: Database, token: typeof impersonationTokens.$inferInsert, audit: typeof impersonationAudit.$inferInsert) {
  await db.transaction(async (tx) => {
    await tx.insert(impersonationTokens).values(token);
    await tx.insert(impersonationAudit).values(audit);
  });
}

/** Uses a live token of the project up. Undefined when unknown, expired, for another project, or used (single use). */
export async function consumeImpersonationToken(db: Db, projectId: string, tokenHash: string): Promise<ImpersonationTokenRow | undefined> {
  const [row] = await db
    .update(impersonationTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(impersonationTokens.tokenHash, tokenHash),
        eq(impersonationTokens.projectId, projectId),
        isNull(impersonationTokens.consumedAt),
        gt(impersonationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function insertImpersonationAudit(db: Db, values: typeof impersonationAudit.$inferInsert): Promise<void> {
  await db.insert(impersonationAudit).values(values);
}
