// issue 22 (memory under load): the receipts a process keeps after settling are bounded by their logs, not only
// by their number. 32 full mint batches (598 logs each) kept ~15 MB of heap for the life of the process.
import { formatTransactionReceipt, type TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { createKeptReceipts } from './kept-receipts.ts';

const hash = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;

/** A mined receipt with `logs` Transfer logs, as viem formats one from the node's answer. */
function receipt(i: number, logs: number): TransactionReceipt {
  return formatTransactionReceipt({
    blockHash: hash(1),
    blockNumber: '0x10',
    contractAddress: null,
    cumulativeGasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    from: `0x${'1'.repeat(40)}`,
    gasUsed: '0x5208',
    logsBloom: `0x${'0'.repeat(512)}`,
    status: '0x1',
    to: `0x${'2'.repeat(40)}`,
    transactionHash: hash(i),
    transactionIndex: '0x0',
    type: '0x2',
    logs: Array.from({ length: logs }, (_, n) => ({
      address: `0x${'2'.repeat(40)}`,
      blockHash: hash(1),
      blockNumber: '0x10',
      data: '0x',
      logIndex: `0x${n.toString(16)}`,
      removed: false,
      topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', hash(0), hash(3), hash(n)],
      transactionHash: hash(i),
      transactionIndex: '0x0',
    })),
  } as never);
}

describe('kept receipts (issue 22: memory under load)', () => {
  it('keeps full mint batches up to the log budget, oldest out first, however many settle', () => {
    const kept = createKeptReceipts({ maxReceipts: 32, maxLogs: 4_000 });
    for (let i = 1; i <= 40; i++) kept.set(hash(i), receipt(i, 598));
    expect(kept.size()).toEqual({ receipts: 6, logs: 6 * 598 });
    expect(kept.get(hash(40))?.logs).toHaveLength(598);
    expect(kept.get(hash(35))?.transactionHash).toBe(hash(35));
    expect(kept.get(hash(34))).toBeUndefined();
    expect(kept.get(hash(1))).toBeUndefined();
  });

  it('still keeps up to its number of small receipts (deploys, single mints)', () => {
    const kept = createKeptReceipts({ maxReceipts: 32, maxLogs: 4_000 });
    for (let i = 1; i <= 50; i++) kept.set(hash(i), receipt(i, 1));
    expect(kept.size()).toEqual({ receipts: 32, logs: 32 });
    expect(kept.get(hash(19))?.transactionHash).toBe(hash(19));
    expect(kept.get(hash(18))).toBeUndefined();
  });

  it('always keeps the newest, even one over the whole budget, and counts a receipt set twice once', () => {
    const kept = createKeptReceipts({ maxReceipts: 32, maxLogs: 100 });
    kept.set(hash(1), receipt(1, 10));
    kept.set(hash(2), receipt(2, 500));
    expect(kept.size()).toEqual({ receipts: 1, logs: 500 });
    expect(kept.get(hash(2))?.logs).toHaveLength(500);
    kept.set(hash(3), receipt(3, 40));
    kept.set(hash(3), receipt(3, 40));
    expect(kept.size()).toEqual({ receipts: 1, logs: 40 });
  });
});
