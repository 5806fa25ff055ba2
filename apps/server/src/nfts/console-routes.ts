import { consoleCollectionParams } from '@keepsake/wire/console/collections';
import { createNftBody, createNftResponse } from '@keepsake/wire/developer/nfts';
import { consoleUser } from '../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../http/idempotency.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { NftService } from './service.ts';

/**
 * Minting from the console API (ADR 120): the developer API's body and answer, with a console session or a CLI
 * token instead of an API key; owners and admins of the collection's project only. The CLI's `mint` uses it.
 */
export function nftConsoleRoutes(app: App, nfts: NftService) {
  app.post(
    '/api/console/collections/:id/nfts',
    {
      config: { auth: { kind: 'session' as const } },
      schema: {
        tags: ['Console: collection NFTs'],
        summary: 'Mint an NFT, or a batch {nfts:[…]} (owners and admins); minted asynchronously, as the developer API does',
        headers: idempotencyHeaders,
        params: consoleCollectionParams,
        body: createNftBody,
        response: { 201: createNftResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const result = await nfts.consoleCreate(consoleUser(request).userId, request.params.id, request.body, idempotencyOf(request));
      return reply.status(result.status).send(result.body);
    },
  );
}
