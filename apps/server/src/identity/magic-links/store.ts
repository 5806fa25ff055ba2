import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authEmailTokens, type EmailTokenKind } from '@keepsake/db/schema';

export type EmailTokenRow = typeof authEmailTokens.$inferSelect;
type Db = Database | Transaction;

export async function insertEmailToken(db: Db, values: typeof authEmailTokens.$inferInsert): Promise<void> {
  await db.insert(authEmailTokens).values(values);
}

/** A live (unused, unexpired) token of `kind` by hash. */
export async function findLiveEmailToken(db: Db, projectId: string, kind: EmailTokenKind, tokenHash: string): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(authEmailTokens)
    .where(
      and(
        eq(authEmailTokens.tokenHash, tokenHash),
        eq(authEmailTokens.projectId, projectId),
        eq(authEmailTokens.kind, kind),
        isNull(authEmailTokens.consumedAt),
        sql`${authEmailTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row;
}

/** Counts one failed attempt; returns the new count, or undefined when the token was used meanwhile. */
export async function countEmailTokenAttempt(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(authEmailTokens)
    .set({ attempts: sql`${authEmailTokens.attempts} + 1` })
    .where(and(eq(authEmailTokens.id, id), isNull(authEmailTokens.consumedAt)))
    .returning({ attempts: authEmailTokens.attempts });
  return row?.attempts;
}

/** Marks the token used. Returns false when another request consumed it first (single use). */
export async function consumeEmailToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authEmailTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authEmailTokens.id, id), isNull(authEmailTokens.consumedAt)))
    .returning({ id: authEmailTokens.id });
  return rows.length === 1;
}
