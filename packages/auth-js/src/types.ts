// The shapes /sdk/v1 answers with (spec §3 Auth user, Session state; the server's zod schemas in
// apps/server/src/identity/wire-schemas.ts are the source of truth). Every payload also carries
// `request_id` and `status_code`.

/** The fields every success payload carries. */
export type ResponseCommon = { request_id: string; status_code: number };

/** Spec §3 Auth user. */
export type User = {
  user_id: string;
  created_at: string;
  status: 'pending' | 'active';
  name: { first_name: string; middle_name: string; last_name: string };
  emails: Array<{ email_id: string; email: string; verified: boolean }>;
  phone_numbers: Array<{ phone_id: string; phone_number: string; verified: boolean }>;
  totps: Array<{ totp_id: string; verified: boolean }>;
  crypto_wallets: Array<{ crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string; verified: boolean }>;
  providers: Array<{ oauth_user_registration_id: string; provider_type: string; provider_subject: string }>;
  webauthn_registrations: Array<{ webauthn_registration_id: string; name: string; verified: boolean }>;
  biometric_registrations: Array<{ biometric_registration_id: string; verified: boolean }>;
  password: { password_id: string; requires_reset: boolean } | null;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
};

/** One way the user proved who they are in this session. */
export type AuthenticationFactor = {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  authenticator_app_factor?: { totp_id: string };
  recovery_code_factor?: { totp_recovery_code_id: string };
  impersonated_factor?: { impersonator_id: string; impersonator_email_address: string };
};

/** Spec §3 Session state: `session_id`, `expires_at`, `last_accessed_at` and the rest the server sends. */
export type Session = {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: AuthenticationFactor[];
  attributes: { ip_address: string; user_agent: string };
  custom_claims: Record<string, unknown>;
  roles: string[];
};

/** The tokens of the current session (spec §3): also kept in the `stytch_session` and `stytch_session_jwt` cookies. */
export type SessionTokens = { session_token: string; session_jwt: string };

/** `sessions/authenticate`: a live session. */
export type SessionAuthenticateResponse = ResponseCommon & SessionTokens & { user_id: string; session: Session; user: User };

/**
 * What every sign-in method answers. When the project requires MFA and the user has a TOTP, the session fields
 * are empty, `mfa_required` is true and `intermediate_session_token` finishes the sign-in with `totps`.
 */
export type AuthenticateResponse = ResponseCommon &
  SessionTokens & {
    user_id: string;
    session: Session | null;
    user: User;
    intermediate_session_token: string;
    mfa_required: boolean;
  };

/** `otps/*` sends: `method_id` (the email or phone id) authenticates the code. */
export type OtpSendResponse = ResponseCommon & { user_id: string; method_id: string; email_id?: string; phone_id?: string; user_created: boolean };
/** `magic_links/email/*` sends. */
export type MagicLinkSendResponse = ResponseCommon & { user_id: string; email_id: string; user_created: boolean };

/** Spec §3 Password strength response. */
export type PasswordStrengthResponse = ResponseCommon & {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  breach_detection_on_create: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: {
      has_lower_case: boolean;
      has_upper_case: boolean;
      has_digit: boolean;
      has_symbol: boolean;
      missing_complexity: number;
      missing_characters: number;
    };
  };
};

/** `POST /totps`: the secret, its QR code (PNG data URL) and ten recovery codes. */
export type TotpCreateResponse = ResponseCommon & { totp_id: string; secret: string; qr_code: string; recovery_codes: string[]; user_id: string; user: User };
/** `POST /totps/recovery_codes`: the new codes. */
export type TotpRecoveryCodesResponse = ResponseCommon & {
  user_id: string;
  totps: Array<{ totp_id: string; verified: boolean; recovery_codes: string[] }>;
};

/** `PUT /users/me` and the factor deletions. */
export type UserUpdateResponse = ResponseCommon & {
  user_id: string;
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  crypto_wallets: User['crypto_wallets'];
  user: User;
};
/** The factor deletions: the user as it is now. */
export type UserFactorDeleteResponse = ResponseCommon & { user_id: string; user: User };

/** Spec §3 Bootstrap config, as `GET /projects/bootstrap/{public_token}` sends it. */
export type BootstrapData = {
  project_name: string;
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  /** `{enabled: false}` when the project asks for no captcha; older servers sent null. */
  captcha_settings: { enabled: true; siteKey: string } | { enabled: false; siteKey?: undefined } | null;
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  pkce_required_for_sso: boolean;
  slug_pattern: string;
  create_organization_enabled: boolean;
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode: string | null;
  rbac_policy: Record<string, unknown> | null;
  siwe_required_for_crypto_wallets: boolean;
  vertical: 'CONSUMER' | 'B2B';
};

/** Spec §3 Event telemetry: one event. */
export type TelemetryEvent = {
  event_name: string;
  details?: Record<string, unknown>;
  error_code?: string;
  error_description?: string;
  http_status_code?: number;
};
