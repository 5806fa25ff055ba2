// The collections domain's side of the wallets' NftHoldingsReader port (ADR 039): a query on the NFT read
// model. The minting task owns the `nfts` table and keeps this query in step with it.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { nfts } from '@keepsake/db/schema';
import type { HeldNft, NftHoldingsReader } from '../wallets/nft-holdings.ts';

export function createNftHoldingsReader(db: Database): NftHoldingsReader {
  return {
    async listHeld({ projectId, address, chains, page, perPage }) {
      const rows = await db
        .select({ chain: nfts.chain, contractAddress: nfts.contractAddress, tokenId: nfts.tokenId, tokenStandard: nfts.tokenStandard, metadata: nfts.metadata })
        .from(nfts)
        .where(
          and(
            eq(nfts.projectId, projectId),
            eq(nfts.ownerAddress, address),
            inArray(nfts.chain, [...chains]),
            eq(nfts.status, 'success'),
            isNotNull(nfts.contractAddress),
            isNotNull(nfts.tokenId),
          ),
        )
        .orderBy(desc(nfts.createdAt), desc(nfts.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return rows.map((row): HeldNft => ({ ...row, contractAddress: row.contractAddress!, tokenId: row.tokenId! }));
    },
  };
}
