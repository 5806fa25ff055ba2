import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_JITTER_MS, REFRESH_INTERVAL_MS } from './backoff.ts';

describe('refresh schedule (spec §9)', () => {
  it('refreshes every 180000 ms', () => {
    expect(REFRESH_INTERVAL_MS).toBe(180_000);
  });

  it('waits 2000 ms × 2^attempt, the attempt capped at 7', () => {
    const middle = () => 0.5; // no jitter
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, middle))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000]);
    expect(backoffDelay(8, middle)).toBe(256_000);
    expect(backoffDelay(50, middle)).toBe(256_000);
  });

  it('adds jitter of at most ±175 ms', () => {
    expect(backoffDelay(0, () => 0)).toBe(2_000 - BACKOFF_JITTER_MS);
    expect(backoffDelay(0, () => 0.999_999)).toBe(2_000 + BACKOFF_JITTER_MS);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(3);
      expect(delay).toBeGreaterThanOrEqual(16_000 - 175);
      expect(delay).toBeLessThanOrEqual(16_000 + 175);
    }
  });
});
