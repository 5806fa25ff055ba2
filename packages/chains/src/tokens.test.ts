import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmMainnets, evmTestnets } from './enums/blockchains.ts';
import { devnetStablecoinToken, knownTokens } from './tokens.ts';

describe('known tokens', () => {
  it('lists checksummed, unique ERC-20 addresses on public chains only', () => {
    const addresses: string[] = [];
    for (const [chain, tokens] of Object.entries(knownTokens)) {
      expect([...evmMainnets, ...evmTestnets] as readonly string[]).toContain(chain);
      for (const token of tokens ?? []) {
        expect(token.address).toBe(getAddress(token.address));
        expect(token.symbol).toBe(token.symbol.toLowerCase());
        addresses.push(`${chain}:${token.address}`);
      }
    }
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(knownTokens.devnet).toBeUndefined();
  });

  it('describes USDC with 6 decimals and the devnet test stablecoin as usdxm', () => {
    expect(knownTokens['base-sepolia']).toEqual([{ symbol: 'usdc', name: 'USD Coin', decimals: 6, address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' }]);
    expect(devnetStablecoinToken('0x5fbdb2315678afecb367f032d93f642f64180aa3')).toEqual({
      symbol: 'usdxm',
      name: 'Keepsake Test USD',
      decimals: 6,
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
  });
});
