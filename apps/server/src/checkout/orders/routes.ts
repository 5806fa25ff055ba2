import {
  createOrderBody,
  createOrderResponse,
  orderListQuery,
  orderListResponse,
  orderParams,
  orderSchema,
  updateOrderBody,
} from '@keepsake/wire/developer/orders';
import { apiKeyCaller, orderCaller } from '../../http/auth.ts';
import { idempotencyHeader, idempotencyHeaders, idempotencyOf } from '../../http/idempotency.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { OrderService } from './service.ts';

const base = '/api/2022-06-09/orders';
const tags = ['Developer API: orders'];
const security: Array<Record<string, string[]>> = [{ apiKey: [] }, { clientSecret: [] }];
/**
 * The Orders API (issue 14): X-API-KEY with orders.create, orders.read or orders.update; reads and PATCHes also
 * accept `Authorization: <clientSecret>` for that one order.
 */
export function orderRoutes(app: App, orders: OrderService) {
  // A web page creates orders with a client-side key and reads its order with the client secret (ADR 107). A
  // preflight carries no credentials, so it is answered for any origin; the call itself is checked (http/auth.ts).
  for (const path of [base, `${base}/:orderId`]) {
    app.options(path, { schema: { hide: true } }, async (request, reply) => {
      const origin = request.headers.origin;
      if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      return reply
        .header('access-control-allow-methods', 'GET, POST, PATCH')
        .header('access-control-allow-headers', `authorization, content-type, x-api-key, ${idempotencyHeader}`)
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    });
  }

  app.post(
    base,
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.create', clientKey: true } },
      schema: {
        tags,
        summary:
          'Create an order and its quote; answers the order and the client secret that reads and updates it. A client-side key (ck_) may call this, from its allowed origins',
        security: [{ apiKey: [] }],
        headers: idempotencyHeaders,
        body: createOrderBody,
        response: { 201: createOrderResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const result = await orders.create(apiKeyCaller(request).projectId, request.body, idempotencyOf(request));
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    base,
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.read' } },
      schema: {
        tags,
        summary: "List the project's orders, newest first, by phase or collection",
        security: [{ apiKey: [] }],
        querystring: orderListQuery,
        response: { 200: orderListResponse, ...clientErrors },
      },
    },
    async (request) => orders.list(apiKeyCaller(request).projectId, request.query),
  );

  app.get(
    `${base}/:orderId`,
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.read', orClientSecret: true } },
      schema: {
        tags,
        summary: 'Read an order: its phase, quote, payment and delivery',
        security,
        params: orderParams,
        response: { 200: orderSchema, ...clientErrors },
      },
    },
    async (request) => orders.get(orderCaller(request), request.params.orderId),
  );

  app.patch(
    `${base}/:orderId`,
    {
      config: { auth: { kind: 'apiKey', scope: 'orders.update', orClientSecret: true } },
      schema: {
        tags,
        summary:
          'Set the recipient, payment.payerAddress, payment.receiptEmail or locale (lineItems cannot change); an expired quote is priced again. Once payment has started the recipient and payer are frozen (409) and the quote is never priced again; the receipt email may change until the receipt is sent',
        security,
        params: orderParams,
        body: updateOrderBody,
        response: { 200: orderSchema, ...clientErrors },
      },
    },
    async (request) => orders.update(orderCaller(request), request.params.orderId, request.body),
  );
}
