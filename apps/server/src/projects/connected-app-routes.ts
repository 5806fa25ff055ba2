import {
  connectedAppCreateBody,
  connectedAppCreateResponse,
  connectedAppDeleteResponse,
  connectedAppParams,
  connectedAppSchema,
  connectedAppsParams,
  connectedAppsResponse,
  connectedAppUpdateBody,
  identityProviderBody,
  identityProviderSchema,
} from '@keepsake/wire/console/connected-apps';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { ConnectedAppsConsole } from './connected-apps.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: connected apps'];

/** /api/console/projects/{id}/connected-apps and /identity-provider (docs/identity-provider.md). */
export function connectedAppRoutes(app: App, connectedApps: ConnectedAppsConsole) {
  app.get(
    '/api/console/projects/:id/connected-apps',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's identity provider (issuer, authorization URL) and its connected apps (never their secrets)",
        params: connectedAppsParams,
        response: { 200: connectedAppsResponse, ...clientErrors },
      },
    },
    async (request) => connectedApps.list(request.params.id, consoleUser(request).userId),
  );

  app.post(
    '/api/console/projects/:id/connected-apps',
    {
      config: session,
      schema: {
        tags,
        summary: 'Register a connected app (owners and admins); a confidential app’s secret is in this answer only',
        params: connectedAppsParams,
        body: connectedAppCreateBody,
        response: { 201: connectedAppCreateResponse, ...clientErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await connectedApps.create(request.params.id, consoleUser(request).userId, request.body)),
  );

  app.patch(
    '/api/console/projects/:id/connected-apps/:clientId',
    {
      config: session,
      schema: {
        tags,
        summary: 'Change a connected app’s name, type, redirect URIs or scopes (owners and admins)',
        params: connectedAppParams,
        body: connectedAppUpdateBody,
        response: { 200: connectedAppSchema, ...clientErrors },
      },
    },
    async (request) => connectedApps.update(request.params.id, consoleUser(request).userId, request.params.clientId, request.body),
  );

  app.delete(
    '/api/console/projects/:id/connected-apps/:clientId',
    {
      config: session,
      schema: {
        tags,
        summary: 'Remove a connected app (owners and admins); its codes and refresh tokens stop working',
        params: connectedAppParams,
        response: { 200: connectedAppDeleteResponse, ...clientErrors },
      },
    },
    async (request) => connectedApps.remove(request.params.id, consoleUser(request).userId, request.params.clientId),
  );

  app.put(
    '/api/console/projects/:id/identity-provider',
    {
      config: session,
      schema: {
        tags,
        summary: "Set the project's authorization URL: the page hosting the widget in IdP-consent mode (owners and admins)",
        params: connectedAppsParams,
        body: identityProviderBody,
        response: { 200: identityProviderSchema, ...clientErrors },
      },
    },
    async (request) => connectedApps.setAuthorizationUrl(request.params.id, consoleUser(request).userId, request.body.authorizationUrl),
  );
}
