import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authCryptoWallets, authUsers } from '@keepsake/db/schema';
import { getOrCreateUserWith, type UserRow } from './store.ts';

export type WalletRow = typeof authCryptoWallets.$inferSelect;
type Db = Database | Transaction;
/** A wallet as the sign-in method names it: its type and its address in canonical form (see crypto-wallets/addresses.ts). */
export type WalletKey = { walletType: string; address: string };

export async function findWallet(db: Db, projectId: string, key: WalletKey): Promise<WalletRow | undefined> {
  const [row] = await db
    .select()
    .from(authCryptoWallets)
    .where(and(eq(authCryptoWallets.projectId, projectId), eq(authCryptoWallets.walletType, key.walletType), eq(authCryptoWallets.address, key.address)))
    .limit(1);
  return row;
}

async function insertWallet(db: Db, projectId: string, userId: string, key: WalletKey): Promise<WalletRow | undefined> {
  const [row] = await db
    .insert(authCryptoWallets)
    .values({ id: randomUUID(), projectId, userId, walletType: key.walletType, address: key.address })
    .onConflictDoNothing({ target: [authCryptoWallets.projectId, authCryptoWallets.walletType, authCryptoWallets.address] })
    .returning();
  return row;
}

/** Returns the user owning the wallet in the project, creating a pending user if there is none. */
export async function getOrCreateUserByWallet(
  db: Database,
  projectId: string,
  key: WalletKey,
): Promise<{ user: UserRow; wallet: WalletRow; created: boolean }> {
  const result = await getOrCreateUserWith(db, projectId, {
    find: (d) => findWallet(d, projectId, key),
    insert: (tx, userId) => insertWallet(tx, projectId, userId, key),
  });
  return { user: result.user, wallet: result.method, created: result.created };
}

/** Adds a wallet to an existing user. Resolves undefined when the wallet belongs to someone already. */
export function addWalletToUser(db: Db, projectId: string, userId: string, key: WalletKey): Promise<WalletRow | undefined> {
  return insertWallet(db, projectId, userId, key);
}

/** Marks the wallet verified and the user active after a signature verified. */
export async function markWalletVerified(db: Db, userId: string, walletId: string): Promise<void> {
  await db.update(authCryptoWallets).set({ verified: true }).where(eq(authCryptoWallets.id, walletId));
  await db.update(authUsers).set({ status: 'active' }).where(eq(authUsers.id, userId));
}
