import {
  collectionListQuery,
  collectionListResponse,
  collectionParams,
  collectionSchema,
  createTemplateBody,
  templateListResponse,
  templateParams,
  templateSchema,
} from '@keepsake/wire/developer/collections';
import { apiKeyCaller } from '../http/auth.ts';
import { idempotencyHeaders, idempotencyOf } from '../http/idempotency.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import { createCollectionBody, updateCollectionBody } from './schemas.ts';
import type { CollectionService } from './service.ts';

const base = '/api/2022-06-09/collections';
const tags = ['Developer API: collections'];
const security = [{ apiKey: [] }];
// Loose: the validated headers replace request.headers, so every other header must pass through untouched.
/**
 * The developer REST API's collections and templates (X-API-KEY; Crossmint-compatible shapes). Creating a
 * collection returns at once with `onChain.status: pending` and an `actionId`; the contract is deployed in
 * the background (GET /api/2022-06-09/actions/{actionId}).
 */
export function collectionRoutes(app: App, collections: CollectionService) {
  const create = { auth: { kind: 'apiKey' as const, scope: 'collections.create' as const } };
  const read = { auth: { kind: 'apiKey' as const, scope: 'collections.read' as const } };

  app.post(
    base,
    {
      config: create,
      schema: {
        tags,
        summary: 'Create a collection; its contract is deployed asynchronously (ERC-721 non-fungible, ERC-1155 semi-fungible)',
        security,
        headers: idempotencyHeaders,
        body: createCollectionBody,
        response: { 201: collectionSchema, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { projectId } = apiKeyCaller(request);
      const result = await collections.create(projectId, request.body, { idempotency: idempotencyOf(request) });
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: "List the API key's project's collections, newest first",
        security,
        querystring: collectionListQuery,
        response: { 200: collectionListResponse, ...clientErrors },
      },
    },
    async (request) => collections.list(apiKeyCaller(request).projectId, request.query.page, request.query.perPage),
  );

  app.get(
    `${base}/:collectionId`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Read a collection and its deploy status',
        security,
        params: collectionParams,
        response: { 200: collectionSchema, ...clientErrors },
      },
    },
    async (request) => collections.get(apiKeyCaller(request).projectId, request.params.collectionId),
  );

  app.put(
    `${base}/:collectionId`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Create a collection under an id of your choosing; the same body again answers the same collection, another body 409',
        security,
        params: collectionParams,
        body: createCollectionBody,
        response: { 200: collectionSchema, 201: collectionSchema, ...clientErrors },
      },
    },
    async (request, reply) => {
      const result = await collections.create(apiKeyCaller(request).projectId, request.body, { id: request.params.collectionId });
      return reply.status(result.status).send(result.body);
    },
  );

  app.patch(
    `${base}/:collectionId`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Change metadata, the supply limit (kept in step on chain; not below what is minted) or payments',
        security,
        params: collectionParams,
        body: updateCollectionBody,
        response: { 200: collectionSchema, ...clientErrors },
      },
    },
    async (request) => collections.update(apiKeyCaller(request).projectId, request.params.collectionId, request.body),
  );

  app.post(
    `${base}/:collectionId/templates`,
    {
      config: create,
      schema: {
        tags,
        summary: 'Create a template (an ERC-1155 token id) in a semi-fungible collection',
        security,
        headers: idempotencyHeaders,
        params: collectionParams,
        body: createTemplateBody,
        response: { 201: templateSchema, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { projectId } = apiKeyCaller(request);
      const result = await collections.createTemplate(projectId, request.params.collectionId, request.body, idempotencyOf(request));
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    `${base}/:collectionId/templates`,
    {
      config: read,
      schema: {
        tags,
        summary: "List a collection's templates, oldest first",
        security,
        params: collectionParams,
        querystring: collectionListQuery,
        response: { 200: templateListResponse, ...clientErrors },
      },
    },
    async (request) => collections.listTemplates(apiKeyCaller(request).projectId, request.params.collectionId, request.query.page, request.query.perPage),
  );

  app.get(
    `${base}/:collectionId/templates/:templateId`,
    {
      config: read,
      schema: { tags, summary: 'Read a template', security, params: templateParams, response: { 200: templateSchema, ...clientErrors } },
    },
    async (request) => collections.getTemplate(apiKeyCaller(request).projectId, request.params.collectionId, request.params.templateId),
  );
}
