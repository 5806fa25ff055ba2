import type { Config } from '../config.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { TooManyRequestsError } from './errors.ts';

const MINUTE_SECONDS = 60;

/**
 * Buckets this process already knows to be over their limit, and until when. A refusal it remembers costs no
 * query. Bounded: when full it forgets everything, which only means asking the database again; the counts
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
      until.set(bucket, Date.now() + Number(error.headers['retry-after']) * 1000);
    },
  };
}

/**
 * The developer API's limits (spec §9 "API key rate 500/min"; ADR 078), counted in the database so that every
 * process of a deployment shares them and no request can evict another's count:
 * - one budget per API key, across every developer API route (`apikey:<key id>`);
 * - calls with an unknown or revoked key, per client IP (`apikey-invalid:ip:<ip>`). An IP over that limit is
 *   refused before its key is looked up.
 *
 * @example
 * limits.beforeLookup(request.ip); // throws while the IP is refused
 * const key = await lookup(secret);
 * if (!key) { await limits.invalidKey(request.ip); throw new UnauthorizedError(…); }
 * await limits.validKey(key.id);
 */
export function createApiKeyLimits(limiter: RateLimiter, limits: Config['rateLimits']) {
  const refused = createRefusalMemo();

  async function hit(bucket: string, limit: number): Promise<void> {
    refused.assertNotRefused(bucket);
    try {
      await limiter.hit(bucket, limit, MINUTE_SECONDS);
    } catch (error) {
      if (error instanceof TooManyRequestsError) refused.remember(bucket, error);
      throw error;
    }
  }

  return {
    /** @throws TooManyRequestsError when this IP is known to be over its limit of invalid keys. */
    beforeLookup(ip: string): void {
      refused.assertNotRefused(`apikey-invalid:ip:${ip}`);
    },
    /** Counts a call with an unknown or revoked key. @throws TooManyRequestsError */
    invalidKey(ip: string): Promise<void> {
      return hit(`apikey-invalid:ip:${ip}`, limits.invalidApiKeyPerIp);
    },
    /** Counts a call with a valid key, whatever the route. @throws TooManyRequestsError */
    validKey(keyId: string): Promise<void> {
      return hit(`apikey:${keyId}`, limits.apiKeyPerMinute);
    },
  };
}

export type ApiKeyLimits = ReturnType<typeof createApiKeyLimits>;
