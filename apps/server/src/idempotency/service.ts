// `x-idempotency-key` on the developer API's POSTs (ARCHITECTURE.md "Idempotency", ADR 031). The key is
// stored per project and caller (the API key or console user that sent it; issue 22 item 5) with a hash of the request and the response it got, in the same transaction as the work:
//   - a replay (same key, same request) gets the stored response;
//   - the same key with another request gets 409 idempotency_key_reused;
//   - a concurrent duplicate waits on the primary key until the first transaction ends, then replays its
//     response (or, if the first failed and rolled back, does the work itself).
// Work that fails leaves no key behind, so the client can retry with the same key.
// The HTTP side (reading the header, hashing the request) is http/idempotency.ts; the queries are ./store.ts.
import type { Database, Transaction } from '@keepsake/db/client';
import type { AppContext } from '../context.ts';
import { StateConflictError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';
import { idempotencyHeader, type IdempotencyRequest } from './request-hash.ts';
import { claimKey, deleteKeyIfOlder, deleteKeysOlderThan, findKey, saveResponse } from './store.ts';

/** Keys are kept this long; a key reused after that starts afresh. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;

/** The key was already used with a different request (method, path or body): 409 `idempotency_key_reused`. */
export class IdempotencyKeyReusedError extends StateConflictError {
  constructor() {
    super(`This ${idempotencyHeader} was already used with a different request.`, errorTypes.idempotencyKeyReused);
  }
}

export type IdempotentResult<T> = { status: number; body: T; replayed: boolean };

/**
 * Runs `work` in a transaction, recording its response under the key when there is one; answers a replay from
 * the record instead. `work` must use only `tx`.
 * @throws IdempotencyKeyReusedError when the key was used with another request.
 *
 * @example
 * const result = await runIdempotent(db, projectId, idempotency, async (tx) => ({ status: 201, body: await create(tx) }));
 */
export async function runIdempotent<T>(
  db: Database,
  projectId: string,
  idempotency: IdempotencyRequest | undefined,
  work: (tx: Transaction) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (!idempotency) return { ...(await db.transaction(work)), replayed: false };
  return db.transaction(async (tx) => {
    // An expired key starts afresh.
    await deleteKeyIfOlder(tx, projectId, idempotency, new Date(Date.now() - idempotencyKeyTtlMs));
    if (!(await claimKey(tx, projectId, idempotency))) {
      const stored = await findKey(tx, projectId, idempotency);
      if (!stored || stored.requestHash !== idempotency.requestHash) throw new IdempotencyKeyReusedError();
      return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
    }
    const result = await work(tx);
    await saveResponse(tx, projectId, idempotency, result.status, result.body);
    return { ...result, replayed: false };
  });
}

/** Deletes keys past their time, hourly, in processes that run workers. */
export function scheduleIdempotencyKeyExpiry(ctx: AppContext): void {
  ctx.jobs.every('idempotency key expiry', 60 * 60 * 1000, () => deleteKeysOlderThan(ctx.db, new Date(Date.now() - idempotencyKeyTtlMs)));
}
