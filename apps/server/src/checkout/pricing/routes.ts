import { chainPriceParams, chainPriceResponse } from '@keepsake/wire/developer/prices';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { ChainRuntime } from '../../chains/runtime.ts';
import { chainPrice } from './chain-price.ts';
import type { PriceService } from './prices.ts';

/** §7 `GET /api/blockchain/{chain}/price`: public (the hosted checkout page reads it), cached briefly. */
export function priceRoutes(app: App, deps: { chains: ChainRuntime; prices: PriceService }) {
  app.get(
    '/api/blockchain/:chain/price',
    {
      schema: {
        tags: ['Checkout: prices'],
        summary: "The chain's native coin and tokens in every fiat currency, at the rates checkout uses (refreshed every 10 minutes)",
        params: chainPriceParams,
        response: { 200: chainPriceResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return chainPrice(deps.chains, deps.prices, request.params.chain);
    },
  );
}
