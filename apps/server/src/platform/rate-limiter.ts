import { lt, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { rateLimitCounters } from '@keepsake/db/schema';
import { TooManyRequestsError } from '../http/errors.ts';

/**
 * Sliding-window rate limits kept in the database, so that every process of a deployment shares them.
 * Each bucket counts hits in fixed windows; a hit is refused when the hits of the current window plus the
 * previous window's hits, weighted by how much of it still overlaps the last `windowSeconds`, exceed the
 * limit. Unlike plain fixed windows this allows no double burst across a window edge, and a run of quick
 * calls is judged the same wherever the clock happens to be.
 * Buckets name what is limited: `send:ip:<ip>`, `send:email:<project>:<address>`, `auth:ip:<ip>`, … (see
 * identity/sign-in.ts).
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
      const start = Math.floor(at / windowMs) * windowMs;
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
        await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(at - Math.max(2 * windowMs, 24 * 3600_000))));
      }
      const overlap = 1 - (at - start) / windowMs;
      if (current + previous * overlap > limit) throw new TooManyRequestsError(retryAfterSeconds({ current, previous, limit, at, start, windowMs }));
    },
  };
}

/** Seconds until a hit would be allowed again: until the previous window has faded enough, or the current one has ended. */
function retryAfterSeconds(w: { current: number; previous: number; limit: number; at: number; start: number; windowMs: number }): number {
  const end = w.start + w.windowMs;
  if (w.current >= w.limit || w.previous === 0) return (end - w.at) / 1000;
  // current + previous × (1 − (t − start) / window) ≤ limit − 1 (room for one more hit) solved for t.
  const fadedAt = w.start + w.windowMs * (1 - (w.limit - 1 - w.current) / w.previous);
  return (Math.min(Math.max(fadedAt, w.at), end) - w.at) / 1000;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
