// Custodial wallets of the developer API (/api/2025-06-09/wallets…; the established wallets API shape, ADR 038).
import { z } from 'zod';
import { pageQuerySchema, perPageQuerySchema } from '../common.ts';

/** The developer API's wallet. The key is never part of it. */
export const walletSchema = z
  .object({
    chainType: z.literal('evm'),
    type: z.literal('custodial'),
    address: z.string(),
    owner: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Wallet' });

/** POST /wallets: get or create the owner's wallet. */
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
  .meta({ id: 'WalletTokenBalance' });

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
  .meta({ id: 'WalletNft' });

/** GET /wallets/{locator}/balances. */
export const balancesResponse = z.array(tokenBalanceSchema);

/** GET /wallets/{locator}/nfts. */
export const walletNftsQuery = z.object({ page: pageQuerySchema, perPage: perPageQuerySchema, chains: chainsFilter });
export const walletNftsResponse = z.array(heldNftSchema);
