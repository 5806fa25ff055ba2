import {
  addressParams,
  walletBalancesResponse,
  walletListQuery,
  walletListResponse,
  walletNftsQuery,
  walletNftsResponse,
  walletProjectQuery,
  walletResponse,
} from '@keepsake/wire/console/wallets';
import { errorResponseSchema } from '@keepsake/wire/errors';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import { presentConsoleWallet, presentWalletChain } from './present.ts';
import type { WalletService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: wallets'];

/** /api/v1-alpha1/wallets… (spec §3 "Wallet list: projectId, page, perPage"). Any member of the project may read. */
export function consoleWalletRoutes(app: App, wallets: WalletService) {
  app.get(
    '/api/v1-alpha1/wallets',
    {
      config: session,
      schema: {
        tags,
        summary: "A page of the project's custodial wallets, newest first",
        querystring: walletListQuery,
        response: { 200: walletListResponse, ...clientErrors },
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
        querystring: walletProjectQuery,
        response: { 200: walletResponse, ...clientErrors },
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
        querystring: walletProjectQuery,
        response: { 200: walletBalancesResponse, ...clientErrors, 503: errorResponseSchema },
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
        querystring: walletNftsQuery,
        response: { 200: walletNftsResponse, ...clientErrors },
      },
    },
    async (request) => {
      const { projectId, page, perPage } = request.query;
      return { nfts: await wallets.consoleNfts(projectId, consoleUser(request).userId, request.params.address, { page, perPage }) };
    },
  );
}
