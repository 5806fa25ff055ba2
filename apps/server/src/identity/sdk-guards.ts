import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@keepsake/db/client';
import type { App } from '../http/types.ts';
import { sendError } from '../http/error-handler.ts';
import { errorTypes } from '../http/errors.ts';
import { CaptchaFailedError, CaptchaRequiredError, OriginNotAllowedError } from './errors.ts';
import { isLocalhostOrigin, isOwnOrigin, originAllowedFor } from './origins.ts';
import type { IdentityService } from './service.ts';
import { findTenantByPublicToken, originIndex, type Tenant } from './tenants.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which browser origins an /sdk/v1 route answers: `project` (default) those the project of the Basic public
     * token allows, `path-token` those of the project named by the `public_token` path parameter, `public` any
     * (public data, no credentials).
     */
    cors?: 'project' | 'path-token' | 'public';
    /** The route takes `captcha_token`; when the project enables captcha, it is required and verified. */
    captcha?: boolean;
  }
}

export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-sdk-client, x-sdk-parent-host';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('vary', 'Origin');
}

function refuse(origin: string): OriginNotAllowedError {
  return new OriginNotAllowedError(origin);
}

/**
 * Whether a preflight from `origin` is answered: the server's own pages, an origin some project allows, or, while
 * any test project exists, an http://localhost origin. A preflight carries no credentials, so it cannot know the
 * project; the real request is then checked against its own.
 */
async function preflightAllows(db: Database, publicUrl: string, request: FastifyRequest, origin: string): Promise<boolean> {
  if (isOwnOrigin(origin, publicUrl, request.headers.host)) return true;
  const index = await originIndex(db);
  return index.origins.has(origin) || (index.anyTestProject && isLocalhostOrigin(origin));
}

/**
 * For a route that learns its projects only from the body (POST /events: the public token in each event): the
 * call's Origin must be allowed by every one of them, as the onRequest hook requires of a Basic-auth call.
 * @throws OriginNotAllowedError `invalid_origin` when one of them does not allow it.
 */
export function admitOrigin(request: FastifyRequest, reply: FastifyReply, publicUrl: string, tenants: Tenant[]): void {
  const origin = request.headers.origin;
  if (origin === undefined || isOwnOrigin(origin, publicUrl, request.headers.host)) return;
  if (!tenants.every((tenant) => originAllowedFor(tenant, origin))) throw refuse(origin);
  allowOrigin(reply, origin);
}

/**
 * Browser-origin rules for the /sdk/v1 routes (docs/decisions/016, 077), the not-found answer of /sdk/v1, and the
 * captcha check of routes marked `config: { captcha: true }` (docs/decisions/017). Registered inside the /sdk/v1
 * plugin only.
 */
export function registerSdkGuards(app: App, identity: Pick<IdentityService, 'captcha' | 'sdkCallers'>) {
  const { db, config } = app.ctx;
  const { captcha, sdkCallers } = identity;

  async function tenantFor(request: FastifyRequest): Promise<Tenant | undefined> {
    if (request.routeOptions.config.cors === 'path-token') {
      const token = (request.params as { public_token?: unknown }).public_token;
      return typeof token === 'string' && token.length <= 200 ? findTenantByPublicToken(db, token) : undefined;
    }
    return (await sdkCallers(request).catch(() => undefined))?.tenant;
  }

  // Every non-preflight call with an Origin: the server's own pages pass; other origins must be allowed by the
  // project, and get CORS with credentials. This also covers cookie-authenticated changes (the CSRF check).
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (request.method === 'OPTIONS' || origin === undefined) return;
    if (request.routeOptions.config.cors === 'public') {
      reply.header('access-control-allow-origin', '*');
      return;
    }
    if (isOwnOrigin(origin, config.publicUrl, request.headers.host)) return;
    const tenant = await tenantFor(request);
    // No project yet: the route answers 401/404 itself (with CORS from the onSend hook below), or, for
    // POST /events, checks the projects its events name.
    if (!tenant) return;
    if (!originAllowedFor(tenant, origin)) throw refuse(origin);
    allowOrigin(reply, origin);
  });

  // An error answer carries the CORS headers its preflight promised (docs/decisions/077): otherwise the browser
  // hides it, and the client reports "Unable to contact our servers" instead of the API error. Errors carry no
  // project data, and a route's data is only ever sent after the hook above admitted the origin for its project.
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || reply.statusCode < 400 || request.method === 'OPTIONS' || reply.hasHeader('access-control-allow-origin')) {
      return done(null, payload);
    }
    preflightAllows(db, config.publicUrl, request, origin).then(
      (allowed) => {
        if (allowed && !isOwnOrigin(origin, config.publicUrl, request.headers.host)) allowOrigin(reply, origin);
        done(null, payload);
      },
      // The origin index could not be read: the answer goes out as it is, without CORS.
      () => done(null, payload),
    );
  });

  // Inside the plugin, so that an unknown /sdk/v1 path goes through the hooks above like any route.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    return sendError(request, reply, config.publicUrl, 404, errorTypes.routeNotFound, `Route ${request.method} ${pathname} not found.`);
  });

  // Preflights carry no credentials, so they are answered for any origin some project allows; the real request
  // is then checked against its own project before anything runs.
  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return sendError(request, reply, config.publicUrl, 400, errorTypes.badRequest, 'A preflight request needs an Origin header.');
    if (!(await preflightAllows(db, config.publicUrl, request, origin))) throw refuse(origin);
    allowOrigin(reply, origin);
    reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
    reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.status(204).send();
  });

  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.captcha) return;
    const { tenant } = await sdkCallers(request);
    if (!tenant.authConfig.captcha.enabled) return;
    const token = (request.body as { captcha_token?: unknown } | null | undefined)?.captcha_token;
    if (typeof token !== 'string' || token === '') {
      throw new CaptchaRequiredError();
    }
    const result = await captcha.verify(token, { remoteIp: request.ip });
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'captcha token refused');
      throw new CaptchaFailedError();
    }
  });
}
