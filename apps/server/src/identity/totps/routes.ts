import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { intermediateTokenOf, requireSessionToken, resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { authenticatedPayload, changedUserPayload, sdkEnvelope, sessionDurationSchema, withClientUser } from '../wire-schemas.ts';
import type { TotpService } from './service.ts';

const tags = ['Auth: TOTP'];
const intermediateToken = z.string({ message: 'intermediate_session_token must be a string' }).max(200).optional();

export function totpRoutes(app: App, totps: TotpService) {
  const db = app.ctx.db;

  /** Who attempts a second factor: the project, a session token and/or an intermediate session token. */
  async function attemptOf(request: FastifyRequest, body: { session_duration_minutes?: number | undefined; intermediate_session_token?: string | undefined }) {
    const caller = await resolveSdkCaller(db, request);
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
      schema: {
        tags,
        summary: 'Create a TOTP authenticator for the signed-in user (secret, QR code, recovery codes)',
        body: z
          .object({
            expiration_minutes: z
              .number({ message: 'expiration_minutes must be a number' })
              .int({ message: 'expiration_minutes must be a whole number' })
              .min(5, { message: 'expiration_minutes must be at least 5' })
              .max(1440, { message: 'expiration_minutes must be at most 1440' })
              .optional(),
          })
          .nullish(),
        response: {
          200: sdkEnvelope({
            totp_id: z.string(),
            secret: z.string(),
            qr_code: z.string(),
            recovery_codes: z.array(z.string()),
            ...changedUserPayload,
          }),
          ...clientErrors,
        },
      },
    },
    async (request, reply) => {
      const caller = await resolveSdkCaller(db, request);
      const created = await totps.create(caller.tenant, requireSessionToken(caller.sessionToken), request.body?.expiration_minutes);
      reply.header('cache-control', 'no-store');
      return sdkData(request, withClientUser(created));
    },
  );

  app.post(
    '/totps/authenticate',
    {
      schema: {
        tags,
        summary: 'Check a TOTP code: completes an intermediate session, or steps a session up',
        body: z.object({
          totp_code: z.string({ message: 'totp_code must be a string' }).regex(/^\d{6}$/, { message: 'totp_code must be a 6-digit code' }),
          session_duration_minutes: sessionDurationSchema.optional(),
          intermediate_session_token: intermediateToken,
        }),
        response: { 200: sdkEnvelope({ ...authenticatedPayload, totp_id: z.string() }), ...clientErrors },
      },
    },
    async (request) => sdkData(request, await totps.authenticate({ ...(await attemptOf(request, request.body)), code: request.body.totp_code })),
  );

  app.post(
    '/totps/recovery_codes',
    {
      schema: {
        tags,
        summary: "New recovery codes for the signed-in user's TOTP (replacing the old ones)",
        body: z.object({}).nullish(),
        response: {
          200: sdkEnvelope({
            user_id: z.string(),
            totps: z.array(z.object({ totp_id: z.string(), verified: z.boolean(), recovery_codes: z.array(z.string()) })),
          }),
          ...clientErrors,
        },
      },
    },
    async (request, reply) => {
      const caller = await resolveSdkCaller(db, request);
      const result = await totps.recoveryCodes(caller.tenant, requireSessionToken(caller.sessionToken));
      reply.header('cache-control', 'no-store');
      return sdkData(request, result);
    },
  );

  app.post(
    '/totps/recover',
    {
      schema: {
        tags,
        summary: 'Use a recovery code in place of a TOTP code',
        body: z.object({
          recovery_code: z.string({ message: 'recovery_code must be a string' }).min(1).max(64, { message: 'recovery_code must be at most 64 characters' }),
          session_duration_minutes: sessionDurationSchema.optional(),
          intermediate_session_token: intermediateToken,
        }),
        response: { 200: sdkEnvelope({ ...authenticatedPayload, totp_id: z.string() }), ...clientErrors },
      },
    },
    async (request) => sdkData(request, await totps.recover({ ...(await attemptOf(request, request.body)), recoveryCode: request.body.recovery_code })),
  );
}
