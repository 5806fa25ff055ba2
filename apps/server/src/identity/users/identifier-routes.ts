import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors, emailSchema } from '../../http/schemas.ts';
import { resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { changedUserPayload, sdkEnvelope, withClientUser } from '../wire-schemas.ts';
import type { IdentifierService } from './identifiers-service.ts';

const idParam = (name: string) => z.object({ id: z.uuid({ message: `id must be a ${name} id` }) });
const deleted = sdkEnvelope(changedUserPayload);
const userType = z.enum(['new', 'password', 'passwordless']);

export function identifierRoutes(app: App, identifiers: IdentifierService) {
  app.post(
    '/users/search',
    {
      config: { captcha: true },
      schema: {
        tags: ['Auth: users'],
        summary: 'Which sign-in path an email takes: new, password or passwordless',
        body: z.object({ email: emailSchema, captcha_token: z.string().max(4096).optional(), dfp_telemetry_id: z.string().max(512).optional() }),
        response: {
          200: sdkEnvelope({
            user_type: userType,
            userType: userType.describe('The same as user_type: the field the Stytch client libraries read (their UserSearchData).'),
          }),
          ...clientErrors,
        },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      const { user_type } = await identifiers.search(caller.tenant, request.body.email, request.ip);
      return sdkData(request, { user_type, userType: user_type });
    },
  );

  app.delete(
    '/users/emails/:id',
    {
      schema: {
        tags: ['Auth: users'],
        summary: "Delete one of the signed-in user's emails (never the user's last way to sign in)",
        params: idParam('email'),
        response: { 200: deleted, ...clientErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      return sdkData(request, withClientUser(await identifiers.deleteEmail(caller.tenant, caller.sessionToken, request.params.id)));
    },
  );

  app.delete(
    '/users/phone_numbers/:id',
    {
      schema: {
        tags: ['Auth: users'],
        summary: "Delete one of the signed-in user's phone numbers (never the user's last way to sign in)",
        params: idParam('phone number'),
        response: { 200: deleted, ...clientErrors },
      },
    },
    async (request) => {
      const caller = await resolveSdkCaller(app.ctx.db, request);
      return sdkData(request, withClientUser(await identifiers.deletePhone(caller.tenant, caller.sessionToken, request.params.id)));
    },
  );
}
