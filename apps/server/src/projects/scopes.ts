/**
 * The API key scopes on offer: exactly those that some route requires in its `config.auth`
 * (`scopes.int.test.ts` fails otherwise). A key may only call routes whose scope it holds.
 *
 * To offer a scope, add it here together with the route that requires it (ADR 083).
 */
export const apiKeyScopes = {
  'collections.create': 'Create and update collections and templates',
  'collections.read': 'Read collections and templates',
  'nfts.create': 'Mint NFTs',
  'nfts.read': 'Read NFTs and mint status',
  'wallets.create': 'Create custodial wallets',
  'wallets.read': 'Read wallets, their NFTs and balances',
} as const;

export type ApiKeyScope = keyof typeof apiKeyScopes;
export const allScopes = Object.keys(apiKeyScopes) as ApiKeyScope[];
