import { impersonationAuthenticateBody, impersonationAuthenticateResponse } from '@keepsake/wire/sdk/impersonation';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData } from '../sdk-auth.ts';
import type { ImpersonationService } from './service.ts';

export function impersonationRoutes(app: App, impersonation: ImpersonationService) {
  app.post(
    '/impersonation/authenticate',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags: ['Auth: impersonation'],
        summary: 'Sign in as a user with a single-use token an administrator issued',
        body: impersonationAuthenticateBody,
        response: { 200: impersonationAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { tenant } = sdkCaller(request);
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
