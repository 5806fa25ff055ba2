import { z } from 'zod';
import { consoleUser } from '../http/auth.ts';
import { clientErrors, errorResponseSchema, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import { consoleWalletSchema, heldNftSchema, presentConsoleWallet, presentWalletChain, tokenBalanceSchema, walletChainSchema } from './schemas.ts';
import type { WalletService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: wallets'];

const addressParams = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'address must be an EVM address (0x and 40 hex digits)' }),
});
const projectQuery = { projectId: uuidSchema };

/** /api/v1-alpha1/wallets… (spec §3 "Wallet list: projectId, page, perPage"). Any member of the project may read. */
export function consoleWalletRoutes(app: App, wallets: WalletService) {
  app.get(
    '/api/v1-alpha1/wallets',
    {
      config: session,
      schema: {
        tags,
        summary: "A page of the project's custodial wallets, newest first",
        querystring: z.object({
          ...projectQuery,
          page: pageQuerySchema,
          perPage: perPageQuerySchema,
          search: z.string().trim().max(254, { message: 'search must be at most 254 characters' }).optional().describe('Part of an owner or address'),
        }),
        response: {
          200: z.object({ wallets: z.array(consoleWalletSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() }),
          ...clientErrors,
        },
      },
    },
    async (request) => {
      const { projectId, page, perPage, search } = request.query;
      const { wallets: rows, total } = await wallets.consoleList(projectId, consoleUser(request).userId, { page, perPage, search: search || undefined });
      return { wallets: rows.map(presentConsoleWallet), page, perPage, total };
    },
  );

  app.get(
    '/api/v1-alpha1/wallets/:address',
    {
      config: session,
      schema: {
        tags,
        summary: 'One wallet and the chains this server reaches it on',
        params: addressParams,
        querystring: z.object(projectQuery),
        response: { 200: z.object({ wallet: consoleWalletSchema.extend({ chains: z.array(walletChainSchema) }) }), ...clientErrors },
      },
    },
    async (request) => {
      const { wallet, chains } = await wallets.consoleGet(request.query.projectId, consoleUser(request).userId, request.params.address);
      return { wallet: { ...presentConsoleWallet(wallet), chains: chains.map((c) => presentWalletChain(c, wallet.address)) } };
    },
  );

  app.get(
    '/api/v1-alpha1/wallets/:address/balances',
    {
      config: session,
      schema: {
        tags,
        summary: "A wallet's balances on every chain this server reaches",
        params: addressParams,
        querystring: z.object(projectQuery),
        response: { 200: z.object({ balances: z.array(tokenBalanceSchema) }), ...clientErrors, 503: errorResponseSchema },
      },
    },
    async (request) => ({ balances: await wallets.consoleBalances(request.query.projectId, consoleUser(request).userId, request.params.address) }),
  );

  app.get(
    '/api/v1-alpha1/wallets/:address/nfts',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's NFTs a wallet holds",
        params: addressParams,
        querystring: z.object({ ...projectQuery, page: pageQuerySchema, perPage: perPageQuerySchema }),
        response: { 200: z.object({ nfts: z.array(heldNftSchema) }), ...clientErrors },
      },
    },
    async (request) => {
      const { projectId, page, perPage } = request.query;
      return { nfts: await wallets.consoleNfts(projectId, consoleUser(request).userId, request.params.address, { page, perPage }) };
    },
  );
}
