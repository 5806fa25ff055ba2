// `x-idempotency-key` on the developer API's POSTs (ARCHITECTURE.md "Idempotency", ADR 031). The key is
// stored per project with a hash of the request and the response it got, in the same transaction as the work:
//   - a replay (same key, same request) gets the stored response;
//   - the same key with another request gets 409 idempotency_key_reused;
//   - a concurrent duplicate waits on the primary key until the first transaction ends, then replays its
//     response (or, if the first failed and rolled back, does the work itself).
// Work that fails leaves no key behind, so the client can retry with the same key.
import { hash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { idempotencyKeys } from '@keepsake/db/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, BadRequestError, errorTypes } from './errors.ts';

export const idempotencyHeader = 'x-idempotency-key';
/** Keys are kept this long; a key reused after that starts afresh. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;
const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** What an idempotent call presents: the client's key and the hash of its request. */
export type IdempotencyRequest = { key: string; requestHash: string };

/** JSON with object keys sorted, so that equal values hash equally whatever order their keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of the canonical JSON of `value`. */
export function requestHashOf(value: unknown): string {
  return hash('sha256', canonicalJson(value), 'hex');
}

/**
 * The request's idempotency key and request hash (method, route, path parameters and the parsed body), or
 * undefined when it has no `x-idempotency-key`. A malformed key is a 400.
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | undefined {
  const header = request.headers[idempotencyHeader];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !keyPattern.test(key)) {
    throw new BadRequestError(`${idempotencyHeader} must be 1 to 255 visible ASCII characters (a UUID is a good choice).`);
  }
  return { key, requestHash: requestHashOf({ method: request.method, route: request.routeOptions.url, params: request.params, body: request.body }) };
}

export type IdempotentResult<T> = { status: number; body: T; replayed: boolean };

/**
 * Runs `work` in a transaction, recording its response under the key when there is one; answers a replay from
 * the record instead. `work` must use only `tx`.
 *
 * @example
 * const result = await runIdempotent(db, projectId, idempotencyOf(request), async (tx) => ({ status: 201, body: await create(tx) }));
 * reply.status(result.status).send(result.body);
 */
export async function runIdempotent<T>(
  db: Database,
  projectId: string,
  idempotency: IdempotencyRequest | undefined,
  work: (tx: Transaction) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (!idempotency) return { ...(await db.transaction(work)), replayed: false };
  return db.transaction(async (tx) => {
    const where = and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, idempotency.key));
    // An expired key starts afresh.
    await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, new Date(Date.now() - idempotencyKeyTtlMs))));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ projectId, key: idempotency.key, requestHash: idempotency.requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      if (!stored || stored.requestHash !== idempotency.requestHash) {
        throw new ApiError(409, errorTypes.idempotencyKeyReused, `This ${idempotencyHeader} was already used with a different request.`);
      }
      return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
    }
    const result = await work(tx);
    await tx.update(idempotencyKeys).set({ responseStatus: result.status, responseBody: result.body }).where(where);
    return { ...result, replayed: false };
  });
}

/** Deletes keys past their time, hourly, in processes that run workers. */
export function scheduleIdempotencyKeyExpiry(ctx: AppContext): void {
  ctx.jobs.every('idempotency key expiry', 60 * 60 * 1000, async () => {
    await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - idempotencyKeyTtlMs)));
  });
}
