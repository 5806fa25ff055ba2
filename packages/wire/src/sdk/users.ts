// The user of /sdk/v1 (spec §3 Auth user) and the /users routes.
import { z } from 'zod';
import { emailSchema } from '../common.ts';
import { sdkEnvelope } from './envelope.ts';

export const userSchema = z
  .object({
    user_id: z.string(),
    created_at: z.string(),
    status: z.enum(['pending', 'active']),
    name: z.object({ first_name: z.string(), middle_name: z.string(), last_name: z.string() }),
    emails: z.array(z.object({ email_id: z.string(), email: z.string(), verified: z.boolean() })),
    phone_numbers: z.array(z.object({ phone_id: z.string(), phone_number: z.string(), verified: z.boolean() })),
    totps: z.array(z.object({ totp_id: z.string(), verified: z.boolean() })),
    crypto_wallets: z.array(
      z.object({ crypto_wallet_id: z.string(), crypto_wallet_address: z.string(), crypto_wallet_type: z.string(), verified: z.boolean() }),
    ),
    providers: z.array(z.object({ oauth_user_registration_id: z.string(), provider_type: z.string(), provider_subject: z.string() })),
    webauthn_registrations: z.array(z.object({ webauthn_registration_id: z.string(), name: z.string(), verified: z.boolean() })),
    biometric_registrations: z.array(z.object({ biometric_registration_id: z.string(), verified: z.boolean() })),
    password: z.object({ password_id: z.string(), requires_reset: z.boolean() }).nullable(),
    trusted_metadata: z.record(z.string(), z.unknown()),
    untrusted_metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'User' });

/**
 * A response that changes the user (PUT /users/me, the factor deletions, POST /totps) carries it twice: as `user`,
 * the documented field, and as `__user`, where the genuine client reads it to update what it stores (issue 10).
 */
export const changedUserPayload = {
  user_id: z.string(),
  user: userSchema,
  __user: userSchema.describe('The same user as `user`: the field the Stytch client libraries read after a change.'),
};

/** Adds `__user` (the client's copy of `user`) to a payload of {@link changedUserPayload}. */
export function withClientUser<T extends { user: unknown }>(payload: T): T & { __user: T['user'] } {
  return { ...payload, __user: payload.user };
}

/** GET /users/me: the user's fields directly under `data`. */
export const userMeResponse = z.object({ data: userSchema.extend({ request_id: z.string(), status_code: z.number() }) });

/** PUT /users/me. */
export const updateUserBody = z
  .object({
    untrusted_metadata: z
      .record(z.string().max(100, { message: 'untrusted_metadata keys must be at most 100 characters' }), z.unknown(), {
        message: 'untrusted_metadata must be an object',
      })
      .optional(),
  })
  .nullish();

export const updateUserResponse = sdkEnvelope({
  ...changedUserPayload,
  emails: userSchema.shape.emails,
  phone_numbers: userSchema.shape.phone_numbers,
  crypto_wallets: userSchema.shape.crypto_wallets,
});

/** DELETE /users/{factor}/{id}: the user as it is now. */
export const factorDeleteResponse = sdkEnvelope(changedUserPayload);

/** The path parameters of a factor deletion: the entry's id. */
export const factorDeleteParams = (param: string) => z.object({ [param]: z.string().min(1).max(100) });

/** DELETE /users/emails/{id} and /users/phone_numbers/{id}. */
export const identifierDeleteParams = (name: string) => z.object({ id: z.uuid({ message: `id must be a ${name} id` }) });

/** POST /users/search: which sign-in path an email takes. */
export const userSearchBody = z.object({
  email: emailSchema,
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
});

export const userTypes = ['new', 'password', 'passwordless'] as const;
const userType = z.enum(userTypes);

export const userSearchResponse = sdkEnvelope({
  user_type: userType,
  userType: userType.describe('The same as user_type: the field the Stytch client libraries read (their UserSearchData).'),
});
