import { z } from 'zod';
import { uuidSchema } from '@keepsake/wire/common';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { MetadataService } from './metadata.ts';

const tags = ['Metadata (public)'];
/** Anyone may read metadata, from any origin (dapps fetch it in the browser), and cache it briefly. */
const publicHeaders = { 'cache-control': 'public, max-age=60', 'access-control-allow-origin': '*' };

const attribute = z.object({ trait_type: z.string().optional(), value: z.union([z.string(), z.number(), z.boolean()]), display_type: z.string().optional() });
const tokenMetadataResponse = z
  .object({
    name: z.string(),
    description: z.string().optional(),
    image: z.string().optional(),
    animation_url: z.string().optional(),
    attributes: z.array(attribute).optional(),
  })
  .meta({ id: 'TokenMetadata' });
const contractMetadataResponse = z
  .object({
    name: z.string(),
    description: z.string(),
    symbol: z.string().optional(),
    image: z.string().optional(),
    banner_image: z.string().optional(),
    external_link: z.string().optional(),
  })
  .meta({ id: 'ContractMetadata' });

/** What wallets and marketplaces read: no credentials, short public caching. */
export function metadataRoutes(app: App, metadata: MetadataService) {
  app.get(
    '/api/metadata/:collectionId/contract',
    {
      schema: {
        tags,
        summary: "A collection's contract-level metadata (the contract's contractURI)",
        params: z.object({ collectionId: uuidSchema }),
        response: { 200: contractMetadataResponse, ...clientErrors },
      },
    },
    async (request, reply) => reply.headers(publicHeaders).send(await metadata.contract(request.params.collectionId)),
  );

  app.get(
    '/api/metadata/:collectionId/:tokenId',
    {
      schema: {
        tags,
        summary: "A token's ERC-721/ERC-1155 metadata JSON (the contract's tokenURI / uri); 404 until the token exists",
        params: z.object({
          collectionId: uuidSchema,
          tokenId: z.string().regex(/^(0|[1-9]\d{0,77})$/, 'tokenId must be a whole number'),
        }),
        response: { 200: tokenMetadataResponse, ...clientErrors },
      },
    },
    async (request, reply) => reply.headers(publicHeaders).send(await metadata.token(request.params.collectionId, request.params.tokenId)),
  );
}
