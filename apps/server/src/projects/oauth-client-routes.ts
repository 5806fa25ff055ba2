import { oauthClientBody, oauthClientDeleteResponse, oauthClientParams, oauthClientSchema, oauthClientsResponse } from '@keepsake/wire/console/oauth-clients';
import { projectParams } from '@keepsake/wire/console/projects';
import type { App } from '../http/types.ts';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { ProjectService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: projects'];

/** /api/console/projects/{id}/oauth-providers: the project's OAuth client per provider (docs/oauth.md). */
export function oauthClientRoutes(app: App, projects: ProjectService) {
  app.get(
    '/api/console/projects/:id/oauth-providers',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's OAuth clients (never their secrets) and the redirect URI to register at each provider",
        params: projectParams,
        response: { 200: oauthClientsResponse, ...clientErrors },
      },
    },
    async (request) => projects.listOauthClients(request.params.id, consoleUser(request).userId),
  );

  app.put(
    '/api/console/projects/:id/oauth-providers/:provider',
    {
      config: session,
      schema: {
        tags,
        summary: "Set the project's client at a provider (owners and admins); the secret is sealed and never shown again",
        params: oauthClientParams,
        body: oauthClientBody,
        response: { 200: oauthClientSchema, ...clientErrors },
      },
    },
    async (request) => projects.saveOauthClient(request.params.id, consoleUser(request).userId, request.params.provider, request.body),
  );

  app.delete(
    '/api/console/projects/:id/oauth-providers/:provider',
    {
      config: session,
      schema: {
        tags,
        summary: "Remove the project's client at a provider (owners and admins)",
        params: oauthClientParams,
        response: { 200: oauthClientDeleteResponse, ...clientErrors },
      },
    },
    async (request) => projects.removeOauthClient(request.params.id, consoleUser(request).userId, request.params.provider),
  );
}
