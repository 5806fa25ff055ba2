import { randomUUID } from 'node:crypto';
import { rateLimitCounters } from '@keepsake/db/schema';
import type { Database } from '@keepsake/db/client';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './domain-errors.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createBufferedRateLimiter } from './buffered-rate-limiter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { KEEPSAKE_ROLE: 'api' } });
});
afterAll(() => server?.close());

const WINDOW_MS = 60_000;
const windowStart = Math.floor(Date.UTC(2032, 0, 1) / WINDOW_MS) * WINDOW_MS;

/** A limiter (one "process") on the test database, with a clock the test moves and the log it wrote. */
function processAt(clock: { at: number }, options: { db?: Database; flushIntervalMs?: number } = {}) {
  const logged: string[] = [];
  const limiter = createBufferedRateLimiter(options.db ?? server.ctx.db, {
    windowSeconds: WINDOW_MS / 1000,
    // Long unless asked: only the test's own flush() and the headroom send.
    flushIntervalMs: options.flushIntervalMs ?? 60_000,
    log: pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) }),
    now: () => clock.at,
  });
  return {
    limiter,
    logged,
    /** Hits once; 'ok' or the Retry-After seconds of the refusal. */
    async hit(bucket: string, limit: number): Promise<'ok' | number> {
      try {
        await limiter.hit(bucket, limit);
        return 'ok';
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error;
        return error.retryAfterSeconds;
      }
    },
  };
}

async function stored(bucket: string): Promise<number> {
  const rows = await server.ctx.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.bucket, bucket));
  return rows.reduce((sum, row) => sum + row.hits, 0);
}

/** The test database, whose `execute` fails `failures` times first. */
function flakyDb(failures: { left: number }): Database {
  const db = server.ctx.db;
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'execute') {
        return (...args: Parameters<Database['execute']>) => {
          if (failures.left-- > 0) return Promise.reject(new Error('connection terminated unexpectedly'));
          return db.execute(...args);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('buffered rate limiter (ADR 089)', () => {
  it('counts hits in memory and writes them only when it flushes, in one row per window', async () => {
    const clock = { at: windowStart + 1_000 };
    const p = processAt(clock);
    const bucket = `test:${randomUUID()}`;
    for (let i = 0; i < 9; i++) expect(await p.hit(bucket, 100)).toBe('ok');
    expect(await stored(bucket)).toBe(0);
    await p.limiter.flush();
    expect(await stored(bucket)).toBe(9);
    await p.limiter.close();
  });

  it('judges the sliding window as the database limiter does, with a Retry-After after which a hit fits', async () => {
    const clock = { at: windowStart + 1_000 };
    const p = processAt(clock);
    const bucket = `test:${randomUUID()}`;
    for (let i = 0; i < 20; i++) expect(await p.hit(bucket, 20)).toBe('ok');
    const retryAfter = await p.hit(bucket, 20);
    expect(typeof retryAfter).toBe('number');
    // This window alone is full: the next hit fits once it has faded to 19 of 20, 3 s into the next window.
    expect(retryAfter).toBe(62);
    clock.at += 61_000;
    expect(await p.hit(bucket, 20)).toBeGreaterThan(0);
    clock.at += 1_000;
    expect(await p.hit(bucket, 20)).toBe('ok');
    await p.limiter.close();
    // The refused hits were not counted.
    expect(await stored(bucket)).toBe(21);
  });

  it('two processes sharing a bucket admit at most the limit plus one headroom (a tenth), however their hits interleave', async () => {
    const clock = { at: windowStart + 5_000 };
    // The worst order: A holds 9 unsent hits that B cannot see while B spends the whole budget.
    const a = processAt(clock);
    const b = processAt(clock);
    const bucket = `test:${randomUUID()}`;
    let admitted = 0;
    for (let i = 0; i < 9; i++) if ((await a.hit(bucket, 100)) === 'ok') admitted++;
    while ((await b.hit(bucket, 100)) === 'ok') admitted++;
    while ((await a.hit(bucket, 100)) === 'ok') admitted++;
    expect(admitted).toBe(110);
    expect(await b.hit(bucket, 100)).toBeGreaterThan(0);
    // Nothing counted is lost: every admitted hit reaches the database.
    await Promise.all([a.limiter.close(), b.limiter.close()]);
    expect(await stored(bucket)).toBe(110);

    // Other orders, concurrent: never more than 110, never fewer than 100.
    for (let round = 0; round < 5; round++) {
      const c = processAt(clock);
      const d = processAt(clock);
      const shared = `test:${randomUUID()}`;
      let count = 0;
      for (let wave = 0; wave < 20; wave++) {
        const results = await Promise.all(Array.from({ length: 6 + round * 3 }, (_, i) => ((i + wave) % (2 + round) === 0 ? d : c).hit(shared, 100)));
        count += results.filter((r) => r === 'ok').length;
      }
      expect(count).toBeGreaterThanOrEqual(100);
      expect(count).toBeLessThanOrEqual(110);
      await Promise.all([c.limiter.close(), d.limiter.close()]);
      expect(await stored(shared)).toBe(count);
    }
  });

  it('keeps the counts when a flush fails, logs it, and sends them with the next tick', async () => {
    const clock = { at: windowStart + 10_000 };
    const failures = { left: 1 };
    const p = processAt(clock, { db: flakyDb(failures) });
    const bucket = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await p.hit(bucket, 100)).toBe('ok');
    await expect(p.limiter.flush()).rejects.toThrow('connection terminated');
    expect(await stored(bucket)).toBe(0);
    expect(await p.hit(bucket, 100)).toBe('ok');
    await p.limiter.flush();
    expect(await stored(bucket)).toBe(4);
    await p.limiter.close();

    // In the background: the failed tick is logged, and a later tick sends the hits.
    const ticking = processAt(clock, { db: flakyDb({ left: 1 }), flushIntervalMs: 20 });
    const other = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await ticking.hit(other, 100)).toBe('ok');
    const deadline = Date.now() + 5_000;
    while ((await stored(other)) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await stored(other)).toBe(3);
    expect(ticking.logged.join('')).toContain('rate limit counts not saved');
    await ticking.limiter.close();
  });

  it('sends what is left when closed, and forgets a bucket two windows after its last hit', async () => {
    const clock = { at: windowStart + 20_000 };
    const p = processAt(clock, { flushIntervalMs: 20 });
    const bucket = `test:${randomUUID()}`;
    expect(await p.hit(bucket, 100)).toBe('ok');
    expect(p.limiter.size()).toBe(1);
    clock.at += 2 * WINDOW_MS + 1;
    const deadline = Date.now() + 5_000;
    while (p.limiter.size() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(p.limiter.size()).toBe(0);
    expect(await stored(bucket)).toBe(1);

    const q = processAt(clock);
    const left = `test:${randomUUID()}`;
    for (let i = 0; i < 5; i++) expect(await q.hit(left, 100)).toBe('ok');
    await q.limiter.close();
    expect(await stored(left)).toBe(5);
  });
});
