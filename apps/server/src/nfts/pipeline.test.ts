// How many mints one batch transaction holds, on chains with and without a per-transaction gas cap.
import { devnet } from '@keepsake/chains/definitions/devnet';
import { ethereum } from '@keepsake/chains/definitions/ethereum';
import { ethereumSepolia } from '@keepsake/chains/definitions/ethereum-sepolia';
import { describe, expect, it } from 'vitest';
import { mintsPerBatch } from './pipeline.ts';

const defaults = { batchGasCap: 28_500_000, gasPerNft: 47_500, batchMaxNfts: 1_000 };

describe('mintsPerBatch', () => {
  it('fills the batch gas cap where only the block limits a transaction (the devnet)', () => {
    expect(devnet.maxTransactionGas).toBeUndefined();
    expect(mintsPerBatch(defaults, devnet.maxTransactionGas)).toBe(598); // 60,000 + 598 × 47,500 = 28,465,000
  });

  it("stays under EIP-7825's 2^24 gas on Ethereum and Sepolia", () => {
    for (const chain of [ethereum, ethereumSepolia]) {
      expect(chain.maxTransactionGas).toBe(16_777_216n);
      const n = mintsPerBatch(defaults, chain.maxTransactionGas);
      expect(n).toBe(351);
      expect(60_000 + n * 47_500).toBeLessThanOrEqual(16_777_216);
      expect(60_000 + (n + 1) * 47_500).toBeGreaterThan(16_777_216);
    }
  });

  it('keeps to the lower of the two caps, to MINT_BATCH_MAX_NFTS, and to at least one mint', () => {
    expect(mintsPerBatch({ ...defaults, batchGasCap: 1_000_000 }, 16_777_216n)).toBe(19);
    expect(mintsPerBatch({ ...defaults, batchMaxNfts: 100 }, undefined)).toBe(100);
    expect(mintsPerBatch({ ...defaults, batchGasCap: 200_000, gasPerNft: 1_000_000 }, undefined)).toBe(1);
  });
});
