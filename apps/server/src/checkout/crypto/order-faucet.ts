// The devnet faucet for a buyer on the hosted sales page (ADR 121): the page holds no API key, only its order's client
// secret, so that secret admits a faucet request for the order's own chain. The faucet's §9 limit (once per address
// per hour) still holds; a per-IP limit keeps one client from draining it through many addresses.
import type { FaucetInput } from '@keepsake/wire/developer/faucet';
import { InvalidInputError } from '../../platform/domain-errors.ts';
import type { RateLimiter } from '../../platform/rate-limiter.ts';
import type { OrderService } from '../orders/service.ts';
import type { Faucet } from './faucet.ts';

/** Faucet requests one client address may make with client secrets per hour. */
export const orderFaucetPerIp = 10;
export const orderFaucetWindowSeconds = 3600;

export function createOrderFaucet(deps: { faucet: Faucet; orders: OrderService; limiter: RateLimiter }) {
  return {
    /**
     * Test USDXM for the payer of the order the client secret belongs to.
     * @throws InvalidInputError, OrderNotFoundError, TooManyRequestsError, and the faucet's errors
     */
    async drip(clientSecret: string, input: FaucetInput, clientIp: string) {
      if (!input.orderId) throw new InvalidInputError('orderId: required with Authorization: <clientSecret> (the order that secret belongs to).');
      const order = await deps.orders.get({ clientSecret }, input.orderId);
      if (order.payment.method !== input.chain) {
        throw new InvalidInputError(`This order is not paid on ${input.chain}: its client secret admits the faucet of the order's own chain only.`);
      }
      await deps.limiter.hit(`faucet:ip:${clientIp}`, orderFaucetPerIp, orderFaucetWindowSeconds);
      return deps.faucet.drip(input);
    },
  };
}

export type OrderFaucet = ReturnType<typeof createOrderFaucet>;
