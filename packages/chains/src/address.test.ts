import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress } from './address.ts';

describe('checksumAddress', () => {
  it("gives EIP-55's own examples", () => {
    // The test vectors of EIP-55 (all caps, all lower, and mixed).
    for (const expected of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumAddress(expected.toLowerCase())).toBe(expected);
      expect(checksumAddress(`0x${expected.slice(2).toUpperCase()}`)).toBe(expected);
    }
  });

  it('agrees with viem on random addresses', () => {
    for (let i = 0; i < 500; i++) {
      const address = `0x${randomBytes(20).toString('hex')}`;
      expect(checksumAddress(address)).toBe(getAddress(address));
    }
  });

  it('refuses text that is not an address', () => {
    for (const bad of ['', '0x', '0x123', `0x${'g'.repeat(40)}`, `${'a'.repeat(42)}`, `0x${'a'.repeat(41)}`]) {
      expect(() => checksumAddress(bad)).toThrow(TypeError);
    }
  });
});
