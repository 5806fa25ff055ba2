/** API key scopes. A key may only call routes whose scope it holds. */
export const apiKeyScopes = {
  'collections.create': 'Create and update collections and templates',
  'collections.read': 'Read collections and templates',
  'nfts.create': 'Mint NFTs',
  'nfts.read': 'Read NFTs and mint status',
  'wallets.create': 'Create custodial wallets',
  'wallets.read': 'Read wallets, their NFTs and balances',
  'orders.create': 'Create checkout orders',
  'orders.read': 'Read checkout orders',
} as const;

export type ApiKeyScope = keyof typeof apiKeyScopes;
export const allScopes = Object.keys(apiKeyScopes) as ApiKeyScope[];

export function isScope(value: string): value is ApiKeyScope {
  return Object.hasOwn(apiKeyScopes, value);
}
