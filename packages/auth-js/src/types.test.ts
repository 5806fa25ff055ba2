// issue 10 §3: the SDK's public types are derived from the server's schemas (@keepsake/wire); these pin the names
// and the fields apps build on, so that a change of the derivation (or of the server's shapes) is seen here first.
// The assertions are checked by `npx tsc -b`.
import { describe, expectTypeOf, it } from 'vitest';
import type { AuthenticateResponse, BootstrapData, ResponseCommon, Session, SessionTokens, User, UserUpdateResponse } from './types.ts';

describe('the public types of @keepsake/auth-js/types', () => {
  it('keep the session and user fields apps read', () => {
    expectTypeOf<SessionTokens>().toEqualTypeOf<{ session_token: string; session_jwt: string }>();
    expectTypeOf<ResponseCommon>().toEqualTypeOf<{ request_id: string; status_code: number }>();
    expectTypeOf<AuthenticateResponse['session']>().toEqualTypeOf<Session | null>();
    expectTypeOf<AuthenticateResponse['user']>().toEqualTypeOf<User>();
    expectTypeOf<AuthenticateResponse['mfa_required']>().toEqualTypeOf<boolean>();
    expectTypeOf<User['emails'][number]>().toEqualTypeOf<{ email_id: string; email: string; verified: boolean }>();
    expectTypeOf<Session['expires_at']>().toEqualTypeOf<string>();
    expectTypeOf<UserUpdateResponse['__user']>().toEqualTypeOf<User>();
  });

  it('let a reader of bootstrap write captcha_settings?.siteKey', () => {
    expectTypeOf<NonNullable<BootstrapData['captcha_settings']>['siteKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<BootstrapData['captcha_settings']>().extract<null>().toEqualTypeOf<null>();
  });
});
