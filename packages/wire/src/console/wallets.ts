// The console's custodial wallets (/api/v1-alpha1/wallets…; spec §3 "Wallet list: projectId, page, perPage").
import { z } from 'zod';
import { pageFields, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../common.ts';
import { heldNftSchema, tokenBalanceSchema } from '../developer/wallets.ts';
import { chainKinds } from './collections.ts';

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

/** A chain this server reaches the wallet on. */
export const walletChainSchema = z.object({
  chain: z.string(),
  displayName: z.string(),
  kind: z.enum(chainKinds),
  chainId: z.number().int(),
  /** The wallet's page on the chain's block explorer, when the chain has one. */
  explorerUrl: z.string().nullable(),
});

const projectQuery = { projectId: uuidSchema };

/** The longest search: an email address. */
export const maxWalletSearchLength = 254;

export const addressParams = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'address must be an EVM address (0x and 40 hex digits)' }),
});

/** `?projectId`: the project the wallet belongs to. */
export const walletProjectQuery = z.object(projectQuery);

/** GET /api/v1-alpha1/wallets: a page of the project's wallets, newest first, optionally searched. */
export const walletListQuery = z.object({
  ...projectQuery,
  page: pageQuerySchema,
  perPage: perPageQuerySchema,
  search: z
    .string()
    .trim()
    .max(maxWalletSearchLength, { message: `search must be at most ${maxWalletSearchLength} characters` })
    .optional()
    .describe('Part of an owner or address'),
});
export const walletListResponse = z.object({ wallets: z.array(consoleWalletSchema), ...pageFields });

/** GET /api/v1-alpha1/wallets/{address}. */
export const walletDetailsSchema = consoleWalletSchema.extend({ chains: z.array(walletChainSchema) });
export const walletResponse = z.object({ wallet: walletDetailsSchema });

/** GET …/balances: on every chain this server reaches. */
export const walletBalancesResponse = z.object({ balances: z.array(tokenBalanceSchema) });

/** GET …/nfts: the project's NFTs the wallet holds. */
export const walletNftsQuery = z.object({ ...projectQuery, page: pageQuerySchema, perPage: perPageQuerySchema });
export const walletNftsResponse = z.object({ nfts: z.array(heldNftSchema) });
