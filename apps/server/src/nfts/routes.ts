import { collectionParams } from '@keepsake/wire/developer/collections';
import { createNftBody, createNftResponse, mintBody, nftListQuery, nftListResponse, nftParams, nftSchema } from '@keepsake/wire/developer/nfts';
import { apiKeyCaller } from '../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../http/idempotency.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { NftService } from './service.ts';

const base = '/api/2022-06-09/collections/:collectionId/nfts';
const tags = ['Developer API: minting'];
const security = [{ apiKey: [] }];
/**
 * Minting (X-API-KEY; Crossmint-compatible shapes). A mint is accepted at once with `onChain.status: pending`
 * and an `actionId`; workers mint it in a batch transaction and it turns `success` (with `tokenId`, `txId`) or
 * `failed`.
 */
export function nftRoutes(app: App, nfts: NftService) {
  const create = { auth: { kind: 'apiKey' as const, scope: 'nfts.create' as const } };
  const read = { auth: { kind: 'apiKey' as const, scope: 'nfts.read' as const } };

  app.post(
    base,
    {
      config: create,
      // The hottest route (ARCHITECTURE.md's acceptance budget): its answer is built by `presentNft` to the
      // response schema's type, so it is written as JSON without checking it against the schema again (~3% of
      // the request's CPU). The schema still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags,
        summary: 'Mint an NFT, or a batch {nfts:[…]} (answered {results:[…]}); minted asynchronously',
        security,
        headers: idempotencyHeaders,
        params: collectionParams,
        body: createNftBody,
        response: { 201: createNftResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const result = await nfts.create(apiKeyCaller(request).projectId, request.params.collectionId, request.body, idempotencyOf(request));
      return reply.status(result.status).send(result.body);
    },
  );

  app.put(
    `${base}/:nftId`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Mint an NFT under an id of your choosing; the same body again answers the same NFT, another body 409',
        security,
        params: nftParams,
        body: mintBody,
        response: { 200: nftSchema, 201: nftSchema, ...clientErrors },
      },
    },
    async (request, reply) => {
      const result = await nfts.put(apiKeyCaller(request).projectId, request.params.collectionId, request.params.nftId, request.body);
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    `${base}/:nftId`,
    {
      config: read,
      schema: { tags, summary: 'Read an NFT and its mint status', security, params: nftParams, response: { 200: nftSchema, ...clientErrors } },
    },
    async (request) => nfts.get(apiKeyCaller(request).projectId, request.params.collectionId, request.params.nftId),
  );

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: "List a collection's NFTs, newest first",
        security,
        params: collectionParams,
        querystring: nftListQuery,
        response: { 200: nftListResponse, ...clientErrors },
      },
    },
    async (request) => nfts.list(apiKeyCaller(request).projectId, request.params.collectionId, request.query.page, request.query.perPage),
  );
}
