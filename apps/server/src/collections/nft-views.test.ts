import { describe, expect, it } from 'vitest';
import { tokenExplorerUrl } from './nft-views.ts';

describe('tokenExplorerUrl', () => {
  it("links a minted token to the explorer's NFT page", () => {
    expect(tokenExplorerUrl('https://sepolia.basescan.org', '0x00000000000000000000000000000000000000aA', '42')).toBe(
      'https://sepolia.basescan.org/nft/0x00000000000000000000000000000000000000aA/42',
    );
  });

  it('has no link without an explorer (the devnet) or before the token exists', () => {
    expect(tokenExplorerUrl(undefined, '0x00000000000000000000000000000000000000aA', '1')).toBeNull();
    expect(tokenExplorerUrl('https://sepolia.basescan.org', null, null)).toBeNull();
    expect(tokenExplorerUrl('https://sepolia.basescan.org', '0x00000000000000000000000000000000000000aA', null)).toBeNull();
  });
});
