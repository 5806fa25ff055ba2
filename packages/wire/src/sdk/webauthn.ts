// Passkeys and WebAuthn (spec §7 /webauthn): registration, sign-in (primary, or secondary with a session) and
// renaming. The options and the credential travel as JSON text, the way the Stytch client libraries send and
// parse them (`JSON.parse(public_key_credential_creation_options)`, `JSON.stringify(credential)`).
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';
import { changedUserPayload } from './users.ts';

/** The domain the passkey is for (the WebAuthn RP ID): a host name such as `example.com` or `localhost`. */
const domain = z
  .string({ message: 'domain must be a string' })
  .min(1, { message: 'Empty parameter domain' })
  .max(253, { message: 'domain must be at most 253 characters' })
  .regex(/^[A-Za-z0-9.-]+$/, { message: 'domain must be a host name such as example.com (no scheme, port or path)' });

const passkeyOptions = z
  .boolean({ message: 'return_passkey_credential_options must be a boolean value' })
  .optional()
  .describe('Ask for a passkey: a discoverable credential with user verification (true), or a second-factor key (false or absent).');

/** A credential, as JSON text (`JSON.stringify` of the browser's PublicKeyCredential in base64url form). */
const credentialText = z
  .string({ message: 'public_key_credential must be a string' })
  .min(1, { message: 'Empty parameter public_key_credential' })
  .max(65_536, { message: 'public_key_credential must be at most 65536 characters' });

const telemetry = { captcha_token: z.string().max(4096).optional(), dfp_telemetry_id: z.string().max(512).optional() };

/** POST /webauthn/register/start: needs a session (the passkey is added to its user). */
export const webauthnRegisterStartBody = z.object({
  domain,
  authenticator_type: z
    .enum(['platform', 'cross-platform'], { message: 'authenticator_type must be platform or cross-platform' })
    .optional()
    .describe('Ask for a built-in authenticator (platform) or a roaming one such as a security key (cross-platform).'),
  return_passkey_credential_options: passkeyOptions,
  override_id: z
    .string({ message: 'override_id must be a string' })
    .min(1, { message: 'Empty parameter override_id' })
    .max(64, { message: 'override_id must be at most 64 characters' })
    .optional()
    .describe('The WebAuthn user handle to create the credential with (default: derived from the user id).'),
  override_name: z.string({ message: 'override_name must be a string' }).max(256, { message: 'override_name must be at most 256 characters' }).optional(),
  override_display_name: z
    .string({ message: 'override_display_name must be a string' })
    .max(256, { message: 'override_display_name must be at most 256 characters' })
    .optional(),
  user_agent: z.string({ message: 'user_agent must be a string' }).max(512, { message: 'user_agent must be at most 512 characters' }).optional(),
});

export const webauthnRegisterStartResponse = sdkEnvelope({
  user_id: z.string(),
  public_key_credential_creation_options: z
    .string()
    .describe('PublicKeyCredentialCreationOptions as JSON text, binary fields (challenge, user.id, excludeCredentials[].id) in base64url.'),
});

/** POST /webauthn/register: the browser's new credential; the factor joins the session. */
export const webauthnRegisterBody = z.object({
  public_key_credential: credentialText,
  session_duration_minutes: sessionDurationSchema.optional(),
});

export const webauthnRegisterResponse = sdkEnvelope({
  ...authenticatedPayload,
  ...changedUserPayload,
  webauthn_registration_id: z.string(),
});

/** POST /webauthn/authenticate/start/primary and /secondary. */
export const webauthnAuthenticateStartBody = z.object({ domain, return_passkey_credential_options: passkeyOptions });

export const webauthnAuthenticateStartResponse = sdkEnvelope({
  public_key_credential_request_options: z
    .string()
    .describe('PublicKeyCredentialRequestOptions as JSON text, binary fields (challenge, allowCredentials[].id) in base64url.'),
});

/** POST /webauthn/authenticate (`session_duration_minutes` is required, spec §5). */
export const webauthnAuthenticateBody = z.object({
  public_key_credential: credentialText,
  session_duration_minutes: sessionDurationSchema.describe('Required for WebAuthn sign-in (spec §5).'),
  ...telemetry,
});

export const webauthnAuthenticateResponse = sdkEnvelope({ ...authenticatedPayload, webauthn_registration_id: z.string() });

/** A passkey as the wire shows it. */
export const webauthnRegistrationSchema = z.object({
  webauthn_registration_id: z.string(),
  name: z.string(),
  domain: z.string(),
  user_agent: z.string(),
  authenticator_type: z.string(),
  verified: z.boolean(),
});

/** PUT /webauthn/update/{webauthn_registration_id}. */
export const webauthnUpdateParams = z.object({
  webauthn_registration_id: z.string().min(1).max(100),
});

export const webauthnUpdateBody = z.object({
  name: z
    .string({ message: 'name must be a string' })
    .trim()
    .min(1, { message: 'Empty parameter name' })
    .max(100, { message: 'name must be at most 100 characters' }),
});

export const webauthnUpdateResponse = sdkEnvelope({ ...changedUserPayload, webauthn_registration: webauthnRegistrationSchema });

// The credential inside `public_key_credential`: the browser's PublicKeyCredential with every binary field in
// base64url, as webauthn-json (the Stytch clients) and @keepsake/auth-js write it. Fields not listed are ignored.

const base64url = (name: string, max: number) =>
  z
    .string({ message: `${name} must be a base64url string` })
    .max(max, { message: `${name} is too long` })
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { message: `${name} must be base64url` });

const credentialCommon = {
  id: base64url('id', 1400).min(1, { message: 'id must not be empty' }),
  rawId: base64url('rawId', 1400).min(1, { message: 'rawId must not be empty' }),
  type: z.literal('public-key', { message: 'type must be public-key' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
};

/** What `navigator.credentials.create()` gave, in JSON form. */
export const registrationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url('response.clientDataJSON', 8192),
    attestationObject: base64url('response.attestationObject', 60_000),
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
});

/** What `navigator.credentials.get()` gave, in JSON form (`userHandle` null for a non-discoverable credential). */
export const authenticationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url('response.clientDataJSON', 8192),
    authenticatorData: base64url('response.authenticatorData', 8192),
    signature: base64url('response.signature', 2048),
    userHandle: base64url('response.userHandle', 128).nullish(),
  }),
});
