// The metadata JSON a collection's contract points at (ADR 032): `tokenURI(id)` / `uri(id)` is
// `<PUBLIC_URL>/api/metadata/<collectionId>/<tokenId>`, `contractURI()` is `…/<collectionId>/contract`.
// IPFS links are served through the configured gateway (IPFS_GATEWAY_URL, spec §5).
import type { TokenMetadataColumn } from '@keepsake/db/schema';
import { ipfsToGateway } from '@keepsake/validation/urls';
import type { AppContext } from '../context.ts';
import { CollectionNotFoundError, TokenMetadataNotFoundError } from './errors.ts';
import * as store from './store.ts';

/** ERC-721/1155 metadata JSON (the OpenSea shape), with IPFS links on the gateway. */
export function tokenMetadataJson(metadata: TokenMetadataColumn, gateway: string) {
  return {
    name: metadata.name,
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.image ? { image: ipfsToGateway(metadata.image, gateway) } : {}),
    ...(metadata.animation_url ? { animation_url: ipfsToGateway(metadata.animation_url, gateway) } : {}),
    ...(metadata.attributes ? { attributes: metadata.attributes } : {}),
  };
}

export function createMetadataService(ctx: AppContext) {
  const gateway = ctx.config.ipfsGatewayUrl;

  async function collectionOf(collectionId: string) {
    const row = await store.findCollectionById(ctx.db, collectionId);
    if (!row) throw new CollectionNotFoundError();
    return row;
  }

  return {
    /**
     * A token's metadata: a semi-fungible collection's template for that token id, or what the minting task
     * stored for an NFT once minted. 404 until then.
     */
    async token(collectionId: string, tokenId: string) {
      const collection = await collectionOf(collectionId);
      const template = collection.fungibility === 'semi-fungible' ? await store.findTemplateByToken(ctx.db, collectionId, tokenId) : undefined;
      const metadata = template?.metadata ?? (await store.findTokenMetadata(ctx.db, collectionId, tokenId))?.metadata;
      if (!metadata) throw new TokenMetadataNotFoundError(tokenId);
      return tokenMetadataJson(metadata, gateway);
    },

    /** Contract-level metadata (ERC-7572 / OpenSea `contractURI`): name, description, image, banner, link. */
    async contract(collectionId: string) {
      const { metadata, branding, socialLinks } = await collectionOf(collectionId);
      return {
        name: metadata.name,
        description: metadata.description,
        ...(metadata.symbol ? { symbol: metadata.symbol } : {}),
        ...(metadata.imageUrl ? { image: ipfsToGateway(metadata.imageUrl, gateway) } : {}),
        ...(branding.bannerUrl ? { banner_image: ipfsToGateway(branding.bannerUrl, gateway) } : {}),
        ...(socialLinks.website ? { external_link: socialLinks.website } : {}),
      };
    },
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;
