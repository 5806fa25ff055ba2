import { lt, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { rateLimitCounters } from '@keepsake/db/schema';
import { TooManyRequestsError } from './domain-errors.ts';

/**
 * Sliding-window rate limits kept in the database, so that every process of a deployment shares them.
 * Each bucket counts hits in fixed windows; a hit is refused when the hits of the current window plus the
 * previous window's hits, weighted by how much of it still overlaps the last `windowSeconds`, exceed the
 * limit. Unlike plain fixed windows this allows no double burst across a window edge, and a run of quick
 * calls is judged the same wherever the clock happens to be.
 * Buckets name what is limited: `send:ip:<ip>`, `send:email:<project>:<address>`, `auth:ip:<ip>`, … (see
 * identity/sign-in.ts). Each hit is one statement; `buffered-rate-limiter.ts` counts hot buckets in memory instead.
 *
 * @example
 * await limiter.hit(`send:email:${email}`, 5, 600); // throws TooManyRequestsError on the sixth in ten minutes
 */
export function createRateLimiter(db: Database, now: () => number = Date.now) {
  let sinceCleanup = 0;
  return {
    /**
     * Counts one hit against `bucket`.
     * @throws TooManyRequestsError when the bucket had `limit` hits in the last `windowSeconds` already.
     */
    async hit(bucket: string, limit: number, windowSeconds: number): Promise<void> {
      const windowMs = windowSeconds * 1000;
      const at = now();
      const start = windowStartOf(at, windowMs);
      // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`; counts may arrive as strings.
      const raw: unknown = await db.execute(sql`
        with current_window as (
          insert into ${rateLimitCounters} (bucket, window_start, hits)
          values (${bucket}, ${new Date(start).toISOString()}, 1)
          on conflict (bucket, window_start) do update set hits = ${rateLimitCounters}.hits + 1
          returning hits
        )
        select (select hits from current_window) as current,
               (select hits from ${rateLimitCounters} where bucket = ${bucket} and window_start = ${new Date(start - windowMs).toISOString()}) as previous`);
      const result = raw as { rows: Array<{ current: number | string | null; previous: number | string | null }> };
      const row = result.rows[0];
      const current = Number(row?.current ?? 1);
      const previous = Number(row?.previous ?? 0);
      if (++sinceCleanup >= 500) {
        sinceCleanup = 0;
        await deleteExpiredCounters(db, at, windowMs);
      }
      // `current` already holds this hit, refused or not: it fits when the hits before it left room for one more,
      // and the next one will fit once the hits stored (this one too) leave room.
      if (!fitsOneMore({ current: current - 1, previous, limit, at, start, windowMs })) {
        throw new TooManyRequestsError(retryAfterSeconds({ current, previous, limit, at, start, windowMs }));
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Where the fixed window holding `at` starts (windows are aligned to the epoch). */
export function windowStartOf(at: number, windowMs: number): number {
  return Math.floor(at / windowMs) * windowMs;
}

/**
 * A bucket's hits as seen at `at`: `current` in the window that began at `start`, `previous` in the one before.
 * One more hit fits when the current window's hits, plus it, plus the previous window's hits weighted by how
 * much of that window still lies within the last `windowMs`, stay within `limit`.
 */
export type WindowHits = { current: number; previous: number; limit: number; at: number; start: number; windowMs: number };

export function fitsOneMore(w: WindowHits): boolean {
  const overlap = 1 - (w.at - w.start) / w.windowMs;
  return w.current + 1 + w.previous * overlap <= w.limit;
}

/**
 * Seconds until one more hit would fit, if no other hit came: later in this window, once the previous window
 * has faded enough; or, when this window alone is full, in the next one, once this window has faded enough.
 */
export function retryAfterSeconds(w: WindowHits): number {
  const room = w.limit - 1; // hits that may already be there for one more to fit
  const end = w.start + w.windowMs;
  let at: number;
  if (w.current > room) {
    // Next window: current × (1 − (t − end) / window) ≤ room.
    at = end + w.windowMs * (1 - room / w.current);
  } else if (w.previous > 0) {
    // This window: current + previous × (1 − (t − start) / window) ≤ room.
    at = w.start + w.windowMs * (1 - (room - w.current) / w.previous);
  } else {
    at = w.at;
  }
  return (Math.max(at, w.at) - w.at) / 1000;
}

/** Counter rows old enough that no window reads them any more (and never younger than a day). */
export async function deleteExpiredCounters(db: Database, at: number, windowMs: number): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(at - Math.max(2 * windowMs, 24 * 3600_000))));
}

/** Hits to add to one bucket's window. */
export type CounterIncrement = { bucket: string; windowStart: number; hits: number };

/**
 * Adds many buckets' hits in one statement and answers each bucket's totals, from every process, for the windows
 * that start at `since` or later: bucket → window start → hits. Rows are locked in (bucket, window) order, so that
 * two processes adding to the same buckets cannot deadlock.
 */
export async function addHits(db: Database, increments: readonly CounterIncrement[], since: number): Promise<Map<string, Map<number, number>>> {
  const totals = new Map<string, Map<number, number>>();
  if (increments.length === 0) return totals;
  const sorted = [...increments].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : a.windowStart - b.windowStart));
  const values = sql.join(
    sorted.map((i) => sql`(${i.bucket}::text, ${new Date(i.windowStart).toISOString()}::timestamptz, ${i.hits}::integer)`),
    sql`, `,
  );
  const raw: unknown = await db.execute(sql`
    with incoming (bucket, window_start, hits) as (values ${values}),
    added as (
      insert into ${rateLimitCounters} (bucket, window_start, hits)
      select bucket, window_start, hits from incoming order by bucket, window_start
      on conflict (bucket, window_start) do update set hits = ${rateLimitCounters}.hits + excluded.hits
      returning bucket, window_start, hits
    )
    select bucket, extract(epoch from window_start)::float8 * 1000 as start_ms, hits from added
    union all
    select c.bucket, extract(epoch from c.window_start)::float8 * 1000, c.hits from ${rateLimitCounters} c
    where c.bucket in (select bucket from incoming) and c.window_start >= ${new Date(since).toISOString()}::timestamptz
      and not exists (select 1 from added a where a.bucket = c.bucket and a.window_start = c.window_start)`);
  for (const row of (raw as { rows: Array<{ bucket: string; start_ms: number | string; hits: number | string }> }).rows) {
    const start = Number(row.start_ms);
    if (start < since) continue;
    let windows = totals.get(row.bucket);
    if (!windows) totals.set(row.bucket, (windows = new Map<number, number>()));
    windows.set(start, Number(row.hits));
  }
  return totals;
}
