import { myNftsQuery, myNftsResponse } from '@keepsake/wire/console/session';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { UserCollectionService } from './service.ts';

/** `GET /api/session/nfts`: the signed-in user's NFTs for `/user/collection` (session cookie, ADR 060). */
export function userCollectionRoutes(app: App, service: UserCollectionService) {
  app.get(
    '/api/session/nfts',
    {
      config: { auth: { kind: 'session' as const } },
      schema: {
        tags: ['Product session'],
        summary: "The signed-in user's NFTs: those held by their email wallets in every project, newest first",
        querystring: myNftsQuery,
        response: { 200: myNftsResponse, ...clientErrors },
      },
    },
    async (request) => service.list(consoleUser(request).userId, request.query.page, request.query.perPage),
  );
}
