import { faucetBody, faucetResponse } from '@keepsake/wire/developer/faucet';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { Faucet } from './faucet.ts';
import type { OrderFaucet } from './order-faucet.ts';

/**
 * POST /api/v1-alpha1/faucet: test USDXM on a local chain, with X-API-KEY holding orders.create (the key that buys
 * with it), or with an order's `Authorization: <clientSecret>` and its `orderId` (the hosted sales page; ADR 121).
 */
export function faucetRoutes(app: App, deps: { faucet: Faucet; orderFaucet: OrderFaucet }) {
  app.post(
    '/api/v1-alpha1/faucet',
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.create', orClientSecret: true } },
      schema: {
        tags: ['Developer API: orders'],
        summary:
          "Send 100 test USDXM to an address on a local chain (the devnet), once per address per hour; with an order's client secret, for that order's chain",
        security: [{ apiKey: [] }, { clientSecret: [] }],
        body: faucetBody,
        response: { 200: faucetResponse, ...clientErrors },
      },
    },
    async (request) =>
      request.apiKey || !request.orderClientSecret
        ? deps.faucet.drip(request.body)
        : deps.orderFaucet.drip(request.orderClientSecret, request.body, request.ip),
  );
}
