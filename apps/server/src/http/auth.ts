import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@keepsake/wire/console/projects';
import type { SdkCaller, SdkCallerResolver } from '../identity/sdk-caller.ts';
import type { CachedApiKey } from '../projects/api-key-cache.ts';
import type { ProjectService } from '../projects/service.ts';
import { SESSION_COOKIE, type ConsoleUser, type ProductSessionService } from '../session/service.ts';
import { constantTimeEqual } from '../platform/secrets.ts';
import { originAllowedFor } from '../identity/origins.ts';
import type { ApiKeyLimits } from './api-key-rate-limit.ts';
import { ApiError, errorTypes, ForbiddenError, UnauthorizedError } from './errors.ts';

/**
 * What a route needs from its caller, named in the route's `config.auth`. An API key route names the scope it
 * needs, or several of which any one will do. A /sdk/v1 route names `publicToken` (docs/decisions/086): the project
 * of the Basic auth public token, with the session token when one is sent; `whenSent` resolves it only when the
 * call has an Authorization header (POST /events, whose events may carry their own tokens).
 */
export type AuthRequirement =
  | { kind: 'session' }
  | { kind: 'admin' }
  | {
      kind: 'apiKey';
      scope: ApiKeyScope | readonly ApiKeyScope[];
      /** Also `Authorization: <clientSecret>` for one order. */
      orClientSecret?: true;
      /** Client-side keys (`ck_…`) may call this route, from their project's allowed origins (ADR 107). */
      clientKey?: true;
    }
  | { kind: 'operator' }
  | { kind: 'publicToken'; whenSent?: true };

export type ApiKeyCaller = { id: string; projectId: string; environment: 'staging' | 'production'; scopes: string[]; type: 'server' | 'client' };

/** A registered route that names a `config.auth`. */
export type RouteAuth = { method: string; url: string; auth: AuthRequirement };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyInstance {
    /** Every route registered after `registerAuth` that names a `config.auth`, with what it requires. */
    routeAuth: readonly RouteAuth[];
    /** The developer API's limits (ADR 078, 089); their counts are sent to the database when the app closes. */
    apiKeyLimits: ApiKeyLimits;
  }
  interface FastifyRequest {
    consoleUser: ConsoleUser | undefined;
    apiKey: ApiKeyCaller | undefined;
    sdkCaller: SdkCaller | undefined;
    /** `Authorization: <clientSecret>` on an order route that accepts it instead of a key; the service checks it. */
    orderClientSecret: string | undefined;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Cookie-authenticated changes must come from our own origin (CSRF defence on top of SameSite=Lax). */
function assertSameOrigin(request: FastifyRequest): void {
  if (safeMethods.has(request.method)) return;
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ForbiddenError('The Origin header is not a valid origin.', errorTypes.invalidOrigin);
  }
  if (host !== request.headers.host) throw new ForbiddenError('Cross-origin requests are not allowed here.', errorTypes.invalidOrigin);
}

export function consoleUser(request: FastifyRequest): ConsoleUser {
  if (!request.consoleUser) throw new UnauthorizedError();
  return request.consoleUser;
}

/** An order route's caller: a project's API key, or the order's client secret. */
export function orderCaller(request: FastifyRequest): { projectId: string } | { clientSecret: string } {
  if (request.apiKey) return { projectId: request.apiKey.projectId };
  if (request.orderClientSecret) return { clientSecret: request.orderClientSecret };
  throw new UnauthorizedError('Missing X-API-KEY header.', errorTypes.invalidApiKey);
}

export function apiKeyCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new UnauthorizedError('Missing API key.', errorTypes.invalidApiKey);
  return request.apiKey;
}

/** The caller of a /sdk/v1 route that declares `config.auth: { kind: 'publicToken' }`. */
export function sdkCaller(request: FastifyRequest): SdkCaller {
  if (!request.sdkCaller)
    throw new UnauthorizedError(
      'Send Authorization: Basic base64(public_token:session_token) with your project public token.',
      errorTypes.unauthorizedCredentials,
    );
  return request.sdkCaller;
}

/** CORS for a browser call to an order route: the answer may be read, without cookies. */
function allowOrderOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

/**
 * A client-side key (`ck_…`, ADR 107) works only on routes that admit one (creating an order), and only from a
 * browser page on one of its project's allowed origins (a test project's also from http://localhost).
 * @throws ForbiddenError otherwise.
 */
function admitClientKey(request: FastifyRequest, reply: FastifyReply, key: CachedApiKey, routeAdmits: boolean): void {
  if (!routeAdmits) throw new ForbiddenError('A client-side key (ck_…) can only create orders (POST /api/2022-06-09/orders); use a server key (sk_…).');
  const origin = request.headers.origin;
  if (!origin || !key.origins || !originAllowedFor(key.origins, origin)) {
    throw new ForbiddenError("A client-side key works only from the project's allowed origins.", errorTypes.invalidOrigin);
  }
  allowOrderOrigin(reply, origin);
}

/** One hook enforces every route's `config.auth`; routes never match on URL prefixes. */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    sessions: ProductSessionService;
    projects: ProjectService;
    sdkCallers: SdkCallerResolver;
    apiKeyLimits: ApiKeyLimits;
    operatorSecret: string | undefined;
    adminEmails: readonly string[];
    /** The developer a `kst_cli_…` CLI token acts as (ADR 114), or undefined when unknown or revoked. */
    cliTokenUser: (token: string) => Promise<ConsoleUser | undefined>;
  },
) {
  app.decorateRequest('consoleUser', undefined);
  app.decorateRequest('apiKey', undefined);
  app.decorateRequest('sdkCaller', undefined);
  app.decorateRequest('orderClientSecret', undefined);
  const routeAuth: RouteAuth[] = [];
  app.decorate('routeAuth', routeAuth);
  app.decorate('apiKeyLimits', deps.apiKeyLimits);
  app.addHook('onClose', () => deps.apiKeyLimits.close());
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) return;
    for (const method of [route.method].flat()) routeAuth.push({ method, url: route.url, auth });
  });
  // The order routes a browser page calls (a ck_ key creates, the client secret reads and patches; ADR 107): their
  // refusals (bad input, a revoked key, an origin not allowed, a rate limit) carry CORS for the page's origin too, so
  // the page reads the error instead of a network failure. The call is still refused, and without cookies
  // (no allow-credentials) the error tells the page nothing it could not learn by sending the request itself.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.routeOptions.config?.auth;
    const origin = request.headers.origin;
    if (
      auth?.kind === 'apiKey' &&
      (auth.clientKey || auth.orClientSecret) &&
      origin &&
      reply.statusCode >= 400 &&
      !reply.hasHeader('access-control-allow-origin')
    ) {
      allowOrderOrigin(reply, origin);
    }
    return payload;
  });
  app.addHook('preHandler', async (request, reply) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    switch (auth.kind) {
      case 'session':
      case 'admin': {
        const bearer = /^Bearer\s+(kst_cli_\S+)$/.exec(request.headers.authorization ?? '')?.[1];
        // A CLI token acts as its developer; it is sent by the CLI, never by a browser, so no origin check.
        const user = bearer ? await deps.cliTokenUser(bearer) : await deps.sessions.current(request.cookies[SESSION_COOKIE]);
        if (!user) throw new UnauthorizedError(bearer ? 'The CLI token is not valid or was revoked. Run keepsake login.' : 'Sign in to continue.');
        if (!bearer) assertSameOrigin(request);
        // Internal administrators are named by KEEPSAKE_ADMIN_EMAILS (docs/decisions/018).
        if (auth.kind === 'admin' && !deps.adminEmails.includes(user.email.toLowerCase())) {
          throw new ForbiddenError('Only internal administrators can do this.');
        }
        request.consoleUser = user;
        return;
      }
      case 'apiKey': {
        const header = request.headers['x-api-key'];
        const secret = Array.isArray(header) ? header[0] : header;
        if (!secret && auth.orClientSecret && request.headers.authorization) {
          request.orderClientSecret = request.headers.authorization;
          // The secret is the credential (no cookies): the page holding it may read the answer.
          if (request.headers.origin) allowOrderOrigin(reply, request.headers.origin);
          return;
        }
        if (!secret) throw new UnauthorizedError('Missing X-API-KEY header.', errorTypes.invalidApiKey);
        // Limits (ADR 078, 089): an IP sending invalid keys is refused before the lookup; a valid key has one
        // budget across every route, counted in memory (no statement) and shared through the database.
        deps.apiKeyLimits.beforeLookup(request.ip);
        const key = await deps.projects.authenticateApiKey(secret);
        if (!key) {
          await deps.apiKeyLimits.invalidKey(request.ip);
          throw new UnauthorizedError('Invalid API key.', errorTypes.invalidApiKey);
        }
        await deps.apiKeyLimits.validKey(key.id);
        const accepted: readonly string[] = typeof auth.scope === 'string' ? [auth.scope] : auth.scope;
        if (key.type === 'client') admitClientKey(request, reply, key, auth.clientKey === true);
        if (!accepted.some((scope) => key.scopes.includes(scope))) throw new ForbiddenError(`This API key lacks the ${accepted.join(' or ')} scope.`);
        request.apiKey = key;
        return;
      }
      case 'publicToken': {
        if (auth.whenSent && request.headers.authorization === undefined) return;
        request.sdkCaller = await deps.sdkCallers(request);
        return;
      }
      case 'operator': {
        const header = request.headers.authorization ?? '';
        const presented = /^Bearer\s+(\S+)$/.exec(header)?.[1];
        if (!deps.operatorSecret || !presented || !constantTimeEqual(presented, deps.operatorSecret)) {
          throw new ApiError(401, errorTypes.unauthorized, 'Operator credentials are missing or wrong.');
        }
        return;
      }
    }
  });
}
