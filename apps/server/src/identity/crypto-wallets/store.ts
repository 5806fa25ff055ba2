import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { authCryptoWalletChallenges } from '@keepsake/db/schema';

export type CryptoWalletChallengeRow = typeof authCryptoWalletChallenges.$inferSelect;
type Key = { projectId: string; walletType: CryptoWalletChallengeRow['walletType']; address: string };

/** Stores the wallet's challenge, replacing an outstanding one, and forgets the project's expired ones. */
export async function putChallenge(db: Database, values: typeof authCryptoWalletChallenges.$inferInsert): Promise<void> {
  const { id, userId, message, siwe, expiresAt } = values;
  await db
    .insert(authCryptoWalletChallenges)
    .values(values)
    .onConflictDoUpdate({
      target: [authCryptoWalletChallenges.projectId, authCryptoWalletChallenges.walletType, authCryptoWalletChallenges.address],
      set: { id, userId, message, siwe, expiresAt, createdAt: sql`now()` },
    });
  await db
    .delete(authCryptoWalletChallenges)
    .where(and(eq(authCryptoWalletChallenges.projectId, values.projectId), lt(authCryptoWalletChallenges.expiresAt, sql`now()`)));
}

/**
 * Uses the wallet's challenge up: deletes it and returns it, whether or not it has expired (the caller refuses an
 * expired one), so that no challenge, and so no signature of it, is ever accepted twice. Undefined when the
 * project has no challenge for the wallet (never started here, or used already).
 */
export async function takeChallenge(db: Database, key: Key): Promise<CryptoWalletChallengeRow | undefined> {
  const [row] = await db
    .delete(authCryptoWalletChallenges)
    .where(
      and(
        eq(authCryptoWalletChallenges.projectId, key.projectId),
        eq(authCryptoWalletChallenges.walletType, key.walletType),
        eq(authCryptoWalletChallenges.address, key.address),
      ),
    )
    .returning();
  return row;
}
