// Spec §9: background refresh every 180000 ms; a failed refresh is retried after about 2000 ms × 2^attempt
// (the attempt capped at 7) with ±175 ms of jitter.

/** How often a live session is refreshed. */
export const REFRESH_INTERVAL_MS = 180_000;
/** The first retry delay of a failed refresh. */
export const BACKOFF_BASE_MS = 2_000;
/** The attempt number at which the delay stops doubling. */
export const BACKOFF_MAX_ATTEMPT = 7;
/** The most a retry delay is moved either way at random. */
export const BACKOFF_JITTER_MS = 175;

/**
 * The delay before retry number `attempt + 1` of a failed refresh (`attempt` counts from 0).
 * `random` returns a number in [0, 1), like `Math.random`.
 *
 * @example
 * backoffDelay(0); // 2000 ± 175
 * backoffDelay(9); // 256000 ± 175 (attempt capped at 7)
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(Math.max(0, Math.floor(attempt)), BACKOFF_MAX_ATTEMPT);
  const jitter = (random() * 2 - 1) * BACKOFF_JITTER_MS;
  return Math.round(BACKOFF_BASE_MS * 2 ** capped + jitter);
}
