// The HTTP side of `x-idempotency-key` (ARCHITECTURE.md "Idempotency", ADR 031): reading the header and hashing
// the request. The stored keys and their queries are the idempotency store's (idempotency/store.ts).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyHeader, requestHashOf, type IdempotencyRequest } from '../idempotency/request-hash.ts';
import { BadRequestError } from './errors.ts';

export { idempotencyHeader };

/** The headers schema of a POST that honours `x-idempotency-key` (documents the header in the OpenAPI document). */
export const idempotencyHeaders = z.looseObject({
  [idempotencyHeader]: z.string().optional().meta({ description: 'Makes the POST safe to retry: a replay gets the first response (kept 24 hours)' }),
});

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * Who calls, for the idempotency store: the API key (each key its own, so a `ck_` key cannot replay a `sk_` key's
 * order and secret; issue 22 item 5), else the console user.
 */
function callerOf(request: FastifyRequest): string {
  if (request.apiKey) return `key:${request.apiKey.id}`;
  if (request.consoleUser) return `user:${request.consoleUser.userId}`;
  throw new Error(`${request.method} ${request.routeOptions.url} honours ${idempotencyHeader} but names no caller in config.auth`);
}

/**
 * The request's caller, idempotency key and request hash (method, route, path parameters and the parsed body), or
 * undefined when it has no `x-idempotency-key`. A malformed key is a 400.
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | undefined {
  const header = request.headers[idempotencyHeader];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !keyPattern.test(key)) {
    throw new BadRequestError(`${idempotencyHeader} must be 1 to 255 visible ASCII characters (a UUID is a good choice).`);
  }
  return {
    caller: callerOf(request),
    key,
    requestHash: requestHashOf({ method: request.method, route: request.routeOptions.url, params: request.params, body: request.body }),
  };
}
