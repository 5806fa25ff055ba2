import { emptyBody, emptyResponse } from '@keepsake/wire/sdk/envelope';
import { jwksParams, jwksResponse, sessionAuthenticateBody, sessionAuthenticateResponse } from '@keepsake/wire/sdk/sessions';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { requireSessionToken, sdkData } from '../sdk-auth.ts';
import type { SessionService } from './service.ts';

export function sessionRoutes(app: App, sessions: SessionService) {
  // Last-access times are written behind (docs/decisions/081); a graceful stop writes what is left.
  app.addHook('onClose', async () => sessions.flush());

  app.post(
    '/sessions/authenticate',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: sessions'],
        summary: 'Check a session, optionally extending it',
        body: sessionAuthenticateBody,
        response: { 200: sessionAuthenticateResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      const result = await sessions.authenticate(caller.tenant, requireSessionToken(caller.sessionToken), request.body?.session_duration_minutes);
      return sdkData(request, result);
    },
  );

  app.post(
    '/sessions/revoke',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: sessions'],
        summary: 'Revoke the calling session',
        body: emptyBody,
        response: { 200: emptyResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      await sessions.revoke(caller.tenant, requireSessionToken(caller.sessionToken));
      return sdkData(request, {});
    },
  );

  app.get(
    '/sessions/jwks/:project_id',
    {
      config: { cors: 'public' },
      schema: {
        tags: ['Auth: sessions'],
        summary: 'Public keys that verify session JWTs',
        params: jwksParams,
        response: { 200: jwksResponse, ...clientErrors },
      },
    },
    async (request) => {
      return sessions.jwks(request.params.project_id);
    },
  );
}
