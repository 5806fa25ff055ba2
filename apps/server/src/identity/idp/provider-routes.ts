import type { FastifyError, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keepsake/wire/errors';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { ClientCredentials } from './client-auth.ts';
import { OauthProtocolError } from './errors.ts';
import type { IdentityProvider } from './service.ts';

const tags = ['Identity provider (OpenID Connect)'];
const FORM = 'application/x-www-form-urlencoded';
// Any string: an id that is not a project's is answered 404 identity_provider_not_found, like an unknown one.
const params = z.object({ project_id: z.string().max(200).describe('The project id') });
const oauthError = z.object({ error: z.string(), error_description: z.string() });
const field = z.string().max(4096).optional();
const tokenBody = z.object({
  grant_type: field,
  code: field,
  redirect_uri: field,
  code_verifier: field,
  refresh_token: field,
  scope: field,
  client_id: field,
  client_secret: field,
});
const tokenQuery = z.object({ token: field, token_type_hint: field, client_id: field, client_secret: field });
const introspectionResponse = z.union([
  z.object({ active: z.literal(false) }),
  z.object({
    active: z.literal(true),
    scope: z.string(),
    client_id: z.string(),
    sub: z.string(),
    exp: z.number(),
    iat: z.number(),
    token_type: z.enum(['Bearer', 'refresh_token']),
    iss: z.string(),
    aud: z.string(),
    jti: z.string().optional(),
  }),
]);
const protocolErrors = { 400: oauthError.or(errorResponseSchema), 401: oauthError.or(errorResponseSchema), 404: errorResponseSchema };
const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
  id_token: z.string().optional(),
  refresh_token: z.string().optional(),
});

/** RFC 6749 §2.3.1: client_secret_basic, each half form-urlencoded. */
function basicCredentials(header: string | undefined): ClientCredentials | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const unform = (value: string) => {
    try {
      return decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      return value;
    }
  };
  return { clientId: unform(decoded.slice(0, colon)), clientSecret: unform(decoded.slice(colon + 1)) };
}

/** The client's credentials: the Basic header, else client_id and client_secret in the form. */
function credentialsOf(request: FastifyRequest, body: { client_id?: string | undefined; client_secret?: string | undefined }): ClientCredentials {
  return basicCredentials(request.headers.authorization) ?? { clientId: body.client_id, clientSecret: body.client_secret };
}

function bearer(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The project's OpenID Connect endpoints under its issuer `{PUBLIC_URL}/v1/public/{project_id}` (ADR 115). The
 * authorization and end-session endpoints are the developer's page hosting the widget, not routes here.
 */
export function idpProviderRoutes(app: App, idp: IdentityProvider) {
  const { tokens, lifecycle } = idp;
  void app.register(async (scope) => {
    // Relying parties in a browser (public clients) call these across origins, without cookies.
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('access-control-allow-origin', '*');
      return payload;
    });
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    // Protocol errors answer in the shape relying parties read (RFC 6749 §5.2); the rest go to the app's handler.
    // A body that fails its schema is an RFC invalid_request on the OAuth endpoints too.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const protocol = error instanceof OauthProtocolError;
      if (!protocol && !(error.validation && request.url.includes('/oauth2/'))) throw error;
      const answer = protocol
        ? error
        : { status: 400, error: 'invalid_request', description: `The request does not match the expected form: ${error.message}` };
      if (answer.status === 401) reply.header('www-authenticate', answer.error === 'invalid_token' ? `Bearer error="invalid_token"` : 'Basic');
      return reply.status(answer.status).header('cache-control', 'no-store').send({ error: answer.error, error_description: answer.description });
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.options('/v1/public/:project_id/*', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send(),
    );

    routes.get(
      '/v1/public/:project_id/.well-known/openid-configuration',
      {
        schema: {
          tags,
          summary: "OpenID Connect discovery for the project's issuer",
          params,
          response: { 200: z.record(z.string(), z.unknown()), ...clientErrors },
        },
      },
      async (request) => tokens.discovery(request.params.project_id),
    );

    routes.get(
      '/v1/public/:project_id/.well-known/jwks.json',
      {
        schema: {
          tags,
          summary: "The public keys of the project's ID tokens",
          params,
          response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), ...clientErrors },
        },
      },
      async (request) => tokens.jwks(request.params.project_id),
    );

    routes.post(
      '/v1/public/:project_id/oauth2/token',
      {
        schema: {
          tags,
          summary: 'Token endpoint: authorization_code (PKCE) and refresh_token grants (form-encoded)',
          params,
          body: tokenBody,
          response: { 200: tokenResponse, ...protocolErrors },
        },
      },
      async (request, reply) => {
        const { client_id: _id, client_secret: _secret, ...grant } = request.body;
        const answer = await tokens.token(request.params.project_id, credentialsOf(request, request.body), grant);
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
      },
    );

    routes.post(
      '/v1/public/:project_id/oauth2/revoke',
      {
        schema: {
          tags,
          summary: 'RFC 7009 token revocation (form-encoded `token`): a refresh token ends its family, an access token itself; 200 for unknown tokens',
          params,
          body: tokenQuery,
          response: { 200: z.object({}), ...protocolErrors },
        },
      },
      async (request, reply) => {
        await lifecycle.revoke(request.params.project_id, credentialsOf(request, request.body), request.body);
        return reply.header('cache-control', 'no-store').send({});
      },
    );

    routes.post(
      '/v1/public/:project_id/oauth2/introspect',
      {
        schema: {
          tags,
          summary: 'RFC 7662 token introspection (form-encoded `token`) for confidential connected apps',
          params,
          body: tokenQuery,
          response: { 200: introspectionResponse, ...protocolErrors },
        },
      },
      async (request, reply) => {
        const answer = await lifecycle.introspect(request.params.project_id, credentialsOf(request, request.body), request.body);
        return reply.header('cache-control', 'no-store').send(answer);
      },
    );

    for (const method of ['GET', 'POST'] as const) {
      routes.route({
        method,
        url: '/v1/public/:project_id/oauth2/userinfo',
        schema: {
          tags,
          summary: "The signed-in user's claims, by the access token's scopes (Authorization: Bearer)",
          params,
          response: { 200: z.record(z.string(), z.unknown()), ...protocolErrors },
        },
        handler: async (request, reply) => reply.header('cache-control', 'no-store').send(await tokens.userinfo(request.params.project_id, bearer(request))),
      });
    }
  });
}
