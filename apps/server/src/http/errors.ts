/**
 * Every error that reaches a client. The central handler turns one into the spec §8 wire shape:
 * `{status_code, request_id, error_type, error_message, error_url}`.
 * Error types are snake_case and defined once, here.
 */
export const errorTypes = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  invalidRequest: 'invalid_request',
  invalidEmail: 'invalid_email',
  payloadTooLarge: 'payload_too_large',
  uriTooLong: 'uri_too_long',
  requestTimeout: 'request_timeout',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  unauthorizedCredentials: 'unauthorized_credentials',
  invalidApiKey: 'invalid_api_key',
  invalidPublicToken: 'invalid_public_token',
  forbidden: 'forbidden',
  invalidOrigin: 'invalid_origin',
  notFound: 'not_found',
  routeNotFound: 'route_not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  webhookUrlNotAllowed: 'webhook_url_not_allowed',
  otpCodeNotFound: 'otp_code_not_found',
  sessionNotFound: 'session_not_found',
  invalidSessionToken: 'invalid_session_token',
  userLocked: 'user_lock_limit_reached',
  captchaRequired: 'captcha_required',
  captchaFailed: 'captcha_failed',
  intermediateSessionNotFound: 'intermediate_session_not_found',
  totpNotFound: 'totp_not_found',
  activeTotpExists: 'active_totp_exists',
  invalidTotpCode: 'unable_to_auth_totp_code',
  invalidRecoveryCode: 'unable_to_auth_recovery_code',
  cryptoWalletNotFound: 'crypto_wallet_not_found',
  oauthRegistrationNotFound: 'oauth_user_registration_not_found',
  webauthnRegistrationNotFound: 'webauthn_registration_not_found',
  biometricRegistrationNotFound: 'biometric_registration_not_found',
  impersonationTokenNotFound: 'impersonation_token_not_found',
  tooManyRequests: 'too_many_requests',
  emailSendFailed: 'email_send_failed',
  smsSendFailed: 'sms_send_failed',
  unableToAuthMagicLink: 'unable_to_auth_magic_link',
  pkceMismatch: 'pkce_mismatch',
  invalidRedirectUrl: 'invalid_redirect_url',
  resetPassword: 'reset_password',
  breachedPassword: 'breached_password',
  weakPassword: 'weak_password',
  invalidPhoneNumber: 'invalid_phone_number',
  emailNotFound: 'email_not_found',
  phoneNumberNotFound: 'phone_number_not_found',
  cannotDeleteLastPrimaryFactor: 'cannot_delete_last_primary_factor',
  invalidWalletLocator: 'invalid_wallet_locator',
  chainNotConfigured: 'chain_not_configured',
  unsupportedChain: 'unsupported_chain',
  idempotencyKeyReused: 'idempotency_key_reused',
  serviceUnavailable: 'service_unavailable',
  internalServerError: 'internal_server_error',
} as const;

export type ErrorType = (typeof errorTypes)[keyof typeof errorTypes];

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly errorType: ErrorType;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, errorType: ErrorType, message: string, options?: { cause?: unknown; headers?: Record<string, string> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.statusCode = statusCode;
    this.errorType = errorType;
    this.headers = options?.headers ?? {};
  }
}

export class BadRequestError extends ApiError {
  constructor(message: string, errorType: ErrorType = errorTypes.invalidRequest) {
    super(400, errorType, message);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = 'Authentication is required.', errorType: ErrorType = errorTypes.unauthorized) {
    super(401, errorType, message);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message = 'You do not have permission to do this.', errorType: ErrorType = errorTypes.forbidden) {
    super(403, errorType, message);
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'Not found.', errorType: ErrorType = errorTypes.notFound) {
    super(404, errorType, message);
  }
}

export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, errorTypes.conflict, message);
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(429, errorTypes.tooManyRequests, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}
