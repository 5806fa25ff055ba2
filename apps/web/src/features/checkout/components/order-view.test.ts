import { describe, expect, it } from 'vitest';
import { stripeAppearance } from '../lib/stripe';
import { tokenHref } from './order-view';

const token = { contractAddress: '0x37DD74404e10DeEe37de92789f49B9e5988f94a5', tokenId: '7' };
const collectionId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('tokenHref', () => {
  it("fills the chain's explorer token page", () => {
    expect(tokenHref(token, collectionId, 'https://sepolia.basescan.org/nft/{contractAddress}/{tokenId}')).toBe(
      'https://sepolia.basescan.org/nft/0x37DD74404e10DeEe37de92789f49B9e5988f94a5/7',
    );
  });
  it("links to the token's metadata where the chain has no explorer", () => {
    expect(tokenHref(token, collectionId, null)).toBe(`/api/metadata/${collectionId}/7`);
    expect(tokenHref(token, collectionId, undefined)).toBe(`/api/metadata/${collectionId}/7`);
  });
});

describe('stripeAppearance', () => {
  it("follows the page's theme", () => {
    expect(stripeAppearance('dark').theme).toBe('night');
    expect(stripeAppearance('light').theme).toBe('stripe');
    expect(stripeAppearance(undefined).theme).toBe('stripe');
  });
});
