import { factorDeleteResponse, identifierDeleteParams, userSearchBody, userSearchResponse, withClientUser } from '@keepsake/wire/sdk/users';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData } from '../sdk-auth.ts';
import type { IdentifierService } from './identifiers-service.ts';

export function identifierRoutes(app: App, identifiers: IdentifierService) {
  app.post(
    '/users/search',
    {
      config: { auth: { kind: 'publicToken' }, captcha: true },
      schema: {
        tags: ['Auth: users'],
        summary: 'Which sign-in path an email takes: new, password or passwordless',
        body: userSearchBody,
        response: { 200: userSearchResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      const { user_type } = await identifiers.search(caller.tenant, request.body.email, request.ip);
      return sdkData(request, { user_type, userType: user_type });
    },
  );

  app.delete(
    '/users/emails/:id',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: users'],
        summary: "Delete one of the signed-in user's emails (never the user's last way to sign in)",
        params: identifierDeleteParams('email'),
        response: { 200: factorDeleteResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      return sdkData(request, withClientUser(await identifiers.deleteEmail(caller.tenant, caller.sessionToken, request.params.id)));
    },
  );

  app.delete(
    '/users/phone_numbers/:id',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags: ['Auth: users'],
        summary: "Delete one of the signed-in user's phone numbers (never the user's last way to sign in)",
        params: identifierDeleteParams('phone number'),
        response: { 200: factorDeleteResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      return sdkData(request, withClientUser(await identifiers.deletePhone(caller.tenant, caller.sessionToken, request.params.id)));
    },
  );
}
