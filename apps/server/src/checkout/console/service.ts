// The console's orders and collection dashboard (issue 14 item 17; ADR 107). Every member of the project reads;
// another project's order or collection is 404. Money stays in integer units until it is written as a decimal
// string; test money is its own series and total, never added to real money.
import type { OrderPaymentStatus } from '@keepsake/wire/console/orders';
import type { CollectionService } from '../../collections/service.ts';
import type { AppContext } from '../../context.ts';
import type { ProjectService } from '../../projects/service.ts';
import { OrderNotFoundError } from '../orders/errors.ts';
import { fromUnits } from '../pricing/money.ts';
import { ordersCsv } from './csv.ts';
import * as store from './store.ts';

type Phase = 'quote' | 'payment' | 'delivery' | 'completed';
type ListQuery = store.OrderFilter & { page: number; perPage: number };

/** The most rows one CSV export holds. */
export const maxExportRows = 10_000;

export function summaryOf({ order, phase, paymentStatus, test, receivedUnits }: store.ListedOrder) {
  const { currency, decimals } = order.quote;
  const recipient = order.recipient ? ('email' in order.recipient ? order.recipient.email : order.recipient.walletAddress) : null;
  const collections = new Map(order.lineItems.map((item) => [item.collectionId, item.metadata.collection.name]));
  return {
    orderId: order.id,
    createdAt: order.createdAt.toISOString(),
    phase: phase as Phase,
    paymentStatus: paymentStatus as OrderPaymentStatus,
    test,
    recipient,
    collections: [...collections].map(([id, name]) => ({ id, name })),
    quantity: order.lineItems.reduce((sum, item) => sum + item.quantity, 0),
    total: { amount: fromUnits(BigInt(order.quote.totalUnits), decimals), currency },
    received: receivedUnits === null ? null : { amount: fromUnits(BigInt(receivedUnits), decimals), currency },
  };
}

function detailOf(listed: store.ListedOrder, payments: store.PaymentRow[], events: store.EventRow[]) {
  const { order } = listed;
  const { currency, decimals } = order.quote;
  const money = (units: string, dec = decimals, cur = currency) => ({ amount: fromUnits(BigInt(units), dec), currency: cur });
  const timeline = events.map((event) => ({ type: event.type, at: event.createdAt.toISOString(), data: event.data }));
  // Orders made before the timeline was written, or whose quote step wrote none, start with their creation.
  if (!events.some((event) => event.type === 'orders.quote.created')) {
    timeline.unshift({ type: 'orders.quote.created', at: order.createdAt.toISOString(), data: {} });
  }
  return {
    ...summaryOf(listed),
    projectId: order.projectId,
    locale: order.locale,
    recipient: order.recipient,
    payment: {
      method: order.payment.method,
      currency: order.payment.currency,
      payerAddress: order.payment.payerAddress ?? null,
      receiptEmail: order.payment.receiptEmail ?? null,
    },
    lineItems: order.lineItems.map((item) => ({
      collectionId: item.collectionId,
      collectionName: item.metadata.collection.name,
      name: item.metadata.name,
      templateId: item.templateId ?? null,
      chain: item.chain,
      quantity: item.quantity,
      unitPrice: money(item.unitUnits),
      totalPrice: money(item.totalUnits),
    })),
    totals: {
      subtotal: money(order.quote.subtotalUnits),
      fees: money(order.quote.feeUnits),
      total: money(order.quote.totalUnits),
      sellerNet: money(order.quote.sellerNetUnits),
      feesPayer: order.quote.feesPayer,
      feePercent: order.quote.feePercent,
      devRates: order.quote.rates.dev,
    },
    payments: payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: money(payment.amountUnits, payment.decimals, payment.currency),
      reference: payment.reference,
      payer: payment.payer,
      card: payment.card,
      test: payment.test,
      status: payment.status as 'succeeded' | 'refund-pending' | 'refunded',
      receivedAt: payment.receivedAt.toISOString(),
      refund: payment.refund
        ? {
            reference: payment.refund.reference,
            amount: fromUnits(BigInt(payment.refund.amountUnits), payment.decimals),
            refundedAt: payment.refund.refundedAt,
            reason: payment.refund.reason,
          }
        : null,
    })),
    timeline,
  };
}

/** Zero-filled bucket starts of the window. */
function bucketStarts(window: store.Window): string[] {
  const count = Math.ceil((window.before - window.after) / window.periodInMS);
  return Array.from({ length: count }, (_, i) => new Date(window.after + i * window.periodInMS).toISOString());
}

const windowOut = (window: store.Window) => ({
  after: new Date(window.after).toISOString(),
  before: new Date(window.before).toISOString(),
  periodInMS: window.periodInMS,
});

export function createOrderConsole(ctx: AppContext, deps: { projects: ProjectService; collections: CollectionService }) {
  const db = ctx.db;

  /** The scope the caller may read. @throws ProjectNotFoundError, CollectionNotFoundError */
  async function scopeOf(userId: string, target: { projectId: string; collectionId?: string | undefined } | { collectionId: string }) {
    if ('projectId' in target) {
      await deps.projects.getProject(target.projectId, userId);
      return { projectId: target.projectId, collectionId: target.collectionId };
    }
    const collection = await deps.collections.consoleGet(userId, target.collectionId);
    return { projectId: collection.projectId, collectionId: collection.id };
  }

  async function list(scope: store.OrderScope, query: ListQuery) {
    const { rows, total } = await store.listOrders(db, scope, query, query.page, query.perPage);
    return { orders: rows.map(summaryOf), page: query.page, perPage: query.perPage, total };
  }

  /** @throws OrderNotFoundError */
  async function detail(scope: store.OrderScope, orderId: string) {
    const found = await store.findOrder(db, scope, orderId);
    if (!found) throw new OrderNotFoundError();
    const [payments, events] = await Promise.all([store.paymentsOf(db, orderId), store.eventsOf(db, orderId)]);
    return { order: detailOf(found, payments, events) };
  }

  async function stats(scope: store.OrderScope) {
    const [counts, paid, quoted] = await Promise.all([store.countOrders(db, scope), store.paymentTotals(db, scope), store.quoteTotals(db, scope)]);
    const phases = { quote: 0, payment: 0, delivery: 0, completed: 0 };
    let orders = 0;
    let paidOrders = 0;
    let refunded = 0;
    for (const row of counts) {
      orders += row.n;
      phases[row.phase as Phase] += row.n;
      if (row.paymentStatus !== 'unpaid' && row.paymentStatus !== 'partial') paidOrders += row.n;
      if (row.paymentStatus === 'refunded') refunded += row.n;
    }
    const revenue = paid.map((money) => {
      const quote = quoted.find((q) => q.currency === money.currency && q.test === money.test);
      const amount = (units: string | undefined) => fromUnits(BigInt(units ?? '0'), money.decimals);
      return {
        currency: money.currency,
        test: money.test,
        gross: amount(money.gross),
        fees: amount(quote?.feeUnits),
        sellerNet: amount(quote?.sellerNetUnits),
        refunded: amount(money.refunded),
      };
    });
    revenue.sort((a, b) => Number(a.test) - Number(b.test) || a.currency.localeCompare(b.currency));
    return { orders, phases, paid: paidOrders, refunded, revenue };
  }

  async function exportCsv(scope: store.OrderScope, filter: store.OrderFilter) {
    const perPage = 500;
    const rows: store.ListedOrder[] = [];
    for (let page = 1; rows.length < maxExportRows; page++) {
      const batch = await store.listOrders(db, scope, filter, page, perPage);
      rows.push(...batch.rows);
      if (batch.rows.length < perPage) break;
    }
    return ordersCsv(rows.slice(0, maxExportRows));
  }

  return {
    /** A page of the project's orders (or one collection's), newest first. Any member. @throws ProjectNotFoundError */
    async listProjectOrders(userId: string, query: ListQuery & { projectId: string; collectionId?: string | undefined }) {
      return list(await scopeOf(userId, query), query);
    },
    /** @throws CollectionNotFoundError */
    async listCollectionOrders(userId: string, collectionId: string, query: ListQuery) {
      return list(await scopeOf(userId, { collectionId }), query);
    },
    /** @throws ProjectNotFoundError, OrderNotFoundError */
    async projectOrder(userId: string, projectId: string, orderId: string) {
      return detail(await scopeOf(userId, { projectId }), orderId);
    },
    /** An order holding a line of the collection. @throws CollectionNotFoundError, OrderNotFoundError */
    async collectionOrder(userId: string, collectionId: string, orderId: string) {
      return detail(await scopeOf(userId, { collectionId }), orderId);
    },
    /** @throws ProjectNotFoundError, CollectionNotFoundError */
    async stats(userId: string, target: { projectId: string; collectionId?: string | undefined } | { collectionId: string }) {
      return stats(await scopeOf(userId, target));
    },
    /** The filtered orders as CSV (at most `maxExportRows`, newest first). @throws ProjectNotFoundError, CollectionNotFoundError */
    async exportCsv(userId: string, target: { projectId: string; collectionId?: string | undefined } | { collectionId: string }, filter: store.OrderFilter) {
      return exportCsv(await scopeOf(userId, target), filter);
    },

    /** Money kept per bucket, one zero-filled series per currency and kind of money. @throws CollectionNotFoundError */
    async revenue(userId: string, collectionId: string, window: store.Window) {
      const buckets = await store.revenueBuckets(db, await scopeOf(userId, { collectionId }), window);
      const starts = bucketStarts(window);
      const series = new Map<string, { currency: string; test: boolean; decimals: number; units: bigint[] }>();
      for (const row of buckets) {
        const key = `${row.currency}:${row.test}`;
        const entry = series.get(key) ?? { currency: row.currency, test: row.test, decimals: row.decimals, units: starts.map(() => 0n) };
        series.set(key, entry);
        if (row.bucket >= 0 && row.bucket < starts.length) entry.units[row.bucket]! += BigInt(row.units);
      }
      return {
        ...windowOut(window),
        series: [...series.values()]
          .sort((a, b) => Number(a.test) - Number(b.test) || a.currency.localeCompare(b.currency))
          .map((entry) => ({
            currency: entry.currency,
            test: entry.test,
            points: starts.map((start, i) => ({ start, amount: fromUnits(entry.units[i]!, entry.decimals) })),
          })),
      };
    },

    /** Paid orders and NFTs sold per bucket, test money apart. @throws CollectionNotFoundError */
    async sales(userId: string, collectionId: string, window: store.Window) {
      const buckets = await store.salesBuckets(db, await scopeOf(userId, { collectionId }), window);
      const points = bucketStarts(window).map((start) => ({ start, orders: 0, nfts: 0, testOrders: 0, testNfts: 0 }));
      for (const row of buckets) {
        const point = points[row.bucket];
        if (!point) continue;
        if (row.test) {
          point.testOrders += row.orders;
          point.testNfts += row.nfts;
        } else {
          point.orders += row.orders;
          point.nfts += row.nfts;
        }
      }
      return { ...windowOut(window), points };
    },
  };
}

export type OrderConsole = ReturnType<typeof createOrderConsole>;
