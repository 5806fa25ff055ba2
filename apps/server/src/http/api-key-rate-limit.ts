import type { Database } from '@keepsake/db/client';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createBufferedRateLimiter } from '../platform/buffered-rate-limiter.ts';
import { createRateLimiter } from '../platform/rate-limiter.ts';
import { TooManyRequestsError } from '../platform/domain-errors.ts';

const MINUTE_SECONDS = 60;

/**
 * Invalid-key buckets this process already knows to be over their limit, and until when. A refusal it remembers
 * costs no query. Bounded: when full it forgets everything, which only means asking the database again; the counts
 * themselves live in the database and are never forgotten this way.
 */
function createRefusalMemo(maxEntries = 10_000) {
  const until = new Map<string, number>();
  return {
    /** @throws TooManyRequestsError while `bucket` is remembered as refused. */
    assertNotRefused(bucket: string): void {
      const at = until.get(bucket);
      if (at === undefined) return;
      const left = at - Date.now();
      if (left > 0) throw new TooManyRequestsError(left / 1000);
      until.delete(bucket);
    },
    remember(bucket: string, error: TooManyRequestsError): void {
      if (until.size >= maxEntries) until.clear();
      until.set(bucket, Date.now() + (error.retryAfterSeconds ?? 1) * 1000);
    },
  };
}

/**
 * The developer API's limits (spec §9 "API key rate 500/min"; ADR 078, 089), shared by every process of a
 * deployment through the database, where no request can evict another's count:
 * - one budget per API key, across every developer API route (`apikey:<key id>`). Counted in memory and added
 *   to the database in the background (`buffered-rate-limiter.ts`), so that a call with a valid key costs no
 *   statement; the processes together may admit a tenth of the limit more per other process (ADR 089);
 * - calls with an unknown or revoked key, per client IP (`apikey-invalid:ip:<ip>`), one statement each (the
 *   error path). An IP over that limit is refused before its key is looked up.
 * Only keys that authenticated get a bucket in memory, so garbage keys cannot grow it.
 *
 * @example
 * limits.beforeLookup(request.ip); // throws while the IP is refused
 * const key = await lookup(secret);
 * if (!key) { await limits.invalidKey(request.ip); throw new UnauthorizedError(…); }
 * await limits.validKey(key.id); // usually answers at once
 */
export function createApiKeyLimits(db: Database, limits: Config['rateLimits'], log: Logger) {
  const refused = createRefusalMemo();
  const limiter = createRateLimiter(db);
  const keys = createBufferedRateLimiter(db, { windowSeconds: MINUTE_SECONDS, flushIntervalMs: limits.apiKeyFlushMs, log });

  return {
    /** @throws TooManyRequestsError when this IP is known to be over its limit of invalid keys. */
    beforeLookup(ip: string): void {
      refused.assertNotRefused(`apikey-invalid:ip:${ip}`);
    },
    /** Counts a call with an unknown or revoked key. @throws TooManyRequestsError */
    async invalidKey(ip: string): Promise<void> {
      const bucket = `apikey-invalid:ip:${ip}`;
      refused.assertNotRefused(bucket);
      try {
        await limiter.hit(bucket, limits.invalidApiKeyPerIp, MINUTE_SECONDS);
      } catch (error) {
        if (error instanceof TooManyRequestsError) refused.remember(bucket, error);
        throw error;
      }
    },
    /**
     * Counts a call with a valid key, whatever the route. Answers at once, without a statement, unless this
     * process must first send its count of the key (see `createBufferedRateLimiter`).
     * @throws TooManyRequestsError
     */
    validKey(keyId: string): Promise<void> | undefined {
      return keys.hit(`apikey:${keyId}`, limits.apiKeyPerMinute);
    },
    /** Sends the valid keys' counts to the database now (tests; `close` does it at shutdown). */
    flush: () => keys.flush(),
    /** Sends what is left at shutdown. */
    close: () => keys.close(),
    /** How many keys this process holds counts for. */
    keysInMemory: () => keys.size(),
  };
}

export type ApiKeyLimits = ReturnType<typeof createApiKeyLimits>;
