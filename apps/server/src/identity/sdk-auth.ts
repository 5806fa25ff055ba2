import type { FastifyRequest } from 'fastify';
import { sdkCaller } from '../http/auth.ts';
import { MissingSessionTokenError } from './errors.ts';
import type { SignInCaller } from './sign-in.ts';

/**
 * The caller of a sign-in route: project, presented session token, client IP and user agent. The route declares
 * `config.auth: { kind: 'publicToken' }` (docs/decisions/086).
 */
export function signInCallerOf(request: FastifyRequest): SignInCaller {
  const caller = sdkCaller(request);
  return { tenant: caller.tenant, sessionToken: caller.sessionToken, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** @throws MissingSessionTokenError (401 unauthorized_credentials) when the call carries no session token. */
export function requireSessionToken(token: string | undefined): string {
  if (!token) throw new MissingSessionTokenError();
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
