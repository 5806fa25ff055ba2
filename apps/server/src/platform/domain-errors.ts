import { errorTypes, type ErrorType } from './error-types.ts';

/**
 * What went wrong, in the domain's words (docs/decisions/085). The HTTP layer's one error handler
 * (http/error-handler.ts) maps each kind to a status; nothing here knows about HTTP.
 */
export type DomainErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable';

type Options = { cause?: unknown; retryAfterSeconds?: number };

/**
 * The base of every error a service or store throws for the caller to see. It carries the spec's `error_type`
 * and message, which reach the client word for word. Services throw a named subclass (`CollectionNotFoundError`,
 * `UnsupportedChainError`, …) or, for a one-off case, one of the kind classes below.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly errorType: ErrorType;
  /** Seconds the caller should wait before trying again (rate_limited, unavailable); sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, errorType: ErrorType, options: Options = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.errorType = errorType;
    this.retryAfterSeconds = options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

/** The input breaks a domain rule (a field the request schema cannot judge alone). */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, errorType: ErrorType = errorTypes.invalidRequest, options?: Options) {
    super(message, errorType, options);
  }
}

/** The caller's credentials (token, session, password, code) are missing or wrong. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthorized';
  constructor(message: string, errorType: ErrorType = errorTypes.unauthorized, options?: Options) {
    super(message, errorType, options);
  }
}

/** The caller is known but may not do this (role, scope, origin). */
export class PermissionDeniedError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message: string, errorType: ErrorType = errorTypes.forbidden, options?: Options) {
    super(message, errorType, options);
  }
}

/** The thing does not exist, or the caller cannot see it. */
export class ResourceNotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message: string, errorType: ErrorType = errorTypes.notFound, options?: Options) {
    super(message, errorType, options);
  }
}

/** The change conflicts with the current state (a duplicate, the last owner, a reused key). */
export class StateConflictError extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string, errorType: ErrorType = errorTypes.conflict, options?: Options) {
    super(message, errorType, options);
  }
}

/** Too many attempts: the caller waits `retryAfterSeconds`, when given. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(message = 'Too many requests. Please try again later.', errorType: ErrorType = errorTypes.tooManyRequests, options?: Options) {
    super(message, errorType, options);
  }
}

/** A dependency (chain RPC, SMTP, SMS provider, the password scorer) cannot serve the call now. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor(message: string, errorType: ErrorType = errorTypes.serviceUnavailable, options?: Options) {
    super(message, errorType, options);
  }
}

/** A rate limit (platform/rate-limiter.ts) refused the call. */
export class TooManyRequestsError extends RateLimitedError {
  declare readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(message, errorTypes.tooManyRequests, { retryAfterSeconds });
  }
}
