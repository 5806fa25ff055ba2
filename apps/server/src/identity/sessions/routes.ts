import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { ApiError, errorTypes } from '../../http/errors.ts';
import { clientErrors } from '../../http/schemas.ts';
import { requireSessionToken, resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { findTenantById } from '../tenants.ts';
import { activeSessionPayload, sdkEnvelope, sessionDurationSchema } from '../wire-schemas.ts';
import type { SessionService } from './service.ts';

export function sessionRoutes(app: App, sessions: SessionService) {
  app.post(
    '/sessions/authenticate',
    {
      schema: {
        tags: ['Auth: sessions'],
        summary: 'Check a session, optionally extending it',
        body: z.object({ session_duration_minutes: sessionDurationSchema.optional() }).nullish(),
        response: { 200: sdkEnvelope(activeSessionPayload), ...clientErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      const result = await sessions.authenticate(caller.tenant, requireSessionToken(caller.sessionToken), request.body?.session_duration_minutes);
      return sdkData(request, result);
    },
  );

  app.post(
    '/sessions/revoke',
    {
      schema: {
        tags: ['Auth: sessions'],
        summary: 'Revoke the calling session',
        body: z.object({}).nullish(),
        response: { 200: sdkEnvelope({}), ...clientErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
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
        params: z.object({ project_id: z.uuid({ message: 'project_id must be a project id' }) }),
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), ...clientErrors },
      },
    },
    async (request) => {
      const tenant = await findTenantById(app.ctx.db, request.params.project_id);
      if (!tenant) throw new ApiError(404, errorTypes.notFound, 'No project has that id.');
      return sessions.jwks(tenant.projectId);
    },
  );
}
