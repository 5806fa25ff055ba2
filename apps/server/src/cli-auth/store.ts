import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { cliAuthorizations, cliTokens } from '@keepsake/db/schema';

export type CliAuthorizationRow = typeof cliAuthorizations.$inferSelect;
export type CliTokenRow = typeof cliTokens.$inferSelect;

export async function insertAuthorization(db: Database, values: typeof cliAuthorizations.$inferInsert): Promise<void> {
  // Expired rows are of no use to anyone: each new sign-in sweeps them.
  await db.delete(cliAuthorizations).where(lt(cliAuthorizations.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(cliAuthorizations).values(values);
}

export async function findByDeviceCode(db: Database, deviceCodeHash: string) {
  const [row] = await db.select().from(cliAuthorizations).where(eq(cliAuthorizations.deviceCodeHash, deviceCodeHash)).limit(1);
  return row;
}

export async function findByUserCode(db: Database, userCodeHash: string) {
  const [row] = await db.select().from(cliAuthorizations).where(eq(cliAuthorizations.userCodeHash, userCodeHash)).limit(1);
  return row;
}

/** Records a poll; `intervalSeconds` grows when the CLI polled too fast (RFC 8628 §3.5). */
export async function recordPoll(db: Database, id: string, polledAt: Date, intervalSeconds: number): Promise<void> {
  await db.update(cliAuthorizations).set({ lastPolledAt: polledAt, intervalSeconds }).where(eq(cliAuthorizations.id, id));
}

/** Moves a row from `from` to `to` once (a compare-and-set); returns it, or undefined when another request won. */
export async function transition(db: Database, id: string, from: string, to: string, userId?: string) {
  const [row] = await db
    .update(cliAuthorizations)
    .set({ status: to, ...(userId ? { userId } : {}) })
    .where(and(eq(cliAuthorizations.id, id), eq(cliAuthorizations.status, from)))
    .returning();
  return row;
}

/** Consumes an approved loopback code once; returns the row, or undefined when unknown or already used. */
export async function consumeLoopbackCode(db: Database, loopbackCodeHash: string) {
  const [row] = await db
    .update(cliAuthorizations)
    .set({ status: 'consumed' })
    .where(and(eq(cliAuthorizations.loopbackCodeHash, loopbackCodeHash), eq(cliAuthorizations.status, 'approved')))
    .returning();
  return row;
}

export async function insertToken(db: Database, values: typeof cliTokens.$inferInsert): Promise<void> {
  await db.insert(cliTokens).values(values);
}

export async function findLiveToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select()
    .from(cliTokens)
    .where(and(eq(cliTokens.tokenHash, tokenHash), isNull(cliTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function touchToken(db: Database, id: string, at: Date): Promise<void> {
  await db.update(cliTokens).set({ lastUsedAt: at }).where(eq(cliTokens.id, id));
}

export async function listLiveTokens(db: Database, userId: string) {
  return db
    .select()
    .from(cliTokens)
    .where(and(eq(cliTokens.userId, userId), isNull(cliTokens.revokedAt)))
    .orderBy(desc(cliTokens.createdAt), desc(cliTokens.id));
}

export async function revokeToken(db: Database, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(cliTokens)
    .set({ revokedAt: at })
    .where(and(eq(cliTokens.id, id), eq(cliTokens.userId, userId), isNull(cliTokens.revokedAt)))
    .returning({ id: cliTokens.id });
  return rows.length > 0;
}
