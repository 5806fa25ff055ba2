import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { wallets, type WalletChainType } from '@keepsake/db/schema';

export type WalletRow = typeof wallets.$inferSelect;

/** Every column except the sealed key: what reads return unless they are about to sign. */
const publicColumns = {
  id: wallets.id,
  projectId: wallets.projectId,
  chainType: wallets.chainType,
  address: wallets.address,
  ownerKind: wallets.ownerKind,
  owner: wallets.owner,
  ownerKey: wallets.ownerKey,
  authUserId: wallets.authUserId,
  createdAt: wallets.createdAt,
};
export type WalletRecord = Omit<WalletRow, 'sealedPrivateKey'>;

/** Inserts a wallet unless the project already has one for this owner and chain family; then returns undefined. */
export async function insertWalletIfAbsent(db: Database, row: typeof wallets.$inferInsert): Promise<WalletRecord | undefined> {
  const [inserted] = await db
    .insert(wallets)
    .values(row)
    .onConflictDoNothing({ target: [wallets.projectId, wallets.chainType, wallets.ownerKey] })
    .returning(publicColumns);
  return inserted;
}

export async function findWalletByOwnerKey(db: Database, projectId: string, chainType: WalletChainType, ownerKey: string): Promise<WalletRecord | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.chainType, chainType), eq(wallets.ownerKey, ownerKey)))
    .limit(1);
  return row;
}

export async function findWalletByAddress(db: Database, projectId: string, address: string): Promise<WalletRecord | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.address, address)))
    .limit(1);
  return row;
}

export async function findWalletsOfAuthUser(db: Database, projectId: string, authUserId: string): Promise<WalletRecord[]> {
  return db
    .select(publicColumns)
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.authUserId, authUserId)))
    .orderBy(wallets.createdAt, wallets.id);
}

/** The wallets of these auth users (auth user ids are unique across projects), oldest first. */
export async function findWalletsOfAuthUsers(db: Database, authUserIds: string[]): Promise<WalletRecord[]> {
  if (authUserIds.length === 0) return [];
  return db.select(publicColumns).from(wallets).where(inArray(wallets.authUserId, authUserIds)).orderBy(wallets.createdAt, wallets.id);
}

/** The sealed key of one of the project's wallets, for signing. */
export async function findSealedKey(db: Database, projectId: string, walletId: string): Promise<{ address: string; sealedPrivateKey: string } | undefined> {
  const [row] = await db
    .select({ address: wallets.address, sealedPrivateKey: wallets.sealedPrivateKey })
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.id, walletId)))
    .limit(1);
  return row;
}

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the project's wallets, newest first, optionally those whose owner or address contains `search`. */
export async function listWallets(db: Database, projectId: string, options: { page: number; perPage: number; search: string | undefined }) {
  const where = options.search
    ? and(eq(wallets.projectId, projectId), or(ilike(wallets.owner, likePattern(options.search)), ilike(wallets.address, likePattern(options.search))))
    : eq(wallets.projectId, projectId);
  const [rows, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(wallets)
      .where(where)
      .orderBy(desc(wallets.createdAt), desc(wallets.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ n: count() }).from(wallets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
