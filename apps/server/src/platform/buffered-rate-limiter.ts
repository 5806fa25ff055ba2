import type { Database } from '@keepsake/db/client';
import type { Logger } from 'pino';
import { TooManyRequestsError } from './domain-errors.ts';
import { addHits, deleteExpiredCounters, fitsOneMore, retryAfterSeconds, windowStartOf, type CounterIncrement } from './rate-limiter.ts';

/** One bucket as this process sees it. Window maps are keyed by the window's start (ms). */
type Bucket = {
  name: string;
  /** Hits from every process, as the database answered at this bucket's last sync. */
  known: Map<number, number>;
  /** Hits counted here since, not yet sent. */
  unsent: Map<number, number>;
  unsentTotal: number;
  /** Hits in the statement in flight (counted in the database once it answers, not yet in `known`). */
  sending: Map<number, number> | undefined;
  sendingTotal: number;
  /** The statement in flight that carries this bucket's hits, if any. */
  sync: Promise<void> | undefined;
  lastHitAt: number;
};

const add = (windows: Map<number, number>, start: number, hits: number) => windows.set(start, (windows.get(start) ?? 0) + hits);

/**
 * The same sliding windows as `createRateLimiter`, in the same `rate_limit_counters` rows, for buckets hit so
 * often that one statement per hit would cost more than the call it limits (the developer API's per-key budget;
 * ADR 089). Each process counts its hits in memory and adds them to the database in the background, every
 * `flushIntervalMs`, in one statement for all its buckets, which answers each bucket's totals from every process.
 * A hit is judged on the last totals heard plus the hits counted here since.
 *
 * What no process can know is what the others counted since their last sync. To bound that, a process may hold
 * at most `headroom(limit)` (a tenth of the limit) unsent hits per bucket: the next hit waits for a sync. So all
 * processes together admit at most `limit + (processes − 1) × headroom(limit)` in a window, whenever each syncs.
 *
 * Only buckets that are hit take memory, and a bucket is forgotten two windows after its last hit, once its
 * hits are sent. A failed sync keeps its hits for the next one. `close()` sends what is left.
 *
 * @example
 * const limiter = createBufferedRateLimiter(db, { windowSeconds: 60, flushIntervalMs: 250, log });
 * await limiter.hit(`apikey:${id}`, 500); // usually no statement; throws TooManyRequestsError over the limit
 */
export function createBufferedRateLimiter(db: Database, options: { windowSeconds: number; flushIntervalMs: number; log: Logger; now?: () => number }) {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  let lastCleanupAt = now();
  let closed = false;

  const hitsIn = (b: Bucket, start: number) => (b.known.get(start) ?? 0) + (b.sending?.get(start) ?? 0) + (b.unsent.get(start) ?? 0);

  /** Counts the hit, or refuses it (a refused hit is not counted). */
  function admit(b: Bucket, limit: number): void {
    const at = now();
    const start = windowStartOf(at, windowMs);
    const window = { current: hitsIn(b, start), previous: hitsIn(b, start - windowMs), limit, at, start, windowMs };
    if (!fitsOneMore(window)) throw new TooManyRequestsError(retryAfterSeconds(window));
    add(b.unsent, start, 1);
    b.unsentTotal++;
    b.lastHitAt = at;
  }

  /** One statement that sends these buckets' unsent hits and learns their totals. Rejects if it fails; the hits stay unsent. */
  function send(list: Bucket[]): Promise<void> {
    const at = now();
    const increments: CounterIncrement[] = [];
    for (const b of list) {
      for (const [windowStart, hits] of b.unsent) increments.push({ bucket: b.name, windowStart, hits });
      b.sending = b.unsent;
      b.sendingTotal = b.unsentTotal;
      b.unsent = new Map();
      b.unsentTotal = 0;
    }
    const sync = addHits(db, increments, windowStartOf(at, windowMs) - windowMs).then(
      (totals) => {
        for (const b of list) {
          b.known = totals.get(b.name) ?? new Map<number, number>();
          b.sending = undefined;
          b.sendingTotal = 0;
          b.sync = undefined;
        }
      },
      (error: unknown) => {
        for (const b of list) {
          for (const [start, hits] of b.sending ?? []) add(b.unsent, start, hits);
          b.unsentTotal += b.sendingTotal;
          b.sending = undefined;
          b.sendingTotal = 0;
          b.sync = undefined;
        }
        throw error;
      },
    );
    for (const b of list) b.sync = sync;
    return sync;
  }

  /** Waits for a sync until this process holds fewer than `headroom` unsent hits of the bucket, then judges the hit. */
  async function hitAfterSync(b: Bucket, limit: number, headroom: number): Promise<void> {
    while (b.unsentTotal + b.sendingTotal >= headroom) {
      // Join the statement in flight; if it failed, its hits are unsent again and the next turn sends them.
      if (b.sync) await b.sync.catch(() => undefined);
      else await send([b]);
    }
    admit(b, limit);
  }

  /**
   * Sends the unsent hits of every bucket that has no statement in flight, at most 1,000 buckets a statement. The
   * statements start together, so that no bucket is picked here and meanwhile sent by a waiting hit.
   */
  async function sendDue(): Promise<void> {
    const due = [...buckets.values()].filter((b) => b.unsentTotal > 0 && !b.sync);
    const statements: Array<Promise<void>> = [];
    for (let i = 0; i < due.length; i += 1_000) statements.push(send(due.slice(i, i + 1_000)));
    await Promise.all(statements);
  }

  const settle = () => Promise.all([...buckets.values()].flatMap((b) => (b.sync ? [b.sync.catch(() => undefined)] : [])));

  /** Sends what is unsent (buckets in flight go with the next tick), forgets idle buckets, and now and then old rows. */
  async function tick(): Promise<void> {
    const at = now();
    for (const b of buckets.values()) {
      if (b.unsentTotal === 0 && !b.sync && at - b.lastHitAt > 2 * windowMs) buckets.delete(b.name);
    }
    await sendDue();
    if (at - lastCleanupAt > windowMs) {
      lastCleanupAt = at;
      await deleteExpiredCounters(db, at, windowMs);
    }
  }

  const timer = setInterval(() => {
    tick().catch((error: unknown) => options.log.warn({ err: error }, 'rate limit counts not saved; they are kept for the next try'));
  }, options.flushIntervalMs);
  timer.unref();

  /** Sends every hit counted so far (after the statements in flight). Rejects if the database does. */
  async function flush(): Promise<void> {
    await settle();
    await sendDue();
    await settle(); // hits that had to wait meanwhile went in statements of their own
  }

  return {
    /**
     * Counts one hit against `bucket`. Answers at once (no statement) unless this process holds too many unsent
     * hits of the bucket; then it waits for one statement.
     * @throws TooManyRequestsError when the bucket is over `limit` as far as this process knows.
     */
    hit(bucket: string, limit: number): Promise<void> | undefined {
      let b = buckets.get(bucket);
      if (!b) {
        b = { name: bucket, known: new Map(), unsent: new Map(), unsentTotal: 0, sending: undefined, sendingTotal: 0, sync: undefined, lastHitAt: now() };
        buckets.set(bucket, b);
      }
      const headroom = Math.max(1, Math.floor(limit / 10));
      if (b.unsentTotal + b.sendingTotal >= headroom) return hitAfterSync(b, limit, headroom);
      admit(b, limit);
      return undefined;
    },

    flush,

    /** Stops the background sends and sends what is left; a failure is logged, not thrown. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        options.log.error({ err: error }, 'rate limit counts lost at shutdown: the database refused them');
      }
    },

    /** Buckets this process holds in memory (for tests). */
    size: () => buckets.size,
  };
}

export type BufferedRateLimiter = ReturnType<typeof createBufferedRateLimiter>;
