// The stored idempotency keys (ARCHITECTURE.md "Idempotency", ADR 031): one row per project, caller and key, with the hash
// of the request and the response it got. The rules around them are ./service.ts.
import { and, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { idempotencyKeys } from '@keepsake/db/schema';
import type { IdempotencyRequest } from './request-hash.ts';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** A caller's key names the stored row: the caller is part of it (issue 22 item 5). */
export type StoredKey = Pick<IdempotencyRequest, 'caller' | 'key'>;

const keyOf = (projectId: string, { caller, key }: StoredKey) =>
  and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));

/** Deletes the caller's key if it was created before `before`, so that it starts afresh. */
export async function deleteKeyIfOlder(tx: Transaction, projectId: string, key: StoredKey, before: Date): Promise<void> {
  await tx.delete(idempotencyKeys).where(and(keyOf(projectId, key), lt(idempotencyKeys.createdAt, before)));
}

/**
 * Claims the key for this request (response not yet known). Answers false when the key exists: a concurrent
 * claim waits on the primary key until the first transaction ends.
 */
export async function claimKey(tx: Transaction, projectId: string, request: IdempotencyRequest): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ projectId, caller: request.caller, key: request.key, requestHash: request.requestHash, responseStatus: 0, responseBody: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findKey(tx: Transaction, projectId: string, key: StoredKey): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await tx.select().from(idempotencyKeys).where(keyOf(projectId, key));
  return row;
}

/** Records the response a claimed key's work answered. */
export async function saveResponse(tx: Transaction, projectId: string, key: StoredKey, status: number, body: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(keyOf(projectId, key));
}

/** Deletes every key created before `before`. */
export async function deleteKeysOlderThan(db: Database, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
