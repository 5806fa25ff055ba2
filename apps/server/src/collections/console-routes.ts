import {
  chainsResponse,
  consoleCollectionParams as collectionParams,
  consoleCollectionResponse as collectionResponse,
  consoleCollectionsQuery,
  consoleCollectionsResponse,
  consoleUpdateCollectionBody,
  updateBrandingBody,
} from '@keepsake/wire/console/collections';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import { consoleCreateCollectionBody } from './schemas.ts';
import type { CollectionService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: collections'];

/**
 * The console's collections (spec §7: /api/v1-alpha1/collections, /api/console/collections/{id}, …/branding).
 * Session auth; members read, owners and admins create and change (the service checks). The same service as
 * the developer API.
 */
export function collectionConsoleRoutes(app: App, collections: CollectionService) {
  app.get(
    '/api/console/chains',
    {
      config: session,
      schema: {
        tags,
        summary: 'The chains this server deploys collections on (for the chain select)',
        response: { 200: chainsResponse, ...clientErrors },
      },
    },
    async () => ({ chains: collections.deployableChains().map((c) => ({ ...c, explorerUrl: c.explorerUrl ?? null })) }),
  );

  app.get(
    '/api/v1-alpha1/collections',
    {
      config: session,
      schema: {
        tags,
        summary: "A project's collections, newest first",
        querystring: consoleCollectionsQuery,
        response: { 200: consoleCollectionsResponse, ...clientErrors },
      },
    },
    async (request) => collections.consoleList(consoleUser(request).userId, request.query.projectId, request.query.page, request.query.perPage),
  );

  app.post(
    '/api/v1-alpha1/collections',
    {
      config: session,
      schema: {
        tags,
        summary: 'Create a collection in a project (owners and admins); its contract deploys in the background',
        body: consoleCreateCollectionBody,
        response: { 201: collectionResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { projectId, ...input } = request.body;
      return reply.status(201).send({ collection: await collections.consoleCreate(consoleUser(request).userId, projectId, input) });
    },
  );

  app.get(
    '/api/console/collections/:id',
    {
      config: session,
      schema: {
        tags,
        summary: 'A collection with its deploy status, contract and links',
        params: collectionParams,
        response: { 200: collectionResponse, ...clientErrors },
      },
    },
    async (request) => ({ collection: await collections.consoleGet(consoleUser(request).userId, request.params.id) }),
  );

  app.patch(
    '/api/console/collections/:id',
    {
      config: session,
      schema: {
        tags,
        summary: "Change a collection's details: metadata and social links (owners and admins)",
        params: collectionParams,
        body: consoleUpdateCollectionBody,
        response: { 200: collectionResponse, ...clientErrors },
      },
    },
    async (request) => ({ collection: await collections.consoleUpdate(consoleUser(request).userId, request.params.id, request.body) }),
  );

  app.put(
    '/api/console/collections/:id/branding',
    {
      config: session,
      schema: {
        tags,
        summary: "Change a collection's branding: banner image and colors (owners and admins)",
        params: collectionParams,
        body: updateBrandingBody,
        response: { 200: collectionResponse, ...clientErrors },
      },
    },
    async (request) => ({ collection: await collections.consoleUpdateBranding(consoleUser(request).userId, request.params.id, request.body) }),
  );
}
