import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './domain-errors.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createRateLimiter } from './rate-limiter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const WINDOW_SECONDS = 600;
const WINDOW_MS = WINDOW_SECONDS * 1000;

/** A limiter whose clock the test moves. */
function limiterAt(startMs: number) {
  let clock = startMs;
  const limiter = createRateLimiter(server.ctx.db, () => clock);
  return {
    advance: (ms: number) => void (clock += ms),
    /** Hits once; returns 'ok' or the Retry-After seconds of the refusal. */
    async hit(bucket: string, limit = 5): Promise<'ok' | number> {
      try {
        await limiter.hit(bucket, limit, WINDOW_SECONDS);
        return 'ok';
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error;
        return error.retryAfterSeconds;
      }
    },
  };
}

const windowStart = Math.floor(Date.UTC(2031, 0, 1) / WINDOW_MS) * WINDOW_MS;

describe('rate limiter', () => {
  it('allows the limit and refuses the next hit, per bucket', async () => {
    const l = limiterAt(windowStart + 1_000);
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await l.hit('test:a'));
    expect(results.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(results[5]).toBeGreaterThan(0);
    expect(await l.hit('test:b')).toBe('ok');
  });

  it('judges a quick run of calls the same across a window edge (no reset at the boundary)', async () => {
    const l = limiterAt(windowStart + WINDOW_MS - 2_000);
    const results: Array<'ok' | number> = [];
    for (let i = 0; i < 3; i++) results.push(await l.hit('test:edge'));
    l.advance(3_000); // the clock crosses into the next window mid-run
    for (let i = 0; i < 3; i++) results.push(await l.hit('test:edge'));
    expect(results.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(typeof results[5]).toBe('number');
  });

  it('lets the previous window fade and says when the next hit is allowed', async () => {
    const l = limiterAt(windowStart + 2 * WINDOW_MS + 1_000);
    for (let i = 0; i < 5; i++) expect(await l.hit('test:fade')).toBe('ok');
    l.advance(WINDOW_MS); // one window later: the 5 earlier hits weigh almost fully
    const retryAfter = await l.hit('test:fade');
    expect(typeof retryAfter).toBe('number');
    l.advance((retryAfter as number) * 1000 + 1_000);
    expect(await l.hit('test:fade')).toBe('ok');
    l.advance(2 * WINDOW_MS); // long after, the bucket is fresh
    for (let i = 0; i < 5; i++) expect(await l.hit('test:fade')).toBe('ok');
  });
});
