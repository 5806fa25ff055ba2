import { factorDeleteParams, factorDeleteResponse, updateUserBody, updateUserResponse, userMeResponse, withClientUser } from '@keepsake/wire/sdk/users';
import type { App } from '../../http/types.ts';
import { sdkCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import { requireSessionToken, sdkData } from '../sdk-auth.ts';
import type { DeletableFactor } from './store.ts';
import type { UserService } from './service.ts';

const tags = ['Auth: users'];

/** The factor lists a user deletes entries of, by path segment (spec §7). */
const factorPaths: Array<{ path: string; kind: DeletableFactor; param: string; what: string }> = [
  { path: 'totps', kind: 'totps', param: 'totp_id', what: 'a TOTP authenticator' },
  { path: 'crypto_wallets', kind: 'crypto_wallets', param: 'crypto_wallet_id', what: 'a crypto wallet' },
  { path: 'oauth', kind: 'oauth', param: 'oauth_user_registration_id', what: 'an OAuth registration' },
  { path: 'webauthn_registrations', kind: 'webauthn_registrations', param: 'webauthn_registration_id', what: 'a passkey' },
  { path: 'biometric_registrations', kind: 'biometric_registrations', param: 'biometric_registration_id', what: 'a biometric registration' },
];

export function userRoutes(app: App, users: UserService) {
  app.get(
    '/users/me',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: 'The signed-in user (fields directly under data)',
        response: { 200: userMeResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      const user = await users.me(caller.tenant, requireSessionToken(caller.sessionToken));
      return { data: { request_id: request.id, status_code: 200, ...user } };
    },
  );

  app.put(
    '/users/me',
    {
      config: { auth: { kind: 'publicToken' } },
      schema: {
        tags,
        summary: "Update the signed-in user's untrusted_metadata (top-level keys merged; null removes a key)",
        body: updateUserBody,
        response: { 200: updateUserResponse, ...clientErrors },
      },
    },
    async (request) => {
      const caller = sdkCaller(request);
      const result = await users.updateMe(caller.tenant, requireSessionToken(caller.sessionToken), request.body?.untrusted_metadata);
      return sdkData(request, withClientUser(result));
    },
  );

  for (const factor of factorPaths) {
    app.delete(
      `/users/${factor.path}/:${factor.param}`,
      {
        config: { auth: { kind: 'publicToken' } },
        schema: {
          tags,
          summary: `Delete ${factor.what} of the signed-in user`,
          params: factorDeleteParams(factor.param),
          response: { 200: factorDeleteResponse, ...clientErrors },
        },
      },
      async (request) => {
        const caller = sdkCaller(request);
        const id = (request.params as Record<string, string>)[factor.param]!;
        return sdkData(request, withClientUser(await users.deleteFactor(caller.tenant, requireSessionToken(caller.sessionToken), factor.kind, id)));
      },
    );
  }
}
