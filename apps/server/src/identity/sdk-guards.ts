import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.ts';
import { sendError } from '../http/error-handler.ts';
import { ApiError, errorTypes, ForbiddenError } from '../http/errors.ts';
import type { CaptchaVerifier } from './captcha/verifier.ts';
import { isLocalhostOrigin, isOwnOrigin, originAllowedFor } from './origins.ts';
import { resolveSdkCaller } from './sdk-auth.ts';
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

function refuse(origin: string): ForbiddenError {
  return new ForbiddenError(
    `The origin ${origin.slice(0, 200)} is not allowed for this project. Add it to the allowed origins in the project's settings.`,
    errorTypes.invalidOrigin,
  );
}

/**
 * Browser-origin rules for the /sdk/v1 routes (docs/decisions/016) and the captcha check of routes marked
 * `config: { captcha: true }` (docs/decisions/017). Registered inside the /sdk/v1 plugin only.
 */
export function registerSdkGuards(app: App, captcha: CaptchaVerifier) {
  const { db, config } = app.ctx;

  async function tenantFor(request: FastifyRequest): Promise<Tenant | undefined> {
    if (request.routeOptions.config.cors === 'path-token') {
      const token = (request.params as { public_token?: unknown }).public_token;
      return typeof token === 'string' && token.length <= 200 ? findTenantByPublicToken(db, token) : undefined;
    }
    return (await resolveSdkCaller(db, request).catch(() => undefined))?.tenant;
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
    // No project: the route answers 401/404 itself, without CORS.
    if (!tenant) return;
    if (!originAllowedFor(tenant, origin)) throw refuse(origin);
    allowOrigin(reply, origin);
  });

  // Preflights carry no credentials, so they are answered for any origin some project allows; the real request
  // is then checked against its own project before anything runs.
  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return sendError(request, reply, config.publicUrl, 400, errorTypes.badRequest, 'A preflight request needs an Origin header.');
    const index = await originIndex(db);
    const allowed =
      isOwnOrigin(origin, config.publicUrl, request.headers.host) || index.origins.has(origin) || (index.anyTestProject && isLocalhostOrigin(origin));
    if (!allowed) throw refuse(origin);
    allowOrigin(reply, origin);
    reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
    reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.status(204).send();
  });

  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.captcha) return;
    const { tenant } = await resolveSdkCaller(db, request);
    if (!tenant.authConfig.captcha.enabled) return;
    const token = (request.body as { captcha_token?: unknown } | null | undefined)?.captcha_token;
    if (typeof token !== 'string' || token === '') {
      throw new ApiError(400, errorTypes.captchaRequired, 'Captcha required. Solve the captcha and send its token as captcha_token.');
    }
    const result = await captcha.verify(token, { remoteIp: request.ip });
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'captcha token refused');
      throw new ApiError(400, errorTypes.captchaFailed, 'Captcha required: the captcha token was not accepted. Please solve the captcha again.');
    }
  });
}
