import { z } from 'zod';

/** Zod shapes of what /sdk/v1 returns: they drive response serialisation and the OpenAPI document. */
export const wireUserSchema = z
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
  user: wireUserSchema,
  __user: wireUserSchema.describe('The same user as `user`: the field the Stytch client libraries read after a change.'),
};

/** Adds `__user` (the client's copy of `user`) to a payload of {@link changedUserPayload}. */
export function withClientUser<T extends { user: unknown }>(payload: T): T & { __user: T['user'] } {
  return { ...payload, __user: payload.user };
}

export const authenticationFactorSchema = z.object({
  type: z.string(),
  delivery_method: z.string(),
  last_authenticated_at: z.string(),
  email_factor: z.object({ email_id: z.string(), email_address: z.string() }).optional(),
  phone_number_factor: z.object({ phone_id: z.string(), phone_number: z.string() }).optional(),
  authenticator_app_factor: z.object({ totp_id: z.string() }).optional(),
  recovery_code_factor: z.object({ totp_recovery_code_id: z.string() }).optional(),
  impersonated_factor: z.object({ impersonator_id: z.string(), impersonator_email_address: z.string() }).optional(),
});

export const wireSessionSchema = z
  .object({
    session_id: z.string(),
    user_id: z.string(),
    started_at: z.string(),
    last_accessed_at: z.string(),
    expires_at: z.string(),
    authentication_factors: z.array(authenticationFactorSchema),
    attributes: z.object({ ip_address: z.string(), user_agent: z.string() }),
    custom_claims: z.record(z.string(), z.unknown()),
    roles: z.array(z.string()),
  })
  .meta({ id: 'Session' });

const envelopeBase = { request_id: z.string(), status_code: z.number().int() };

/** `{data: {request_id, status_code, …payload}}`, the §7 success shape. */
export function sdkEnvelope<T extends z.ZodRawShape>(payload: T) {
  return z.object({ data: z.object({ ...envelopeBase, ...payload }) });
}

/** sessions/authenticate: a live session. */
export const activeSessionPayload = {
  user_id: z.string(),
  session_token: z.string(),
  session_jwt: z.string(),
  session: wireSessionSchema,
  user: wireUserSchema,
};

/**
 * Every authentication method: a session, or, when the project requires MFA and the user has a second factor,
 * empty session fields and an `intermediate_session_token` (docs/decisions/015).
 */
export const authenticatedPayload = {
  ...activeSessionPayload,
  session_token: z.string().describe('The new session token; empty while mfa_required.'),
  session_jwt: z.string().describe('The session JWT; empty while mfa_required.'),
  session: wireSessionSchema.nullable().describe('The new session; null while mfa_required.'),
  intermediate_session_token: z
    .string()
    .describe('Set while mfa_required: finish with /totps/authenticate or /totps/recover within 10 minutes. Otherwise empty.'),
  mfa_required: z.boolean().describe('True when the project requires MFA and the user has a verified TOTP: no session yet.'),
};

export const sessionDurationSchema = z
  .number({ message: 'session_duration_minutes must be a number' })
  .int({ message: 'session_duration_minutes must be a whole number' })
  .min(5, { message: 'session_duration_minutes must be at least 5' })
  .max(525_600, { message: 'session_duration_minutes must be at most 525600' });

/** Spec §9: the PKCE challenge is base64url(SHA-256(verifier)), 43 characters. */
export const codeChallengeSchema = z
  .string({ message: 'code_challenge must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)' });

/** Spec §9 builds the verifier from 16 random 32-bit values in hex; RFC 7636 characters, at most 256. */
export const codeVerifierSchema = z
  .string({ message: 'code_verifier must be a string' })
  .regex(/^[A-Za-z0-9._~-]{1,256}$/, { message: 'code_verifier must be 1 to 256 characters of A-Z a-z 0-9 - . _ ~' });
