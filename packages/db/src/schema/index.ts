// The schema entry point that drizzle-kit and the client factory read. Every table file is listed here.
export * from './projects.ts';
export * from './identity.ts';
export * from './identity-methods.ts';
export * from './platform.ts';
export * from './collections.ts';
export * from './identity-factors.ts';
export * from './actions.ts';
export * from './chains.ts';
export * from './webhooks.ts';
export * from './wallets.ts';
export * from './nfts.ts';
export * from './identity-oauth.ts';
export * from './orders.ts';
export * from './crypto-payments.ts';
export * from './identity-farcaster.ts';
export * from './cli-auth.ts';
export * from './identity-idp.ts';
