// OAuth sign-in (spec §7 "Redirect to /v1/public/oauth/{provider}/start", POST /oauth/authenticate; docs/oauth.md).
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';
import { oauthProviders } from './oauth-providers.ts';
import { codeChallengeSchema, codeVerifierSchema } from './pkce.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';

export { oauthProviders, type OauthProvider } from './oauth-providers.ts';

export const oauthProviderSchema = z.enum(oauthProviders, { message: `provider must be one of ${oauthProviders.join(', ')}` });

const redirectUrl = (name: string) => z.string({ message: `${name} must be a string` }).max(2000, { message: `${name} must be at most 2000 characters` });

export const oauthStartParams = z.object({ provider: z.string().max(40, { message: 'provider must be at most 40 characters' }) });

/**
 * GET /v1/public/oauth/{provider}/start: what the SDK puts on the query. `custom_scopes` is space- or
 * comma-separated; any `provider_<name>` parameter is passed to the provider's authorization URL as `<name>`.
 */
export const oauthStartQuery = z
  .object({
    public_token: z.string({ message: 'public_token is required' }).min(1, { message: 'public_token is required' }).max(200),
    code_challenge: codeChallengeSchema.optional(),
    custom_scopes: z.string().max(2000, { message: 'custom_scopes must be at most 2000 characters' }).optional(),
    login_redirect_url: redirectUrl('login_redirect_url').optional(),
    signup_redirect_url: redirectUrl('signup_redirect_url').optional(),
  })
  .catchall(z.string().max(2000, { message: 'query parameters must be at most 2000 characters' }));

/** The provider's answer on the callback (`code` and `state`, or an `error`). */
export const oauthCallbackQuery = z
  .object({
    state: z.string().max(200).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
  })
  .catchall(z.string().max(4096));

/** POST /oauth/authenticate: the token from the redirect URL, and the PKCE code_verifier. */
export const oauthAuthenticateBody = z.object({
  token: z.string({ message: 'token must be a string' }).min(1, { message: 'Empty parameter token' }).max(200),
  code_verifier: codeVerifierSchema.optional(),
  session_duration_minutes: sessionDurationSchema.optional(),
  session_management_type: z.string().max(40).optional(),
});

/** The provider's tokens, as the hosted provider returns them. */
export const providerValuesSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  id_token: z.string(),
  expires_at: z.string().nullable(),
  scopes: z.array(z.string()),
});

export const oauthAuthenticateResponse = sdkEnvelope({
  ...authenticatedPayload,
  provider_subject: z.string(),
  provider_type: z.string(),
  provider_values: providerValuesSchema,
  oauth_user_registration_id: z.string(),
  reset_sessions: z.boolean(),
});

/**
 * Google One Tap start (GET /oauth/google/onetap/start): the Google client id the page initialises Google's
 * library with, and the oauth_callback_id to present at submit (the genuine client's hidden frame reads both).
 */
export const oneTapStartResponse = sdkEnvelope({ google_client_id: z.string(), oauth_callback_id: z.string() });

/** Google One Tap submit (POST /oauth/google/onetap/submit): Google's ID token (the `credential`) and the redirect URLs. */
export const oneTapSubmitBody = z.object({
  id_token: z.string({ message: 'id_token must be a string' }).min(1, { message: 'Empty parameter id_token' }).max(8192, { message: 'id_token is too long' }),
  oauth_callback_id: z.string({ message: 'oauth_callback_id must be a string' }).min(1, { message: 'Empty parameter oauth_callback_id' }).max(200),
  login_redirect_url: redirectUrl('login_redirect_url').optional(),
  signup_redirect_url: redirectUrl('signup_redirect_url').optional(),
});

/** The URL to send the browser to: the login or signup URL with `stytch_token_type=oauth&token=…`. */
export const oneTapSubmitResponse = sdkEnvelope({ redirect_url: z.string() });
