/**
 * At most one call of `fire(key)` per key per `windowMs`, with a trailing one for calls that came in the window
 * after it fired (nfts/queues.ts: one mint job per collection per window). What it remembers is bounded (issue
 * 22, ADR 128): a key whose window is over is the same as one never seen, so such keys are forgotten, in sweeps
 * that run once the keys have doubled since the last (at least `sweepAt` of them), which keeps each call O(1) on
 * average. Without the sweeps it kept one entry for every collection that ever minted.
 *
 * @example
 * const kick = createPerKeyWindow(100, (collectionId) => queueMintJob(collectionId));
 * kick.call(collectionId); // fires now, or once at the end of the window
 */
export function createPerKeyWindow(windowMs: number, fire: (key: string) => void, options: { sweepAt?: number } = {}) {
  const minimumSweep = options.sweepAt ?? 1_000;
  const lastFired = new Map<string, number>();
  const trailing = new Map<string, NodeJS.Timeout>();
  let sweepAt = minimumSweep;

  const forgetPast = (now: number) => {
    for (const [key, at] of lastFired) if (now - at >= windowMs) lastFired.delete(key);
    sweepAt = Math.max(minimumSweep, 2 * lastFired.size);
  };
  const fireNow = (key: string) => {
    const now = Date.now();
    lastFired.set(key, now);
    if (lastFired.size >= sweepAt) forgetPast(now);
    fire(key);
  };

  return {
    call(key: string): void {
      const since = Date.now() - (lastFired.get(key) ?? -Infinity);
      if (since >= windowMs) return fireNow(key);
      if (trailing.has(key)) return;
      const timer = setTimeout(() => {
        trailing.delete(key);
        fireNow(key);
      }, windowMs - since);
      timer.unref();
      trailing.set(key, timer);
    },
    /** How many keys it remembers (when each last fired, and trailing calls to come). */
    remembered: () => ({ fired: lastFired.size, trailing: trailing.size }),
  };
}
