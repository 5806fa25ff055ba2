import {
  balancesQuery,
  balancesResponse,
  createWalletBody,
  locatorParams,
  walletNftsQuery,
  walletNftsResponse,
  walletSchema,
} from '@keepsake/wire/developer/wallets';
import { errorResponseSchema } from '@keepsake/wire/errors';
import { apiKeyCaller } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import { parseWalletOwner } from './locators.ts';
import { presentWallet } from './present.ts';
import type { WalletService } from './service.ts';

const tags = ['Developer API: wallets'];
const locatorHelp =
  'A wallet locator: email:<email>:<chain>, userId:<id>:<chain>, <chain>:<address> or an address; <chain> is evm or an EVM chain name (devnet, base-sepolia, …).';

/** The developer REST API's wallet routes (X-API-KEY; scopes wallets.create and wallets.read). */
export function walletRoutes(app: App, wallets: WalletService) {
  const read = { auth: { kind: 'apiKey' as const, scope: 'wallets.read' as const } };

  app.post(
    '/api/2025-06-09/wallets',
    {
      config: { auth: { kind: 'apiKey', scope: 'wallets.create' } },
      schema: {
        tags,
        summary: "Get or create an owner's custodial wallet",
        description:
          'One wallet per owner and chain family: the first call creates it (201), later calls return it (200). The private key is generated and kept sealed on the server and never returned.',
        security: [{ apiKey: [] }],
        body: createWalletBody,
        response: { 200: walletSchema, 201: walletSchema, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { projectId } = apiKeyCaller(request);
      const owner = parseWalletOwner(request.body.owner);
      const chainType = request.body.chainType ?? owner.chainType ?? 'evm';
      const { wallet, created } = await wallets.getOrCreateWallet(projectId, owner, chainType);
      return reply.status(created ? 201 : 200).send(presentWallet(wallet));
    },
  );

  app.get(
    '/api/2025-06-09/wallets/:locator',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a wallet',
        description: locatorHelp,
        security: [{ apiKey: [] }],
        params: locatorParams,
        response: { 200: walletSchema, ...clientErrors },
      },
    },
    async (request) => presentWallet(await wallets.getWallet(apiKeyCaller(request).projectId, request.params.locator)),
  );

  app.get(
    '/api/2025-06-09/wallets/:locator/balances',
    {
      config: read,
      schema: {
        tags,
        summary: "A wallet's balances: the native currency and the chain's known ERC-20s",
        description: `${locatorHelp} Amounts are decimal strings: rawAmount in base units, amount = rawAmount / 10^decimals.`,
        security: [{ apiKey: [] }],
        params: locatorParams,
        querystring: balancesQuery,
        response: { 200: balancesResponse, ...clientErrors, 503: errorResponseSchema },
      },
    },
    async (request) => wallets.getBalances(apiKeyCaller(request).projectId, request.params.locator, request.query),
  );

  app.get(
    '/api/2025-06-09/wallets/:locator/nfts',
    {
      config: read,
      schema: {
        tags,
        summary: 'The NFTs of this project that a wallet holds',
        description: locatorHelp,
        security: [{ apiKey: [] }],
        params: locatorParams,
        querystring: walletNftsQuery,
        response: { 200: walletNftsResponse, ...clientErrors },
      },
    },
    async (request) => wallets.listNfts(apiKeyCaller(request).projectId, request.params.locator, request.query),
  );
}
