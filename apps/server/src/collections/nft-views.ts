// The read side of minting: what the console's collection pages (dashboard, created/nfts, registered/nfts) and
// the end user's collection show (ADR 060–062). Read only; the minting pipeline writes the `nfts` read model.
import { ipfsToGateway } from '@keepsake/validation/urls';
import type { AppContext } from '../context.ts';
import { chainFacts } from './present.ts';
import * as views from './nft-views-store.ts';
import type { CollectionService } from './service.ts';

export type { NftStatus } from './nft-views-store.ts';

/** A token's page on the chain's block explorer (Etherscan's `/nft/{contract}/{tokenId}`); null without one (ADR 061). */
export function tokenExplorerUrl(explorerUrl: string | undefined, contractAddress: string | null, tokenId: string | null): string | null {
  return explorerUrl && contractAddress && tokenId ? `${explorerUrl}/nft/${contractAddress}/${tokenId}` : null;
}

export function createNftViews(ctx: AppContext, deps: { collections: CollectionService }) {
  const gateway = ctx.config.ipfsGatewayUrl;

  /** The metadata as a page shows it: IPFS links on the gateway. */
  function displayMetadata(metadata: views.NftViewRow['metadata']) {
    return {
      name: metadata.name,
      image: metadata.image ? ipfsToGateway(metadata.image, gateway) : null,
      description: metadata.description ?? null,
    };
  }

  function present(row: views.NftViewRow) {
    const facts = chainFacts(ctx, row.chain);
    return {
      id: row.id,
      chain: row.chain,
      chainName: facts.chainName,
      status: row.status,
      tokenStandard: row.tokenStandard,
      contractAddress: row.contractAddress,
      tokenId: row.tokenId,
      ownerAddress: row.ownerAddress,
      metadata: displayMetadata(row.metadata),
      explorerUrl: tokenExplorerUrl(facts.explorerUrl, row.contractAddress, row.tokenId),
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /** Console: the collection's mint counts by status. Any member reads; 404 for others. */
    async mintStats(userId: string, collectionId: string) {
      await deps.collections.consoleGet(userId, collectionId);
      const counts = await views.countByStatus(ctx.db, collectionId);
      return { ...counts, total: counts.pending + counts.success + counts.failed };
    },

    /** Console: a page of the collection's NFTs (every status, or one), newest first. Any member reads. */
    async listCollectionNfts(userId: string, collectionId: string, query: { status?: views.NftStatus | undefined; page: number; perPage: number }) {
      await deps.collections.consoleGet(userId, collectionId);
      const { rows, total } = await views.listCollectionNfts(ctx.db, collectionId, query);
      return { nfts: rows.map(present), page: query.page, perPage: query.perPage, total };
    },

    /**
     * Console: what the collection has registered for minting (ADR 062): its templates with their supply used
     * and limit, and the collection-wide supply (limit and minted) for ERC-721 collections.
     */
    async registeredNfts(userId: string, collectionId: string, query: { page: number; perPage: number }) {
      const collection = await deps.collections.consoleGet(userId, collectionId);
      const [{ rows, total }, counts] = await Promise.all([
        views.listTemplatesWithSupply(ctx.db, collectionId, query.page, query.perPage),
        views.countByStatus(ctx.db, collectionId),
      ]);
      return {
        supply: { limit: collection.supplyLimit ?? null, minted: counts.success, pending: counts.pending },
        templates: rows.map(({ template, minted, pending }) => ({
          templateId: template.id,
          tokenId: template.tokenId,
          metadata: displayMetadata(template.metadata),
          supply: { limit: template.supplyLimit, minted, pending },
          createdAt: template.createdAt.toISOString(),
        })),
        page: query.page,
        perPage: query.perPage,
        total,
      };
    },

    /** The NFTs that `addresses` hold on chain (any project), newest first, with their collection's name. */
    async listHeldByAddresses(addresses: readonly string[], page: number, perPage: number) {
      const { rows, total } = await views.listHeldByAddresses(ctx.db, addresses, page, perPage);
      return {
        nfts: rows.map(({ nft, collectionName }) => ({ ...present(nft), collection: { id: nft.collectionId, name: collectionName } })),
        page,
        perPage,
        total,
      };
    },
  };
}

export type NftViews = ReturnType<typeof createNftViews>;
