import { orderParams, orderSchema, payOrderBody, stripeWebhookResponse } from '@keepsake/wire/developer/orders';
import { z } from 'zod';
import { orderCaller } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { OrderService } from '../orders/service.ts';
import type { CardCheckout } from './service.ts';

const tags = ['Developer API: orders'];

/**
 * Paying a card order (`POST /orders/{orderId}/payment`, an orders.update key or the order's client secret) and
 * the Stripe webhook, whose body is read raw: Stripe's signature is over the exact bytes (ADR 105).
 */
export async function cardPaymentRoutes(app: App, deps: { orders: OrderService; cards: CardCheckout }) {
  app.post(
    '/api/2022-06-09/orders/:orderId/payment',
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.update', orClientSecret: true } },
      schema: {
        tags,
        summary:
          'Pay a card order: the test processor takes the card (4242 4242 4242 4242 succeeds) or the answer to its confirmation step; Stripe a payment method id from the Payment Element',
        security: [{ apiKey: [] }, { clientSecret: [] }],
        params: orderParams,
        body: payOrderBody,
        response: { 200: orderSchema, ...clientErrors },
      },
    },
    async (request) => deps.orders.pay(orderCaller(request), request.params.orderId, request.body),
  );

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/2022-06-09/payments/stripe/webhook',
      {
        schema: {
          tags: ['Checkout: card processor webhooks'],
          summary: "Stripe's payment events for orders, verified with the Stripe-Signature header over the raw body (STRIPE_WEBHOOK_SECRET)",
          headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
          body: z.string().optional().meta({ description: 'The Stripe event, as Stripe sent it' }),
          response: { 200: stripeWebhookResponse, ...clientErrors },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return deps.cards.webhook(typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
