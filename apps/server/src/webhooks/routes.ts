import { projectParams } from '@keepsake/wire/console/projects';
import {
  attemptsQuery,
  attemptsResponse,
  createEndpointBody,
  endpointDeletedResponse,
  endpointListResponse,
  endpointParams,
  endpointResponse,
  endpointWithSecretResponse,
  eventTypesResponse,
  queuedMessageResponse,
  resendBody,
  secretResponse,
  testEventBody,
  updateEndpointBody,
} from '@keepsake/wire/console/webhooks';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { WebhookService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: webhooks'];
const base = '/api/console/projects/:id/webhooks';

/**
 * /api/console/projects/{id}/webhooks… (spec §7 "webhooks and attempts"). Every route needs a console session;
 * members read, owners and admins manage (the service checks).
 */
export function webhookConsoleRoutes(app: App, webhooks: WebhookService) {
  app.get(
    '/api/console/webhooks/event-types',
    {
      config: session,
      schema: {
        tags,
        summary: 'The event types an endpoint can subscribe to',
        response: { 200: eventTypesResponse, ...clientErrors },
      },
    },
    async () => ({ eventTypes: webhooks.eventTypes() }),
  );

  app.get(
    base,
    {
      config: session,
      schema: {
        tags,
        summary: "List a project's webhook endpoints",
        params: projectParams,
        response: { 200: endpointListResponse, ...clientErrors },
      },
    },
    async (request) => ({ endpoints: await webhooks.listEndpoints(request.params.id, consoleUser(request).userId) }),
  );

  app.post(
    base,
    {
      config: session,
      schema: {
        tags,
        summary: 'Create an endpoint; its whsec_ signing secret is in the response',
        params: projectParams,
        body: createEndpointBody,
        response: { 201: endpointWithSecretResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const created = await webhooks.createEndpoint(request.params.id, consoleUser(request).userId, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    `${base}/:endpointId`,
    {
      config: session,
      schema: { tags, summary: 'Read an endpoint', params: endpointParams, response: { 200: endpointResponse, ...clientErrors } },
    },
    async (request) => ({ endpoint: await webhooks.getEndpoint(request.params.id, consoleUser(request).userId, request.params.endpointId) }),
  );

  app.patch(
    `${base}/:endpointId`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Change the URL, description or events, or enable or disable an endpoint',
        params: endpointParams,
        body: updateEndpointBody,
        response: { 200: endpointResponse, ...clientErrors },
      },
    },
    async (request) => ({ endpoint: await webhooks.updateEndpoint(request.params.id, consoleUser(request).userId, request.params.endpointId, request.body) }),
  );

  app.delete(
    `${base}/:endpointId`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: endpointParams,
        response: { 200: endpointDeletedResponse, ...clientErrors },
      },
    },
    async (request) => webhooks.deleteEndpoint(request.params.id, consoleUser(request).userId, request.params.endpointId),
  );

  app.get(
    `${base}/:endpointId/secret`,
    {
      config: session,
      schema: {
        tags,
        summary: "Reveal an endpoint's signing secret (owners and admins)",
        params: endpointParams,
        response: { 200: secretResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const revealed = await webhooks.revealSecret(request.params.id, consoleUser(request).userId, request.params.endpointId);
      return reply.header('cache-control', 'no-store').send(revealed);
    },
  );

  app.post(
    `${base}/:endpointId/secret/rotate`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Rotate the signing secret; the previous one keeps signing beside it for 24 hours',
        params: endpointParams,
        response: { 200: endpointWithSecretResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const rotated = await webhooks.rotateSecret(request.params.id, consoleUser(request).userId, request.params.endpointId);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  app.get(
    `${base}/:endpointId/attempts`,
    {
      config: session,
      schema: {
        tags,
        summary: "An endpoint's delivery attempts, newest first",
        params: endpointParams,
        querystring: attemptsQuery,
        response: { 200: attemptsResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      return webhooks.listAttempts(request.params.id, consoleUser(request).userId, request.params.endpointId, page, perPage);
    },
  );

  app.post(
    `${base}/:endpointId/resend`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Resend a message to this endpoint (one more attempt, queued)',
        params: endpointParams,
        body: resendBody,
        response: { 202: queuedMessageResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const queued = await webhooks.resend(request.params.id, consoleUser(request).userId, request.params.endpointId, request.body.messageId);
      return reply.status(202).send(queued);
    },
  );

  app.post(
    `${base}/:endpointId/test`,
    {
      config: session,
      schema: {
        tags,
        summary: "Send an event type's example payload to this endpoint",
        params: endpointParams,
        body: testEventBody,
        response: { 202: queuedMessageResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const sent = await webhooks.sendTestEvent(request.params.id, consoleUser(request).userId, request.params.endpointId, request.body.eventType);
      return reply.status(202).send(sent);
    },
  );
}
