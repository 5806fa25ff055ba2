// Sessions of /sdk/v1 (spec §3 Session state), what every sign-in answers, and the /sessions routes.
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';
import { oauthProviders } from './oauth-providers.ts';
import { userSchema } from './users.ts';

/** An OAuth factor (`google_oauth_factor`, …): the registration, the provider's subject and the email it vouched for. */
const oauthFactorSchema = z.object({ id: z.string(), provider_subject: z.string(), email_id: z.string() }).optional();

export const authenticationFactorSchema = z.object({
  type: z.string(),
  delivery_method: z.string(),
  last_authenticated_at: z.string(),
  email_factor: z.object({ email_id: z.string(), email_address: z.string() }).optional(),
  phone_number_factor: z.object({ phone_id: z.string(), phone_number: z.string() }).optional(),
  authenticator_app_factor: z.object({ totp_id: z.string() }).optional(),
  recovery_code_factor: z.object({ totp_recovery_code_id: z.string() }).optional(),
  impersonated_factor: z.object({ impersonator_id: z.string(), impersonator_email_address: z.string() }).optional(),
  webauthn_factor: z.object({ webauthn_registration_id: z.string(), domain: z.string(), user_agent: z.string() }).optional(),
  crypto_wallet_factor: z.object({ crypto_wallet_id: z.string(), crypto_wallet_address: z.string(), crypto_wallet_type: z.string() }).optional(),
  /** The product app's Sign In With Farcaster (docs/decisions/108). */
  farcaster_factor: z.object({ farcaster_account_id: z.string(), fid: z.number(), custody_address: z.string() }).optional(),
  ...(Object.fromEntries(oauthProviders.map((provider) => [`${provider}_oauth_factor`, oauthFactorSchema])) as Record<
    `${(typeof oauthProviders)[number]}_oauth_factor`,
    typeof oauthFactorSchema
  >),
});

export const sessionSchema = z
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

export const sessionDurationSchema = z
  .number({ message: 'session_duration_minutes must be a number' })
  .int({ message: 'session_duration_minutes must be a whole number' })
  .min(5, { message: 'session_duration_minutes must be at least 5' })
  .max(525_600, { message: 'session_duration_minutes must be at most 525600' });

/** sessions/authenticate: a live session. */
export const activeSessionPayload = {
  user_id: z.string(),
  session_token: z.string(),
  session_jwt: z.string(),
  session: sessionSchema,
  user: userSchema,
};

/**
 * Every authentication method: a session, or, when the project requires MFA and the user has a second factor,
 * empty session fields and an `intermediate_session_token` (docs/decisions/015).
 */
export const authenticatedPayload = {
  ...activeSessionPayload,
  session_token: z.string().describe('The new session token; empty while mfa_required.'),
  session_jwt: z.string().describe('The session JWT; empty while mfa_required.'),
  session: sessionSchema.nullable().describe('The new session; null while mfa_required.'),
  intermediate_session_token: z
    .string()
    .describe('Set while mfa_required: finish with /totps/authenticate or /totps/recover within 10 minutes. Otherwise empty.'),
  mfa_required: z.boolean().describe('True when the project requires MFA and the user has a verified TOTP: no session yet.'),
};

/** What every sign-in method answers (its routes may add fields, such as `method_id`). */
export const authenticatedResponse = sdkEnvelope(authenticatedPayload);

/** POST /sessions/authenticate. */
export const sessionAuthenticateBody = z.object({ session_duration_minutes: sessionDurationSchema.optional() }).nullish();
export const sessionAuthenticateResponse = sdkEnvelope(activeSessionPayload);

/** GET /sessions/jwks/{project_id}. */
export const jwksParams = z.object({ project_id: z.uuid({ message: 'project_id must be a project id' }) });
export const jwksResponse = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
