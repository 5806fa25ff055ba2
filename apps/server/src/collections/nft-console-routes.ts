import { z } from 'zod';
import { consoleUser } from '../http/auth.ts';
import { clientErrors, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { NftViews } from './nft-views.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: collection NFTs'];
const collectionParams = z.object({ id: uuidSchema });
const statuses = ['pending', 'success', 'failed'] as const;

const displayMetadataSchema = z.object({ name: z.string(), image: z.string().nullable(), description: z.string().nullable() });

/** One NFT as the console and the end user's collection show it. */
export const nftViewSchema = z.object({
  id: z.string(),
  chain: z.string(),
  chainName: z.string(),
  status: z.enum(statuses),
  tokenStandard: z.enum(['erc-721', 'erc-1155']),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable().meta({ description: 'A uint256 as a decimal string; null until minted' }),
  ownerAddress: z.string().meta({ description: 'The recipient, who holds the token once minted' }),
  metadata: displayMetadataSchema,
  explorerUrl: z.string().nullable().meta({ description: "The token on the chain's block explorer; null where there is none" }),
  createdAt: z.string(),
});

const statusQuery = z
  .enum(statuses, { message: 'status must be one of pending, success or failed' })
  .optional()
  .meta({ description: 'Only NFTs in this status' });

/**
 * The console's NFT pages of a collection (ADR 060–062): mint counts, the minted NFTs and the registered
 * templates. Session auth; every member role reads; another project's collection is 404.
 */
export function collectionNftConsoleRoutes(app: App, views: NftViews) {
  app.get(
    '/api/console/collections/:id/mint-stats',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's mint counts by status",
        params: collectionParams,
        response: {
          200: z.object({ pending: z.number().int(), success: z.number().int(), failed: z.number().int(), total: z.number().int() }),
          ...clientErrors,
        },
      },
    },
    async (request) => views.mintStats(consoleUser(request).userId, request.params.id),
  );

  app.get(
    '/api/console/collections/:id/nfts',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's NFTs in every status (or one), newest first",
        params: collectionParams,
        querystring: z.object({ status: statusQuery, page: pageQuerySchema, perPage: perPageQuerySchema }),
        response: {
          200: z.object({ nfts: z.array(nftViewSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() }),
          ...clientErrors,
        },
      },
    },
    async (request) => views.listCollectionNfts(consoleUser(request).userId, request.params.id, request.query),
  );

  const supplySchema = z.object({ limit: z.number().int().nullable(), minted: z.number().int(), pending: z.number().int() });
  app.get(
    '/api/console/collections/:id/registered-nfts',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's registered NFTs: its templates with supply used and limit, and the collection's supply",
        params: collectionParams,
        querystring: z.object({ page: pageQuerySchema, perPage: perPageQuerySchema }),
        response: {
          200: z.object({
            supply: supplySchema,
            templates: z.array(
              z.object({ templateId: z.string(), tokenId: z.string(), metadata: displayMetadataSchema, supply: supplySchema, createdAt: z.string() }),
            ),
            page: z.number().int(),
            perPage: z.number().int(),
            total: z.number().int(),
          }),
          ...clientErrors,
        },
      },
    },
    async (request) => views.registeredNfts(consoleUser(request).userId, request.params.id, request.query),
  );
}
