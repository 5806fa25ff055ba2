// Read-only queries on the NFT read model (`nfts`, ADR 039) for the console's NFT pages and the end user's
// collection (ADR 060–062). Nothing here writes: the minting pipeline owns the rows.
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { collections, collectionTemplates, nfts } from '@keepsake/db/schema';

export type NftStatus = 'pending' | 'success' | 'failed';
export type NftViewRow = typeof nfts.$inferSelect;

/** How many of a collection's NFTs are in each status. */
export async function countByStatus(db: Database, collectionId: string): Promise<Record<NftStatus, number>> {
  const rows = await db.select({ status: nfts.status, n: count() }).from(nfts).where(eq(nfts.collectionId, collectionId)).groupBy(nfts.status);
  const counts: Record<NftStatus, number> = { pending: 0, success: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** A page of a collection's NFTs, newest first, optionally of one status; with the total that matches. */
export async function listCollectionNfts(db: Database, collectionId: string, options: { status?: NftStatus | undefined; page: number; perPage: number }) {
  const where = options.status ? and(eq(nfts.collectionId, collectionId), eq(nfts.status, options.status)) : eq(nfts.collectionId, collectionId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(nfts)
      .where(where)
      .orderBy(desc(nfts.createdAt), desc(nfts.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ n: count() }).from(nfts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Rows held on chain: status success with a contract and a token id (as the wallets API counts them). */
function heldBy(addresses: readonly string[]): SQL | undefined {
  return and(inArray(nfts.ownerAddress, [...addresses]), eq(nfts.status, 'success'), isNotNull(nfts.contractAddress), isNotNull(nfts.tokenId));
}

/**
 * A page of the NFTs that `addresses` hold, in any project, newest first, each with its collection's name;
 * with the total. An empty address list holds nothing.
 */
export async function listHeldByAddresses(db: Database, addresses: readonly string[], page: number, perPage: number) {
  if (addresses.length === 0) return { rows: [], total: 0 };
  const where = heldBy(addresses);
  const [rows, [total]] = await Promise.all([
    db
      .select({ nft: nfts, collectionName: sql<string>`${collections.metadata}->>'name'` })
      .from(nfts)
      .innerJoin(collections, eq(collections.id, nfts.collectionId))
      .where(where)
      .orderBy(desc(nfts.createdAt), desc(nfts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(nfts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A page of a collection's templates, oldest first, each with how many NFTs of its token id are minted
 * (success) and on their way (pending); with the template total.
 */
export async function listTemplatesWithSupply(db: Database, collectionId: string, page: number, perPage: number) {
  const minted = sql<number>`count(${nfts.id}) filter (where ${nfts.status} = 'success')`.mapWith(Number);
  const pending = sql<number>`count(${nfts.id}) filter (where ${nfts.status} = 'pending')`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({ template: collectionTemplates, minted, pending })
      .from(collectionTemplates)
      .leftJoin(nfts, and(eq(nfts.collectionId, collectionTemplates.collectionId), eq(nfts.tokenId, collectionTemplates.tokenId)))
      .where(eq(collectionTemplates.collectionId, collectionId))
      .groupBy(collectionTemplates.id)
      .orderBy(collectionTemplates.createdAt, collectionTemplates.id)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(collectionTemplates).where(eq(collectionTemplates.collectionId, collectionId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One NFT of a collection; undefined when the collection has no NFT with that id. */
export async function findCollectionNft(db: Database, collectionId: string, nftId: string): Promise<NftViewRow | undefined> {
  const [row] = await db
    .select()
    .from(nfts)
    .where(and(eq(nfts.collectionId, collectionId), eq(nfts.id, nftId)))
    .limit(1);
  return row;
}
