// `callbacks.onEvent` and `callbacks.onError` (the incumbent's `Callbacks`), and the §7 telemetry events the
// widget sends through auth-js (`render_login_screen`, `email_sent`, `email_try_again_clicked`).

/** The `type` of an `onEvent` event: the incumbent's names, so callbacks written for it match. */
export const StytchEventType = {
  MagicLinkLoginOrCreateEvent: 'MAGIC_LINK_LOGIN_OR_CREATE',
  OTPsLoginOrCreateEvent: 'OTP_LOGIN_OR_CREATE',
  OTPsAuthenticate: 'OTP_AUTHENTICATE',
  CryptoWalletAuthenticateStart: 'CRYPTO_WALLET_AUTHENTICATE_START',
  CryptoWalletAuthenticate: 'CRYPTO_WALLET_AUTHENTICATE',
  PasswordCreate: 'PASSWORD_CREATE',
  PasswordAuthenticate: 'PASSWORD_AUTHENTICATE',
  PasswordResetByEmailStart: 'PASSWORD_RESET_BY_EMAIL_START',
  PasswordResetByEmail: 'PASSWORD_RESET_BY_EMAIL',
  PasskeyRegister: 'PASSKEY_REGISTER',
  PasskeyAuthenticate: 'PASSKEY_AUTHENTICATE',
  PasskeySkip: 'PASSKEY_SKIP',
  PasskeyDone: 'PASSKEY_DONE',
  AuthenticateFlowComplete: 'AUTHENTICATE_FLOW_COMPLETE',
  OAuthAuthorizeFlowStart: 'OAUTH_AUTHORIZE_FLOW_START',
  OAuthAuthorizeFlowComplete: 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  OAuthAuthorizeFlowConsentDenied: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
} as const;
export type StytchEventTypeName = (typeof StytchEventType)[keyof typeof StytchEventType];

export type StytchEvent = { type: StytchEventTypeName; data: unknown };

/** An error the widget shows, handed to `onError` as well. */
export class StytchSDKUIError extends Error {
  override name = 'StytchSDKUIError';
  /** What failed underneath (the SDK's error), when anything did. */
  readonly details: unknown;
  constructor(message: string, details?: unknown) {
    super(message);
    this.details = details;
  }
}

export type Callbacks = {
  onEvent?(event: StytchEvent): void;
  onError?(error: StytchSDKUIError): void;
};

/** The §7 telemetry event names the widget sends. */
export const TELEMETRY = {
  renderLoginScreen: 'render_login_screen',
  emailSent: 'email_sent',
  emailTryAgainClicked: 'email_try_again_clicked',
} as const;
