import type { ApiKeyScope } from '@keepsake/wire/console/projects';

/**
 * What each API key scope on offer allows (the names are the wire's, `@keepsake/wire/console/projects`): exactly
 * the scopes some route requires in its `config.auth` (`scopes.int.test.ts` fails otherwise). A key may only
 * call routes whose scope it holds.
 *
 * To offer a scope, add it to the wire's list and here, together with the route that requires it (ADR 083).
 */
export const apiKeyScopes: Record<ApiKeyScope, string> = {
  'collections.create': 'Create and update collections and templates',
  'collections.read': 'Read collections and templates',
  'nfts.create': 'Mint NFTs',
  'nfts.read': 'Read NFTs and mint status',
  'orders.create': 'Create checkout orders',
  'orders.read': 'Read checkout orders',
  'orders.update': 'Change checkout orders (recipient, payer address, receipt email, locale)',
  'wallets.create': 'Create custodial wallets',
  'wallets.read': 'Read wallets, their NFTs and balances',
};

export const allScopes = Object.keys(apiKeyScopes) as ApiKeyScope[];
