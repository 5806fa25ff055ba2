// issue 10 §1 and §3: the fields the genuine Stytch client (@stytch/vanilla-js) reads, pinned where the shapes live.
// A change here is a change of wire compatibility: e2e/genuine-client drives the real client against it.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { bootstrapSchema } from './bootstrap.ts';
import { totpCreateResponse } from './totps.ts';
import { factorDeleteResponse, updateUserResponse, userSearchResponse, type userSchema } from './users.ts';
import { type webauthnAuthenticateStartResponse, webauthnRegisterResponse, webauthnRegisterStartResponse, webauthnUpdateResponse } from './webauthn.ts';

const completeUser: z.input<typeof userSchema> = {
  user_id: 'user-test-1',
  created_at: '2026-01-01T00:00:00Z',
  status: 'active',
  name: { first_name: '', middle_name: '', last_name: '' },
  emails: [],
  phone_numbers: [],
  totps: [],
  crypto_wallets: [],
  providers: [],
  webauthn_registrations: [],
  biometric_registrations: [],
  password: null,
  trusted_metadata: {},
  untrusted_metadata: {},
};

describe('what the genuine client reads (issue 10)', () => {
  it('never answers captcha_settings as null: the client reads captcha_settings.enabled', () => {
    const captcha = bootstrapSchema.shape.captcha_settings;
    expect(captcha.safeParse(null).success).toBe(false);
    expect(captcha.safeParse({ enabled: false }).success).toBe(true);
    expect(captcha.safeParse({ enabled: true }).success).toBe(false);
    expectTypeOf<z.output<typeof captcha>>().toEqualTypeOf<{ enabled: true; siteKey: string } | { enabled: false }>();
  });

  it('answers the user as __user too wherever a call changes it', () => {
    for (const schema of [updateUserResponse, factorDeleteResponse, totpCreateResponse, webauthnRegisterResponse, webauthnUpdateResponse]) {
      const data = schema.shape.data;
      expect(data.shape.__user.safeParse(completeUser).success).toBe(true);
      expect(data.shape.__user.safeParse(undefined).success).toBe(false);
    }
    expectTypeOf<z.output<typeof updateUserResponse>['data']['__user']>().toEqualTypeOf<z.output<typeof userSchema>>();
  });

  it('answers users/search with userType (the client reads it) beside user_type', () => {
    const data = userSearchResponse.shape.data;
    expect(data.shape.userType.options).toEqual(['new', 'password', 'passwordless']);
    expect(data.shape.user_type.options).toEqual(data.shape.userType.options);
  });

  it('sends passkey options as JSON text: the client JSON.parses public_key_credential_creation_options and …request_options (issue 12)', () => {
    expectTypeOf<z.output<typeof webauthnRegisterStartResponse>['data']['public_key_credential_creation_options']>().toEqualTypeOf<string>();
    expectTypeOf<z.output<typeof webauthnAuthenticateStartResponse>['data']['public_key_credential_request_options']>().toEqualTypeOf<string>();
    expect(webauthnRegisterStartResponse.shape.data.shape.public_key_credential_creation_options.safeParse({ challenge: 'x' }).success).toBe(false);
  });

  it('answers a passkey registration with the session, its tokens and the user: what the client stores', () => {
    const data = webauthnRegisterResponse.shape.data.shape;
    for (const field of ['session', 'session_token', 'session_jwt', 'user', 'webauthn_registration_id'] as const) expect(data).toHaveProperty(field);
  });
});
