import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeptReads } from './kept-reads.ts';

describe('kept reads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a kept value without loading it again until its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = createKeptReads<string, number>({ ttlMs: 5_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await reads.read('a', load)).toBe(1);
    expect(await reads.read('a', load)).toBe(1);
    expect(await reads.read('b', load)).toBe(2);
    vi.advanceTimersByTime(5_001);
    expect(await reads.read('a', load)).toBe(3);
  });

  it('loads again after forget, and does not keep a read that overlapped a forget', async () => {
    const reads = createKeptReads<string, string>({ ttlMs: 60_000 });
    expect(await reads.read('k', async () => 'old')).toBe('old');
    reads.forget('k');
    let release!: () => void;
    const slow = reads.read('k', () => new Promise<string>((resolve) => (release = () => resolve('read before the change'))));
    reads.forget('k'); // the write lands while the read is in flight
    release();
    expect(await slow).toBe('read before the change');
    expect(await reads.read('k', async () => 'new')).toBe('new');
    expect(await reads.read('k', async () => 'newer')).toBe('new');
  });

  it('keeps only what `keep` accepts, and never a failed load', async () => {
    const reads = createKeptReads<string, { deployed: boolean }>({ ttlMs: 60_000 });
    const deployedOf = async (key: string, deployed: boolean) =>
      (
        await reads.read(
          key,
          async () => ({ deployed }),
          (v) => v.deployed,
        )
      ).deployed;
    expect(await deployedOf('c', false)).toBe(false);
    expect(await deployedOf('c', true)).toBe(true);
    expect(await deployedOf('c', false)).toBe(true);
    await expect(reads.read('d', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.read('d', async () => ({ deployed: true }))).toEqual({ deployed: true });
  });
});
