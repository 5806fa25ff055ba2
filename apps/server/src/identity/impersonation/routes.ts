import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { authenticatedPayload, sdkEnvelope, sessionDurationSchema } from '../wire-schemas.ts';
import type { ImpersonationService } from './service.ts';

export function impersonationRoutes(app: App, impersonation: ImpersonationService) {
  app.post(
    '/impersonation/authenticate',
    {
      config: { captcha: true },
      schema: {
        tags: ['Auth: impersonation'],
        summary: 'Sign in as a user with a single-use token an administrator issued',
        body: z.object({
          impersonation_token: z.string({ message: 'impersonation_token must be a string' }).min(1).max(200),
          session_duration_minutes: sessionDurationSchema.optional(),
          dfp_telemetry_id: z.string().max(200).optional(),
          captcha_token: z.string().max(4000).optional(),
        }),
        response: { 200: sdkEnvelope(authenticatedPayload), ...clientErrors },
      },
    },
    async (request) => {
      const { tenant } = await resolveSdkCaller(app.ctx.db, request);
      const result = await impersonation.authenticate({
        tenant,
        token: request.body.impersonation_token,
        durationMinutes: request.body.session_duration_minutes,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return sdkData(request, result);
    },
  );
}
