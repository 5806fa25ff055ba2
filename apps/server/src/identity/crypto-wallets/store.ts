import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { authCryptoWalletChallenges } from '@keepsake/db/schema';

export type CryptoWalletChallengeRow = typeof authCryptoWalletChallenges.$inferSelect;
type Key = { projectId: string; walletType: CryptoWalletChallengeRow['walletType']; address: string };

const ofWallet = (key: Key) =>
  and(
    eq(authCryptoWalletChallenges.projectId, key.projectId),
    eq(authCryptoWalletChallenges.walletType, key.walletType),
    eq(authCryptoWalletChallenges.address, key.address),
  );

/**
 * Stores a challenge beside the wallet's outstanding ones, keeps the `keep` newest of them (ADR 131), and forgets the
 * project's expired ones.
 */
export async function putChallenge(db: Database, values: typeof authCryptoWalletChallenges.$inferInsert, keep: number): Promise<void> {
  await db.insert(authCryptoWalletChallenges).values(values);
  const newest = db
    .select({ id: authCryptoWalletChallenges.id })
    .from(authCryptoWalletChallenges)
    .where(ofWallet(values))
    .orderBy(desc(authCryptoWalletChallenges.createdAt), desc(authCryptoWalletChallenges.id))
    .limit(keep);
  await db.delete(authCryptoWalletChallenges).where(and(ofWallet(values), notInArray(authCryptoWalletChallenges.id, newest)));
  await db
    .delete(authCryptoWalletChallenges)
    .where(and(eq(authCryptoWalletChallenges.projectId, values.projectId), lt(authCryptoWalletChallenges.expiresAt, sql`now()`)));
}

/** The wallet's unexpired challenges in the project, newest first (at most `keep` are stored). */
export async function outstandingChallenges(db: Database, key: Key): Promise<CryptoWalletChallengeRow[]> {
  return db
    .select()
    .from(authCryptoWalletChallenges)
    .where(and(ofWallet(key), gt(authCryptoWalletChallenges.expiresAt, sql`now()`)))
    .orderBy(desc(authCryptoWalletChallenges.createdAt), desc(authCryptoWalletChallenges.id));
}

/**
 * Uses one challenge up: deletes it and returns it, or undefined when it is gone already (another request used it
 * first), so that no challenge, and so no signature of it, is ever accepted twice.
 */
export async function takeChallenge(db: Database, id: string): Promise<CryptoWalletChallengeRow | undefined> {
  const [row] = await db.delete(authCryptoWalletChallenges).where(eq(authCryptoWalletChallenges.id, id)).returning();
  return row;
}
