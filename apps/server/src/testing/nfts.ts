import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '@keepsake/db/client';
import { nfts, type NftMetadata } from '@keepsake/db/schema';
import type { TestServer } from './harness.ts';

export type SeedNft = {
  status?: 'pending' | 'success' | 'failed';
  /** The recipient; a wallet address (EIP-55). */
  ownerAddress: string;
  metadata?: NftMetadata;
  /** Set for success rows by default (the next number); null for pending and failed rows. */
  tokenId?: string | null;
  createdAt?: Date;
};

/**
 * Stands in for the minting pipeline in view tests (ADR 060): inserts rows into the `nfts` read model for a
 * real collection (created and deployed through the developer API) as the pipeline would leave them: pending
 * and failed rows without a token id, success rows with the collection's contract address and a token id.
 * Rows are inserted one at a time with strictly increasing `createdAt`, so "newest first" is the reverse of
 * the order given. Returns the rows' ids in the order given.
 */
export async function seedNfts(server: TestServer, collection: SeedCollection, rows: SeedNft[]): Promise<string[]> {
  return insertNfts(server.ctx.db, collection, rows);
}

export type SeedCollection = { id: string; projectId: string; chain: string; contractAddress: string | null; tokenStandard?: 'erc-721' | 'erc-1155' };

/** {@link seedNfts} on a database handle: for a server running in another process (the e2e specs). */
export async function insertNfts(db: Database, collection: SeedCollection, rows: SeedNft[]): Promise<string[]> {
  const ids: string[] = [];
  const start = Date.now() - rows.length * 1000;
  let nextToken = 1;
  for (const [index, row] of rows.entries()) {
    const status = row.status ?? 'success';
    const id = randomUUID();
    const tokenId = row.tokenId !== undefined ? row.tokenId : status === 'success' ? String(nextToken++) : null;
    await db.insert(nfts).values({
      id,
      projectId: collection.projectId,
      collectionId: collection.id,
      chain: collection.chain,
      status,
      tokenStandard: collection.tokenStandard ?? 'erc-721',
      contractAddress: status === 'success' ? collection.contractAddress : null,
      tokenId,
      ownerAddress: row.ownerAddress,
      metadata: row.metadata ?? { name: `Token ${index + 1}`, image: `https://cdn.example.com/${index + 1}.png` },
      createdAt: row.createdAt ?? new Date(start + index * 1000),
    });
    ids.push(id);
  }
  return ids;
}

/** A connection to a server's PostgreSQL database, for {@link insertNfts} from outside the server process. */
export async function openSeedDatabase(url: string): Promise<{ db: Database; close(): Promise<void> }> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  return { db: handle.db, close: () => handle.close() };
}
