import {
  collectionNftsQuery,
  collectionNftsResponse,
  mintStatsResponse,
  registeredNftsQuery,
  registeredNftsResponse,
} from '@keepsake/wire/console/collection-nfts';
import { consoleCollectionParams as collectionParams } from '@keepsake/wire/console/collections';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { NftViews } from './nft-views.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: collection NFTs'];

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
        response: { 200: mintStatsResponse, ...clientErrors },
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
        querystring: collectionNftsQuery,
        response: { 200: collectionNftsResponse, ...clientErrors },
      },
    },
    async (request) => views.listCollectionNfts(consoleUser(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/console/collections/:id/registered-nfts',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's registered NFTs: its templates with supply used and limit, and the collection's supply",
        params: collectionParams,
        querystring: registeredNftsQuery,
        response: { 200: registeredNftsResponse, ...clientErrors },
      },
    },
    async (request) => views.registeredNfts(consoleUser(request).userId, request.params.id, request.query),
  );
}
