/**
 * HTTP-level errors: what routes and hooks throw for request-shape problems (a missing header, a bad parameter).
 * Services and stores throw domain errors (platform/domain-errors.ts) instead; the one handler (./error-handler.ts)
 * turns both into the spec §8 wire shape.
 */
import { errorTypes, type ErrorType } from '../platform/error-types.ts';

export { errorTypes, type ErrorType };

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
