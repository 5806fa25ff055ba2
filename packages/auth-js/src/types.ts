// The shapes /sdk/v1 answers with (spec §3 Auth user, Session state, …), derived from the server's own schemas
// in @keepsake/wire: a change there that breaks this client fails its typecheck (docs/decisions/087). Type-only
// imports: no zod reaches the bundle. Every payload also carries `request_id` and `status_code`.
import type { bootstrapSchema } from '@keepsake/wire/sdk/bootstrap';
import type { responseCommonSchema } from '@keepsake/wire/sdk/envelope';
import type { telemetryEventSchema } from '@keepsake/wire/sdk/events';
import type { magicLinkSendResponse } from '@keepsake/wire/sdk/magic-links';
import type { otpSendResponse } from '@keepsake/wire/sdk/otps';
import type { passwordStrengthResponse } from '@keepsake/wire/sdk/passwords';
import type { authenticatedResponse, authenticationFactorSchema, sessionAuthenticateResponse, sessionSchema } from '@keepsake/wire/sdk/sessions';
import type { totpCreateResponse, totpRecoveryCodesResponse } from '@keepsake/wire/sdk/totps';
import type { factorDeleteResponse, updateUserResponse, userSchema } from '@keepsake/wire/sdk/users';
import type { z } from 'zod';

/** The `data` of an /sdk/v1 answer, as the client receives it. */
export type SdkData<T extends z.ZodType<{ data: unknown }>> = z.output<T>['data'];

/** The fields every success payload carries. */
export type ResponseCommon = z.output<typeof responseCommonSchema>;

/** Spec §3 Auth user. */
export type User = z.output<typeof userSchema>;

/** One way the user proved who they are in this session. */
export type AuthenticationFactor = z.output<typeof authenticationFactorSchema>;

/** Spec §3 Session state: `session_id`, `expires_at`, `last_accessed_at` and the rest the server sends. */
export type Session = z.output<typeof sessionSchema>;

/** `sessions/authenticate`: a live session. */
export type SessionAuthenticateResponse = SdkData<typeof sessionAuthenticateResponse>;

/** The tokens of the current session (spec §3): also kept in the `stytch_session` and `stytch_session_jwt` cookies. */
export type SessionTokens = Pick<SessionAuthenticateResponse, 'session_token' | 'session_jwt'>;

/**
 * What every sign-in method answers. When the project requires MFA and the user has a TOTP, the session fields
 * are empty, `mfa_required` is true and `intermediate_session_token` finishes the sign-in with `totps`.
 */
export type AuthenticateResponse = SdkData<typeof authenticatedResponse>;

/** `otps/*` sends: `method_id` (the email or phone id) authenticates the code. */
export type OtpSendResponse = SdkData<typeof otpSendResponse>;
/** `magic_links/email/*` sends. */
export type MagicLinkSendResponse = SdkData<typeof magicLinkSendResponse>;

/** Spec §3 Password strength response. */
export type PasswordStrengthResponse = SdkData<typeof passwordStrengthResponse>;

/** `POST /totps`: the secret, its QR code (PNG data URL), ten recovery codes, and the user as it is now. */
export type TotpCreateResponse = SdkData<typeof totpCreateResponse>;
/** `POST /totps/recovery_codes`: the new codes. */
export type TotpRecoveryCodesResponse = SdkData<typeof totpRecoveryCodesResponse>;

/** `PUT /users/me`: the user as it is now, and its factor lists. */
export type UserUpdateResponse = SdkData<typeof updateUserResponse>;
/** The factor deletions: the user as it is now. */
export type UserFactorDeleteResponse = SdkData<typeof factorDeleteResponse>;

type WireBootstrap = Omit<z.output<typeof bootstrapSchema>, 'request_id' | 'status_code'>;
type CaptchaSettings = WireBootstrap['captcha_settings'];
/** `{enabled: false}` has no `siteKey`; reading it there gives undefined. */
type ReadableCaptchaSettings = CaptchaSettings extends infer T ? (T extends { siteKey: string } ? T : T & { siteKey?: undefined }) : never;

/** Spec §3 Bootstrap config, as `GET /projects/bootstrap/{public_token}` sends it. */
export type BootstrapData = Omit<WireBootstrap, 'captcha_settings'> & {
  /** `{enabled: false}` when the project asks for no captcha; older servers sent null. */
  captcha_settings: ReadableCaptchaSettings | null;
};

/** Spec §3 Event telemetry: one event (the client names its project with Basic auth, not in the event). */
export type TelemetryEvent = Omit<z.input<typeof telemetryEventSchema>, 'public_token'>;
