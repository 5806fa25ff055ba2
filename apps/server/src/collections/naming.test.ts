import { describe, expect, it } from 'vitest';
import { deployerSlot } from './deploy.ts';
import { deriveSymbol } from './service.ts';

describe('deriveSymbol', () => {
  it("takes up to five of the name's letters and digits, upper-case", () => {
    expect(deriveSymbol('Gold Tickets')).toBe('GOLDT');
    expect(deriveSymbol('a-1')).toBe('A1');
    expect(deriveSymbol('🎟️ ✨')).toBe('NFT');
  });
});

describe('deployerSlot', () => {
  it('spreads collections over the signers and is stable for one id', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(deployerSlot(id, 4)).toBe(deployerSlot(id, 4));
    const slots = new Set(Array.from({ length: 64 }, () => deployerSlot(crypto.randomUUID(), 4)));
    expect([...slots].sort()).toEqual([0, 1, 2, 3]);
    expect(deployerSlot(id, 1)).toBe(0);
  });
});
