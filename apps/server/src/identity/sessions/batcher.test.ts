import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A load that records each batch and answers when `release` is called. */
function recordingLoad() {
  const batches: number[][] = [];
  const waiting: Array<() => void> = [];
  const load = async (keys: readonly number[]) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => waiting.push(resolve));
    return keys.map((key) => (key < 0 ? new Error(`no ${key}`) : key * 10));
  };
  return { batches, load, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

const ioTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher (issue 10: one statement for many requests)', () => {
  it('sends the calls of one turn of the event loop as one batch, and answers each call with its own result', async () => {
    const { batches, load, release } = recordingLoad();
    const find = createBatcher(load, { maxInFlight: 2, maxBatchSize: 100 });
    const calls = [find(1), find(2), find(-3), find(4)];
    await ioTurn();
    expect(batches).toEqual([[1, 2, -3, 4]]);
    release();
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 'no -3', 40]);
  });

  it('runs at most maxInFlight batches; calls made meanwhile gather into the next batch', async () => {
    const { batches, load, release } = recordingLoad();
    const find = createBatcher(load, { maxInFlight: 1, maxBatchSize: 100 });
    const first = find(1);
    await ioTurn();
    const later = [find(2), find(3)];
    await ioTurn();
    const last = find(4);
    await ioTurn();
    // The first batch is still running: 2, 3 and 4 wait, together.
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    await ioTurn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all([...later, last])).toEqual([20, 30, 40]);
  });

  it('splits a turn with more than maxBatchSize calls', async () => {
    const { batches, load, release } = recordingLoad();
    const find = createBatcher(load, { maxInFlight: 4, maxBatchSize: 2 });
    const calls = [1, 2, 3, 4, 5].map((key) => find(key));
    await ioTurn();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    release();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails every call of a batch whose load fails, and goes on with the next batch', async () => {
    let fail = true;
    const find = createBatcher(
      async (keys: readonly number[]) => {
        if (fail) throw new Error('database down');
        return keys.map((key) => key);
      },
      { maxInFlight: 1, maxBatchSize: 10 },
    );
    await expect(Promise.all([find(1), find(2)])).rejects.toThrow('database down');
    fail = false;
    expect(await find(3)).toBe(3);
  });
});
