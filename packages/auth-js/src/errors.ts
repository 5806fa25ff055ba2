// The SDK's errors (spec §8 auth kinds). One base class, `AuthError`, with a short message, details and the
// cause (viem's design, like packages/chains); every failure is a named subclass so callers can use
// `instanceof`, or find one inside a chain of causes with `walk()`.

/** Optional parts of an {@link AuthError}. */
export type AuthErrorParameters = {
  /** What went wrong underneath, for people (defaults to the cause's message). */
  details?: string;
  cause?: unknown;
};

/**
 * The base of every error the SDK throws.
 *
 * @example
 * try {
 *   await client.otps.authenticate(code, methodId);
 * } catch (error) {
 *   if (error instanceof AuthError) console.log(error.shortMessage, error.details);
 * }
 */
export class AuthError extends Error {
  override name = 'AuthError';
  /** The one-line message (spec §8 text). */
  readonly shortMessage: string;
  /** Extra explanation: the server's message, the field at fault, or the cause's message. */
  readonly details: string;

  constructor(shortMessage: string, parameters: AuthErrorParameters = {}) {
    const { cause } = parameters;
    const details = parameters.details ?? (cause instanceof AuthError ? cause.shortMessage : cause instanceof Error ? cause.message : '');
    super(details ? `${shortMessage}\n${details}` : shortMessage, cause === undefined ? undefined : { cause });
    this.shortMessage = shortMessage;
    this.details = details;
  }

  /** Follows the causes; returns the deepest one, or the first `predicate` accepts (null when none does). */
  walk(predicate?: (error: unknown) => boolean): unknown {
    if (predicate?.(this)) return this;
    let last: unknown = undefined;
    for (let current: unknown = this.cause; current !== undefined && current !== null; current = current instanceof Error ? current.cause : undefined) {
      if (predicate?.(current)) return current;
      last = current;
    }
    if (predicate) return null;
    return last ?? this;
  }
}

/** The server could not be reached, or answered something that is not the §7 protocol. */
export class ApiUnreachableError extends AuthError {
  override name = 'ApiUnreachableError';
}

/** The request never got an answer (offline, DNS, CORS refusal): 'Unable to contact our servers.' */
export class ServerUnreachableError extends ApiUnreachableError {
  override name = 'ServerUnreachableError';
  constructor(parameters: AuthErrorParameters = {}) {
    super('Unable to contact our servers.', parameters);
  }
}

/** The answer was not JSON: 'Invalid JSON response from our servers.' */
export class InvalidJsonResponseError extends ApiUnreachableError {
  override name = 'InvalidJsonResponseError';
  constructor(parameters: AuthErrorParameters = {}) {
    super('Invalid JSON response from our servers.', parameters);
  }
}

/** JSON without `data` (success) or without the §8 error fields (failure): 'Invalid or no response from server'. */
export class InvalidResponseError extends ApiUnreachableError {
  override name = 'InvalidResponseError';
  constructor(parameters: AuthErrorParameters = {}) {
    super('Invalid or no response from server', parameters);
  }
}

/** The §8 error body every failed /sdk/v1 call answers with. */
export type ApiErrorBody = {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
};

/**
 * The server refused the call. Carries the §8 fields as the server sent them.
 *
 * @example
 * if (error instanceof ApiError && error.error_type === 'otp_code_not_found') showWrongCode();
 */
export class ApiError extends AuthError {
  override name = 'ApiError';
  readonly status_code: number;
  readonly request_id: string;
  readonly error_type: string;
  readonly error_message: string;
  readonly error_url: string;

  constructor(body: ApiErrorBody, shortMessage = `[${body.status_code}] ${body.error_type}`) {
    super(shortMessage, { details: `${body.error_message}\nSee ${body.error_url} for more information.\nrequest_id: ${body.request_id}` });
    this.status_code = body.status_code;
    this.request_id = body.request_id;
    this.error_type = body.error_type;
    this.error_message = body.error_message;
    this.error_url = body.error_url;
  }
}

/** The server refused the request's shape (`invalid_request`): '[400] Request does not match expected schema'. */
export class SchemaError extends ApiError {
  override name = 'SchemaError';
  constructor(body: ApiErrorBody) {
    super(body, '[400] Request does not match expected schema');
  }
}

/** The SDK was called the wrong way: 'Invalid call to {method}', with what was wrong in `details`. */
export class UsageError extends AuthError {
  override name = 'UsageError';
  /** The SDK method that was called, e.g. `otps.email.loginOrCreate`. */
  readonly method: string;
  constructor(method: string, details: string, parameters: Omit<AuthErrorParameters, 'details'> & { shortMessage?: string } = {}) {
    super(parameters.shortMessage ?? `Invalid call to ${method}`, { cause: parameters.cause, details });
    this.method = method;
  }
}

/**
 * An argument failed the §5 input checks; nothing was sent. `details` is the message to show
 * ('Invalid email, please try again.', 'Invalid phone number, please try again.', 'Empty parameter email', …).
 */
export class InvalidInputError extends UsageError {
  override name = 'InvalidInputError';
  /** The argument at fault, in the wire's snake_case (`email`, `session_duration_minutes`, …). */
  readonly field: string;
  constructor(method: string, field: string, details: string) {
    super(method, details);
    this.field = field;
  }
}

/**
 * A sign-in method this server does not offer yet (spec §6): the usage error 'Provider {x} is not yet
 * supported', with the method that was called in `details`.
 */
export class ProviderNotSupportedError extends UsageError {
  override name = 'ProviderNotSupportedError';
  readonly provider: string;
  constructor(method: string, provider: string) {
    super(method, `${method} needs a server that supports ${provider} sign-in.`, { shortMessage: `Provider ${provider} is not yet supported` });
    this.provider = provider;
  }
}

/** Spec §8: the passkey exists already (the browser found it in excludeCredentials, or the server knows it). */
export const PASSKEY_ALREADY_REGISTERED =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
/** Spec §8: any other reason a passkey was not created. */
export const PASSKEY_NOT_CREATED = 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';
/** Spec §8: a passkey sign-in failed in the browser, or answered nothing. */
export const PASSKEY_SIGN_IN_FAILED = 'Unknown error occurred during passkey authentication. Please try again.';

/**
 * The browser's part of a passkey ceremony failed: the user cancelled or timed out (`NotAllowedError`), it was
 * aborted (`AbortError`, by the caller's signal or a newer ceremony), the authenticator already holds a passkey for
 * this account (`InvalidStateError`: {@link PasskeyAlreadyRegisteredError}), or WebAuthn is missing
 * (`NotSupportedError`). `reason` is the browser's error name; the message is the spec §8 text to show.
 */
export class PasskeyCeremonyError extends AuthError {
  override name = 'PasskeyCeremonyError';
  readonly reason: string;
  constructor(shortMessage: string, reason: string, cause?: unknown) {
    super(shortMessage, { cause });
    this.reason = reason;
  }
}

/** The browser refused to create a passkey it already holds for this user (spec §8 text). */
export class PasskeyAlreadyRegisteredError extends PasskeyCeremonyError {
  override name = 'PasskeyAlreadyRegisteredError';
  constructor(cause?: unknown) {
    super(PASSKEY_ALREADY_REGISTERED, 'InvalidStateError', cause);
  }
}

/** The call needs a signed-in user and there is none. */
export class NoSessionError extends AuthError {
  override name = 'NoSessionError';
  constructor() {
    super('There is no session currently available. Make sure the user is authenticated with a valid session.');
  }
}

/**
 * The four error types after which a session cannot come back (spec §4): the SDK clears its session when
 * `sessions/authenticate` or `sessions/revoke` (or a background refresh) fails with one of them.
 */
export const UNRECOVERABLE_ERROR_TYPES: readonly string[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

/** Whether `error` is an API error whose type ends the session. */
export function isUnrecoverableError(error: unknown): error is ApiError {
  return error instanceof ApiError && UNRECOVERABLE_ERROR_TYPES.includes(error.error_type);
}
