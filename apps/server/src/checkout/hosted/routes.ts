import { hostedCheckoutParams, hostedOrderBody, hostedSaleQuery, hostedSaleResponse } from '@keepsake/wire/developer/hosted-checkout';
import { createOrderResponse } from '@keepsake/wire/developer/orders';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { HostedCheckout } from './service.ts';

const tags = ['Checkout: hosted sales page'];

/**
 * The hosted sales page's public routes (ADR 109): no API key; only a collection whose payments are enabled and
 * whose hosted page is on answers. The order is then read, updated and paid with its client secret through the
 * Orders API.
 */
export function hostedCheckoutRoutes(app: App, hosted: HostedCheckout) {
  app.get(
    '/api/checkout/collections/:collectionId',
    {
      schema: {
        tags,
        summary: "A collection on the hosted sales page: its branding, price in the buyer's currency, quantity limit, fees and ways to pay",
        params: hostedCheckoutParams,
        querystring: hostedSaleQuery,
        response: { 200: hostedSaleResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return hosted.sale(request.params.collectionId, request.query.currency);
    },
  );

  app.post(
    '/api/checkout/collections/:collectionId/orders',
    {
      schema: {
        tags,
        summary:
          'Create an order from the hosted sales page (quantity NFTs of the collection); answers the order and the client secret that reads, updates and pays it',
        params: hostedCheckoutParams,
        body: hostedOrderBody,
        response: { 201: createOrderResponse, ...clientErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await hosted.createOrder(request.params.collectionId, request.body, request.ip)),
  );
}
