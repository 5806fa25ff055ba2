import { consoleNftDetailResponse, consoleNftParams } from '@keepsake/wire/console/nft-detail';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { NftDetailService } from './nft-detail.ts';

/**
 * The console's NFT detail page (issue 11, ADR 093). Session auth; every member role reads; another project's
 * collection or NFT, or an NFT of another collection, is 404.
 */
export function nftDetailConsoleRoutes(app: App, detail: NftDetailService) {
  app.get(
    '/api/console/collections/:collectionId/nfts/:nftId',
    {
      config: { auth: { kind: 'session' as const } },
      schema: {
        tags: ['Console: collection NFTs'],
        summary: 'One NFT: metadata, attributes, owner, token, transaction, where to see it on chain, and its status history',
        params: consoleNftParams,
        response: { 200: consoleNftDetailResponse, ...clientErrors },
      },
    },
    async (request) => ({ nft: await detail.get(consoleUser(request).userId, request.params.collectionId, request.params.nftId) }),
  );
}
