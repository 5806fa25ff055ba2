import type { FastifyRequest } from 'fastify';
import { emptyBody } from '@keepsake/wire/sdk/envelope';
import {
  totpAuthenticateBody,
  totpAuthenticateResponse,
  totpCreateBody,
  totpCreateResponse,
  totpRecoverBody,
  totpRecoveryCodesResponse,
} from '@keepsake/wire/sdk/totps';
import { withClientUser } from '@keepsake/wire/sdk/users';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { intermediateTokenOf, requireSessionToken, sdkData } from '../sdk-auth.ts';
import type { TotpService } from './service.ts';

const tags = ['Auth: TOTP'];

export function totpRoutes(app: App, totps: TotpService) {
  /** Who attempts a second factor: the project, a session token and/or an intermediate session token. */
  function attemptOf(request: FastifyRequest, body: { session_duration_minutes?: number | undefined; intermediate_session_token?: string | undefined }) {
    const caller = sdkCaller(request);
    return {
      tenant: caller.tenant,
      sessionToken: caller.sessionToken,
      intermediateToken: intermediateTokenOf(request, body.intermediate_session_token),
      sessionDurationMinutes: body.session_duration_minutes,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    };
  }

  app.post(
    '/totps',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'Create a TOTP authenticator for the signed-in user (secret, QR code, recovery codes)',
        body: totpCreateBody,
        response: { 200: totpCreateResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const caller = sdkCaller(request);
      const created = await totps.create(caller.tenant, requireSessionToken(caller.sessionToken), request.body?.expiration_minutes);
      reply.header('cache-control', 'no-store');
      return sdkData(request, withClientUser(created));
    },
  );

  app.post(
    '/totps/authenticate',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'Check a TOTP code: completes an intermediate session, or steps a session up',
        body: totpAuthenticateBody,
        response: { 200: totpAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => sdkData(request, await totps.authenticate({ ...attemptOf(request, request.body), code: request.body.totp_code })),
  );

  app.post(
    '/totps/recovery_codes',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "New recovery codes for the signed-in user's TOTP (replacing the old ones)",
        body: emptyBody,
        response: { 200: totpRecoveryCodesResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const caller = sdkCaller(request);
      const result = await totps.recoveryCodes(caller.tenant, requireSessionToken(caller.sessionToken));
      reply.header('cache-control', 'no-store');
      return sdkData(request, result);
    },
  );

  app.post(
    '/totps/recover',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'Use a recovery code in place of a TOTP code',
        body: totpRecoverBody,
        response: { 200: totpAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => sdkData(request, await totps.recover({ ...attemptOf(request, request.body), recoveryCode: request.body.recovery_code })),
  );
}
