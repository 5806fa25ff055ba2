// Many requests, one statement (docs/decisions/081). The calls made during one turn of the event loop (the
// requests parsed from the same socket reads) form a batch that is sent after that I/O phase, so a lone call waits
// for nothing. At most `maxInFlight` batches run at once; calls made meanwhile gather for the next batch, so
// batches grow with load. On this machine a statement's fixed costs dominate a session lookup: the socket write
// under the driver's submit, the driver's result setup, and PostgreSQL's per-statement work.
import DataLoader from 'dataloader';

export type BatchOptions = {
  /** Batches running at once (1 for PGlite, whose one connection runs them one by one anyway). */
  maxInFlight: number;
  /** Calls in one batch; more start another batch. */
  maxBatchSize: number;
};

/**
 * @param load answers every key of a batch, in order (an Error for a key fails only that call).
 * @example
 * const find = createBatcher(async (ids) => lookUpAll(ids), { maxInFlight: 2, maxBatchSize: 256 });
 * const row = await find(id);
 */
export function createBatcher<K, V>(load: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>, options: BatchOptions): (key: K) => Promise<V> {
  let inFlight = 0;
  let scheduled = false;
  const ready: Array<() => void> = [];
  const pump = () => {
    scheduled = false;
    while (inFlight < options.maxInFlight && ready.length > 0) ready.shift()!();
  };
  const loader = new DataLoader<K, V>(
    async (keys) => {
      // DataLoader calls this synchronously from `dispatch`, so the count is right before `pump` looks again.
      inFlight++;
      try {
        return await load(keys);
      } finally {
        inFlight--;
        pump();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      batchScheduleFn: (dispatch) => {
        ready.push(dispatch);
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      },
    },
  );
  return (key) => loader.load(key);
}
