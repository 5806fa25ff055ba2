import type { FastifyRequest } from 'fastify';
import type { Database } from '@keepsake/db/client';
import { UnauthorizedCredentialsError } from './errors.ts';
import { findTenantByPublicToken, type Tenant } from './tenants.ts';

/** Who calls a /sdk/v1 route: the project of its public token, and the session token it carries, if any. */
export type SdkCaller = { tenant: Tenant; sessionToken: string | undefined };

/** Resolves (once per request) the caller of a /sdk/v1 call. */
export type SdkCallerResolver = (request: FastifyRequest) => Promise<SdkCaller>;

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
 * The caller named by a Basic authorization value (a header, or the `__Authorization` field of the widget's form
 * posts) and the `stytch_session` cookie.
 * @throws UnauthorizedCredentialsError when the public token is missing or names no project.
 */
export async function resolveSdkCaller(db: Database, authorization: string | undefined, cookieToken: string | undefined): Promise<SdkCaller> {
  const basic = parseBasicAuth(authorization);
  if (!basic || !basic.user.startsWith('public-token-')) {
    throw new UnauthorizedCredentialsError('Send Authorization: Basic base64(public_token:session_token) with your project public token.');
  }
  const tenant = await findTenantByPublicToken(db, basic.user);
  if (!tenant) throw new UnauthorizedCredentialsError('The public token does not match any project.');
  const fromHeader = basic.secret && basic.secret !== basic.user ? basic.secret : undefined;
  return { tenant, sessionToken: fromHeader ?? (cookieToken || undefined) };
}

/**
 * The resolver behind `config.auth: { kind: 'publicToken' }` (http/auth.ts, docs/decisions/086): the project a
 * call is for, and the session token it carries (Basic auth's secret, else the `stytch_session` cookie). The origin
 * check, the captcha check and the auth hook share one lookup per request.
 * @throws UnauthorizedCredentialsError when the public token is missing or names no project.
 */
export function createSdkCallerResolver(db: Database): SdkCallerResolver {
  const resolved = new WeakMap<FastifyRequest, Promise<SdkCaller>>();

  async function resolve(request: FastifyRequest): Promise<SdkCaller> {
    return resolveSdkCaller(db, request.headers.authorization, request.cookies?.stytch_session);
  }

  return (request) => {
    let caller = resolved.get(request);
    if (!caller) {
      caller = resolve(request);
      resolved.set(request, caller);
    }
    return caller;
  };
}
