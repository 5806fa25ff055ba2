/**
 * Reads kept per process for a short while (ADR 111, 122): what a hot path reads on every request and a rare write
 * changes. The owner of the data calls `forget` around its own writes, so this process sees a change at once;
 * another process of a deployment sees it within `ttlMs`. A read that overlapped a `forget` is answered but not
 * kept, so a value read just before a change cannot outlive it.
 *
 * @example
 * const tiers = createKeptReads<string, number>({ ttlMs: 5_000 });
 * const percent = await tiers.read(projectId, () => store.feePercentOf(db, projectId));
 * tiers.forget(projectId); // after writing it
 */
export function createKeptReads<K, V>(options: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = options.maxEntries ?? 10_000;
  const kept = new Map<K, { value: V; until: number }>();
  let changes = 0;
  return {
    /** The kept value, or `load()`'s, kept unless `keep` says no (e.g. a state that still changes on its own). */
    async read(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
      const entry = kept.get(key);
      if (entry && entry.until > Date.now()) return entry.value;
      const before = changes;
      const value = await load();
      if (before === changes && keep(value)) {
        if (kept.size >= maxEntries) kept.clear();
        kept.set(key, { value, until: Date.now() + options.ttlMs });
      }
      return value;
    },
    /** Drops the key's value; reads in flight are not kept. Call it before and after the write that changes it. */
    forget(key: K): void {
      changes++;
      kept.delete(key);
    },
  };
}
