import { consoleCollectionParams as collectionParams } from '@keepsake/wire/console/collections';
import {
  collectionOrderParams,
  collectionOrdersExportQuery,
  collectionOrdersQuery,
  consoleOrderParams,
  consoleOrderQuery,
  consoleOrderResponse,
  consoleOrdersExportQuery,
  consoleOrdersQuery,
  consoleOrderStatsQuery,
  consoleOrdersResponse,
  dashboardQuery,
  orderStatsResponse,
  revenueResponse,
  salesResponse,
} from '@keepsake/wire/console/orders';
import type { FastifyReply } from 'fastify';
import { consoleUser } from '../../http/auth.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { OrderConsole } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: orders'];

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/**
 * The console's orders (issue 14 item 17; spec §2 orders, orders/{id}, collections/{id}/orders…, §7 orders stats,
 * list, detail, dashboard/revenue and dashboard/sales). Session auth; every member reads; another project's
 * order or collection is 404.
 */
export function orderConsoleRoutes(app: App, orders: OrderConsole) {
  app.get(
    '/api/console/orders',
    {
      config: session,
      schema: {
        tags,
        summary: "A page of the project's orders, newest first, searched and filtered",
        querystring: consoleOrdersQuery,
        response: { 200: consoleOrdersResponse, ...clientErrors },
      },
    },
    async (request) => orders.listProjectOrders(consoleUser(request).userId, request.query),
  );

  app.get(
    '/api/console/orders/stats',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's order counts by phase and its money per currency, test money apart",
        querystring: consoleOrderStatsQuery,
        response: { 200: orderStatsResponse, ...clientErrors },
      },
    },
    async (request) => orders.stats(consoleUser(request).userId, request.query),
  );

  app.get(
    '/api/console/orders/export',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's orders as CSV (text/csv), with the list's filters",
        querystring: consoleOrdersExportQuery,
        response: clientErrors,
      },
    },
    async (request, reply) => {
      const { projectId, collectionId, ...filter } = request.query;
      return sendCsv(reply, 'orders', await orders.exportCsv(consoleUser(request).userId, { projectId, collectionId }, filter));
    },
  );

  app.get(
    '/api/console/orders/:orderId',
    {
      config: session,
      schema: {
        tags,
        summary: 'An order: status, items, payment, fees, net, refunds and timeline',
        params: consoleOrderParams,
        querystring: consoleOrderQuery,
        response: { 200: consoleOrderResponse, ...clientErrors },
      },
    },
    async (request) => orders.projectOrder(consoleUser(request).userId, request.query.projectId, request.params.orderId),
  );

  app.get(
    '/api/console/collections/:id/orders',
    {
      config: session,
      schema: {
        tags,
        summary: "A page of the orders holding the collection's NFTs, newest first",
        params: collectionParams,
        querystring: collectionOrdersQuery,
        response: { 200: consoleOrdersResponse, ...clientErrors },
      },
    },
    async (request) => orders.listCollectionOrders(consoleUser(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/console/collections/:id/orders/stats',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's order counts and its share of the money received",
        params: collectionParams,
        response: { 200: orderStatsResponse, ...clientErrors },
      },
    },
    async (request) => orders.stats(consoleUser(request).userId, { collectionId: request.params.id }),
  );

  app.get(
    '/api/console/collections/:id/orders/export',
    {
      config: session,
      schema: {
        tags,
        summary: "The collection's orders as CSV (text/csv), with the list's filters",
        params: collectionParams,
        querystring: collectionOrdersExportQuery,
        response: clientErrors,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'collection-orders', await orders.exportCsv(consoleUser(request).userId, { collectionId: request.params.id }, request.query)),
  );

  app.get(
    '/api/console/collections/:id/orders/:orderId',
    {
      config: session,
      schema: {
        tags,
        summary: "An order holding the collection's NFTs",
        params: collectionOrderParams,
        response: { 200: consoleOrderResponse, ...clientErrors },
      },
    },
    async (request) => orders.collectionOrder(consoleUser(request).userId, request.params.id, request.params.orderId),
  );

  app.get(
    '/api/console/collections/:id/dashboard/revenue',
    {
      config: session,
      schema: {
        tags,
        summary: 'Money received for the collection per period (?after&before&periodInMS), one series per currency, test money apart',
        params: collectionParams,
        querystring: dashboardQuery,
        response: { 200: revenueResponse, ...clientErrors },
      },
    },
    async (request) => orders.revenue(consoleUser(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/console/collections/:id/dashboard/sales',
    {
      config: session,
      schema: {
        tags,
        summary: 'Paid orders and NFTs sold per period (?after&before&periodInMS), test money apart',
        params: collectionParams,
        querystring: dashboardQuery,
        response: { 200: salesResponse, ...clientErrors },
      },
    },
    async (request) => orders.sales(consoleUser(request).userId, request.params.id, request.query),
  );
}
