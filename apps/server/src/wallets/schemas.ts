import { z } from 'zod';
import type { ChainConnection } from '../chains/runtime.ts';
import type { TokenBalance } from './balances.ts';
import type { HeldNftWithLocator, Wallet } from './service.ts';

/** The developer API's wallet (the established wallets API shape; ADR 038). The key is never part of it. */
export const walletSchema = z
  .object({
    chainType: z.literal('evm'),
    type: z.literal('custodial'),
    address: z.string(),
    owner: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Wallet' });

export function presentWallet(wallet: Wallet): z.infer<typeof walletSchema> {
  return { chainType: wallet.chainType, type: wallet.type, address: wallet.address, owner: wallet.owner, createdAt: wallet.createdAt.toISOString() };
}

export const createWalletBody = z.object({
  chainType: z.enum(['evm'], { message: 'chainType must be evm (only EVM wallets are supported so far)' }).optional(),
  type: z
    .enum(['custodial', 'mpc'], { message: 'type must be custodial (mpc is accepted as another name for it); smart wallets are not supported' })
    .optional(),
  owner: z
    .string({ message: 'owner must be a string: email:<email> or userId:<id>' })
    .min(1, { message: 'owner must be email:<email> or userId:<id>' })
    .max(300, { message: 'owner must be at most 300 characters' }),
});

export const locatorParams = z.object({
  locator: z.string().min(1, { message: 'Empty parameter locator' }).max(300, { message: 'locator must be at most 300 characters' }),
});

export const chainsFilter = z
  .string({ message: 'chains must be a string' })
  .max(1000, { message: 'chains must be at most 1000 characters' })
  .optional()
  .describe('Comma-separated chain names, e.g. devnet,base-sepolia. Default: the locator’s chain, else every chain.');

export const balancesQuery = z.object({
  chains: chainsFilter,
  tokens: z
    .string({ message: 'tokens must be a string' })
    .max(1000, { message: 'tokens must be at most 1000 characters' })
    .optional()
    .describe('Comma-separated token symbols, e.g. eth,usdxm. Default: the native currency and every known ERC-20.'),
});

const chainBalanceSchema = z.object({ locator: z.string(), contractAddress: z.string().optional(), amount: z.string(), rawAmount: z.string() });

export const tokenBalanceSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    decimals: z.number().int(),
    amount: z.string().describe('rawAmount / 10^decimals as a decimal string'),
    rawAmount: z.string().describe('Base units as a decimal string'),
    chains: z.record(z.string(), chainBalanceSchema),
  })
  .meta({ id: 'WalletTokenBalance' }) satisfies z.ZodType<TokenBalance>;

export const heldNftSchema = z
  .object({
    chain: z.string(),
    contractAddress: z.string(),
    tokenId: z.string(),
    tokenStandard: z.enum(['erc-721', 'erc-1155']),
    locator: z.string(),
    metadata: z.object({
      name: z.string(),
      image: z.string().optional(),
      description: z.string().optional(),
      animation_url: z.string().optional(),
      attributes: z.array(z.object({ trait_type: z.string().optional(), value: z.unknown(), display_type: z.string().optional() })).optional(),
    }),
  })
  .meta({ id: 'WalletNft' }) satisfies z.ZodType<HeldNftWithLocator>;

/** The console's wallet: the developer API's fields plus what the console shows about ownership. */
export const consoleWalletSchema = z
  .object({
    id: z.string(),
    chainType: z.literal('evm'),
    type: z.literal('custodial'),
    address: z.string(),
    owner: z.string(),
    ownerKind: z.enum(['email', 'userId']),
    authUserId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleWallet' });

export function presentConsoleWallet(wallet: Wallet): z.infer<typeof consoleWalletSchema> {
  return { ...presentWallet(wallet), id: wallet.id, ownerKind: wallet.ownerKind, authUserId: wallet.authUserId };
}

export const walletChainSchema = z.object({
  chain: z.string(),
  displayName: z.string(),
  kind: z.enum(['mainnet', 'testnet', 'local']),
  chainId: z.number().int(),
  /** The wallet's page on the chain's block explorer, when the chain has one. */
  explorerUrl: z.string().nullable(),
});

export function presentWalletChain(connection: ChainConnection, address: string): z.infer<typeof walletChainSchema> {
  return {
    chain: connection.chain,
    displayName: connection.definition.displayName,
    kind: connection.definition.kind,
    chainId: connection.chainId,
    explorerUrl: connection.explorerUrl ? `${connection.explorerUrl}/address/${address}` : null,
  };
}
