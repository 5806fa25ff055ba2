// issue 22 (memory under load): the mint kicker's window per collection remembered every collection that ever
// minted, for the life of the process. It forgets keys whose window is over, and fires as it did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPerKeyWindow } from './per-key-window.ts';

describe('per-key window', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires at once, then once at the end of the window for the calls within it', () => {
    const fired: string[] = [];
    const window = createPerKeyWindow(100, (key) => fired.push(key));
    window.call('a');
    window.call('a');
    window.call('a');
    window.call('b');
    expect(fired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a', 'b', 'a']);
    vi.advanceTimersByTime(100);
    window.call('a');
    expect(fired).toEqual(['a', 'b', 'a', 'a']);
  });

  it('stays bounded however many keys ever fired (issue 22: one entry per collection, forever)', () => {
    let fired = 0;
    const window = createPerKeyWindow(100, () => fired++, { sweepAt: 1_000 });
    for (let i = 0; i < 50_000; i++) {
      window.call(`collection-${i}`);
      if (i % 100 === 99) vi.advanceTimersByTime(150); // 100 collections minting per window
    }
    expect(fired).toBe(50_000);
    expect(window.remembered().fired).toBeLessThanOrEqual(1_000);
    expect(window.remembered().trailing).toBe(0);
  });

  it('still holds back a key that fired within its window after a sweep', () => {
    const fired: string[] = [];
    const window = createPerKeyWindow(100, (key) => fired.push(key), { sweepAt: 3 });
    window.call('old');
    vi.advanceTimersByTime(150);
    window.call('a');
    window.call('b'); // the third key: a sweep forgets 'old' only
    expect(window.remembered().fired).toBe(2);
    window.call('a');
    expect(fired).toEqual(['old', 'a', 'b']);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['old', 'a', 'b', 'a']);
  });
});
