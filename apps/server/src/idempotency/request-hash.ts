import { hash } from 'node:crypto';

/** The header that carries a developer API call's idempotency key (ARCHITECTURE.md "Idempotency", ADR 031). */
export const idempotencyHeader = 'x-idempotency-key';

/**
 * What an idempotent call presents: who calls (`key:<apiKeyId>` or `user:<userId>`), the client's key and the hash
 * of its request. A key is kept per caller (issue 22 item 5): another caller sending the same key gets its own work.
 */
export type IdempotencyRequest = { caller: string; key: string; requestHash: string };

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
