import { faucetBody, faucetResponse } from '@keepsake/wire/developer/faucet';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { Faucet } from './faucet.ts';

/** POST /api/v1-alpha1/faucet: test USDXM on a local chain (X-API-KEY with orders.create: the key that buys with it). */
export function faucetRoutes(app: App, faucet: Faucet) {
  app.post(
    '/api/v1-alpha1/faucet',
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.create' } },
      schema: {
        tags: ['Developer API: orders'],
        summary: 'Send 100 test USDXM to an address on a local chain (the devnet), once per address per hour',
        security: [{ apiKey: [] }],
        body: faucetBody,
        response: { 200: faucetResponse, ...clientErrors },
      },
    },
    async (request) => faucet.drip(request.body),
  );
}
