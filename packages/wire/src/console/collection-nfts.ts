// The console's NFT pages of a collection (ADR 060–062): mint counts, the minted NFTs and the registered
// templates; and the NFT view the end user's collection shares.
import { z } from 'zod';
import { mintStatuses, pageFields, pageQuerySchema, perPageQuerySchema } from '../common.ts';

const displayMetadataSchema = z.object({ name: z.string(), image: z.string().nullable(), description: z.string().nullable() });

/** One NFT as the console and the end user's collection show it. */
export const nftViewSchema = z.object({
  id: z.string(),
  chain: z.string(),
  chainName: z.string(),
  status: z.enum(mintStatuses),
  tokenStandard: z.enum(['erc-721', 'erc-1155']),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable().meta({ description: 'A uint256 as a decimal string; null until minted' }),
  ownerAddress: z.string().meta({ description: 'The recipient, who holds the token once minted' }),
  metadata: displayMetadataSchema,
  explorerUrl: z.string().nullable().meta({ description: "The token on the chain's block explorer; null where there is none" }),
  createdAt: z.string(),
});

/** GET …/mint-stats: the collection's mint counts by status. */
export const mintStatsResponse = z.object({ pending: z.number().int(), success: z.number().int(), failed: z.number().int(), total: z.number().int() });

const statusQuery = z
  .enum(mintStatuses, { message: 'status must be one of pending, success or failed' })
  .optional()
  .meta({ description: 'Only NFTs in this status' });

/** GET …/nfts: every status (or one), newest first. */
export const collectionNftsQuery = z.object({ status: statusQuery, page: pageQuerySchema, perPage: perPageQuerySchema });
export const collectionNftsResponse = z.object({ nfts: z.array(nftViewSchema), ...pageFields });

const supplySchema = z.object({ limit: z.number().int().nullable(), minted: z.number().int(), pending: z.number().int() });

/** GET …/registered-nfts: the templates with their supply used and limit, and the collection's supply. */
export const registeredNftsQuery = z.object({ page: pageQuerySchema, perPage: perPageQuerySchema });
export const registeredNftsResponse = z.object({
  supply: supplySchema,
  templates: z.array(z.object({ templateId: z.string(), tokenId: z.string(), metadata: displayMetadataSchema, supply: supplySchema, createdAt: z.string() })),
  ...pageFields,
});
