import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../platform/domain-errors.ts';
import { ApiError, errorTypes, type ErrorType } from './errors.ts';

export type WireError = {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
};

function errorUrl(publicUrl: string, type: string): string {
  return `${publicUrl}/docs/errors#${type}`;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, publicUrl: string, status: number, type: ErrorType, message: string) {
  const body: WireError = {
    status_code: status,
    request_id: request.id,
    error_type: type,
    error_message: message,
    error_url: errorUrl(publicUrl, type),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Node raises on a connection before Fastify has a request (a request that does not arrive in time,
 * headers too large, a malformed request line), answered in the spec shape and then closed.
 */
export function clientErrorHandler(publicUrl: string) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, type, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errorTypes.requestTimeout, 'The request did not arrive in time.']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', errorTypes.badRequest, 'The request headers are too large.']
          : [400, 'Bad Request', errorTypes.badRequest, 'The request is not valid HTTP.'];
    const body: WireError = {
      status_code: status,
      request_id: `request-id-${crypto.randomUUID()}`,
      error_type: type,
      error_message: message,
      error_url: errorUrl(publicUrl, type),
    };
    const json = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      );
    }
    socket.destroy();
  };
}

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const parts = error.validation.map((v) => {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const context = error.validationContext ?? 'request';
      const where = context === 'body' && path ? path : `${context}${path ? '.' + path : ''}`;
      return `${where}: ${v.message}`;
    });
    return `Request does not match expected schema. ${parts.join('; ')}`;
  }
  return `Request does not match expected schema. ${error.message}`;
}

/** Maps Fastify's own client errors (bad JSON, big bodies, …) to a status and error type. */
function classifyFrameworkError(error: FastifyError): { status: number; type: ErrorType; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, type: errorTypes.invalidJson, message: 'Request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, type: errorTypes.payloadTooLarge, message: 'Request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, type: errorTypes.unsupportedMediaType, message: 'Unsupported content type; send application/json.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, type: errorTypes.badRequest, message: 'Content-Length does not match the body.' };
    default:
      return undefined;
  }
}

/** The HTTP status of each kind of domain error (docs/decisions/085): the one place a domain error meets HTTP. */
export const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * The one error handler: every domain error (services, stores) and HTTP error (routes, hooks) gets its status,
 * `error_type` and message here; never a 5xx message leaks, every error has the spec's shape.
 */
export function registerErrorHandler(app: FastifyInstance, publicUrl: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(request, reply, publicUrl, statusOfKind[error.kind], error.errorType, error.message);
    }
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return sendError(request, reply, publicUrl, error.statusCode, error.errorType, error.message);
    }
    if (error.validation) {
      return sendError(request, reply, publicUrl, 400, errorTypes.invalidRequest, describeValidation(error));
    }
    const framework = classifyFrameworkError(error);
    if (framework) return sendError(request, reply, publicUrl, framework.status, framework.type, framework.message);
    if (error.statusCode === 429) {
      return sendError(request, reply, publicUrl, 429, errorTypes.tooManyRequests, 'Too many requests. Please try again later.');
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, publicUrl, error.statusCode, errorTypes.badRequest, error.message);
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendError(request, reply, publicUrl, 500, errorTypes.internalServerError, 'An unexpected error occurred. Quote the request_id when reporting it.');
  });
}
