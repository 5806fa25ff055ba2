import type { Collection } from '../types/collection';

/** A deployed collection as the console API returns it; override what a test is about. */
export function collectionFixture(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'c1',
    projectId: 'p1',
    chain: 'devnet',
    fungibility: 'non-fungible',
    metadata: { name: 'Gold Tickets', description: 'Entry to every show', imageUrl: 'https://cdn.example.com/gold.png', symbol: 'GOLD' },
    supplyLimit: 100,
    payments: null,
    onChain: {
      status: 'success',
      chain: 'devnet',
      type: 'erc-721',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      txId: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
      owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    },
    actionId: 'a1',
    createdAt: '2026-11-22T10:00:00Z',
    socialLinks: { twitter: '', discord: '', website: '' },
    branding: { bannerUrl: '', primaryColor: '', backgroundColor: '' },
    imagePreviewUrl: 'https://cdn.example.com/gold.png',
    deploy: {
      error: null,
      deployedAt: '2026-11-22T10:00:01Z',
      explorerUrl: null,
      chainName: 'Local devnet',
      chainKind: 'local',
      baseUri: 'http://localhost:3000/api/metadata/c1/',
      contractUri: 'http://localhost:3000/api/metadata/c1/contract',
    },
    templates: 0,
    paymentCurrencies: ['usd', 'eur', 'aud', 'gbp', 'jpy', 'sgd', 'hkd', 'krw', 'inr', 'vnd', 'eth', 'usdxm'],
    ...overrides,
  };
}
