import type { TransactionReceipt } from 'viem';

/**
 * The receipts of the last transactions this process settled, by hash: whoever settled a transaction reads its
 * receipt next (the mint pipeline, for the token ids), and a batch's receipt holds ~600 logs to fetch and format.
 * Bounded by receipts and by their logs together (issue 22, ADR 128): a full mint batch's receipt is ~0.5 MB of
 * heap (about 840 bytes a log), so 32 of them kept ~15 MB alive for as long as the process ran; 4,000 logs (six
 * full batches settling at once, ~3 MB) is plenty for the reads that follow a settle. The oldest go first; the
 * newest is always kept, however many logs it has. A receipt no longer kept is read from the chain.
 *
 * @example
 * const receipts = createKeptReceipts();
 * receipts.set(hash, receipt);
 * receipts.get(hash); // the receipt, until newer ones push it out
 */
export function createKeptReceipts(options: { maxReceipts?: number; maxLogs?: number } = {}) {
  const { maxReceipts = 32, maxLogs = 4_000 } = options;
  const byHash = new Map<string, TransactionReceipt>();
  let logs = 0;
  const drop = (hash: string) => {
    logs -= byHash.get(hash)?.logs.length ?? 0;
    byHash.delete(hash);
  };
  return {
    get: (hash: string): TransactionReceipt | undefined => byHash.get(hash),
    set(hash: string, receipt: TransactionReceipt): void {
      drop(hash);
      byHash.set(hash, receipt);
      logs += receipt.logs.length;
      for (const oldest of byHash.keys()) {
        if (byHash.size <= 1 || (byHash.size <= maxReceipts && logs <= maxLogs)) break;
        drop(oldest);
      }
    },
    /** What is kept now: receipts and their logs together. */
    size: () => ({ receipts: byHash.size, logs }),
  };
}
