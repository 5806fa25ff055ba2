import type { FastifyRequest } from 'fastify';
import type { Database } from '@keepsake/db/client';
import { ApiError, errorTypes } from '../http/errors.ts';
import type { SignInCaller } from './sign-in.ts';
import { findTenantByPublicToken, type Tenant } from './tenants.ts';

export type SdkCaller = { tenant: Tenant; sessionToken: string | undefined };

/** Spec §7: `Authorization: Basic base64(public_token:session_token)` or `base64(public_token:public_token)`. */
export function parseBasicAuth(header: string | undefined): { user: string; secret: string } | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { user: decoded, secret: '' };
  return { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Resolves the project a /sdk/v1 call is for, and the session token it carries (if any).
 * The session token may also come from the `stytch_session` cookie.
 * @throws ApiError 401 unauthorized_credentials when the public token is missing or unknown.
 */
export function resolveSdkCaller(db: Database, request: FastifyRequest): Promise<SdkCaller> {
  // Hooks (origin check, captcha) and the handler share one lookup per request.
  let caller = resolved.get(request);
  if (!caller) {
    caller = resolve(db, request);
    resolved.set(request, caller);
  }
  return caller;
}

const resolved = new WeakMap<FastifyRequest, Promise<SdkCaller>>();

async function resolve(db: Database, request: FastifyRequest): Promise<SdkCaller> {
  const basic = parseBasicAuth(request.headers.authorization);
  if (!basic || !basic.user.startsWith('public-token-')) {
    throw new ApiError(401, errorTypes.unauthorizedCredentials, 'Send Authorization: Basic base64(public_token:session_token) with your project public token.');
  }
  const tenant = await findTenantByPublicToken(db, basic.user);
  if (!tenant) throw new ApiError(401, errorTypes.unauthorizedCredentials, 'The public token does not match any project.');
  const fromHeader = basic.secret && basic.secret !== basic.user ? basic.secret : undefined;
  const fromCookie = request.cookies?.stytch_session || undefined;
  return { tenant, sessionToken: fromHeader ?? fromCookie };
}

/** The caller of a sign-in route: project, presented session token, client IP and user agent. */
export async function resolveSignInCaller(db: Database, request: FastifyRequest): Promise<SignInCaller> {
  const caller = await resolveSdkCaller(db, request);
  return { tenant: caller.tenant, sessionToken: caller.sessionToken, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** @throws ApiError 401 unauthorized_credentials when the call carries no session token. */
export function requireSessionToken(token: string | undefined): string {
  if (!token) throw new ApiError(401, errorTypes.unauthorizedCredentials, 'No session token was sent. Use Basic auth public_token:session_token.');
  return token;
}

/** The intermediate session token of a multi-step flow: the body field, else the §9 cookie. */
export function intermediateTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody || request.cookies?.stytch_intermediate_session_token || undefined;
}

/** The success envelope every /sdk/v1 route answers with. */
export function sdkData<T extends object>(request: FastifyRequest, payload: T, statusCode = 200) {
  return { data: { request_id: request.id, status_code: statusCode, ...payload } };
}
