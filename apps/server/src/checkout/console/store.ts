// The console's read side of checkout (ADR 107): orders with their phase (settlement's `settled_phase`, else the quote
// rule: orders/phase-sql.ts) and payment status derived from `order_payments`, the stats, and the dashboard's
// buckets. Read only; settlement writes.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { orderEvents, orderPayments, orders } from '@keepsake/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { phaseSql } from '../orders/phase-sql.ts';

type Db = Database | Transaction;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;

/** Which orders: a project's, or the ones of its orders that hold a line of one collection. */
export type OrderScope = { projectId: string; collectionId?: string | undefined };

export type OrderFilter = {
  q?: string | undefined;
  phase?: string | undefined;
  paymentStatus?: string | undefined;
  money?: 'test' | 'live' | undefined;
};

// Written with explicit table names: drizzle names a column without its table in a select list, which a
// correlated subquery would bind to its own table.

/**
 * A refund on its way wins, then money kept: `succeeded` once settlement took it as payment (`settled_phase`), else
 * `partial` (underpayments short of the total, ADR 110); an order whose every payment was given back is `refunded`.
 */
const paymentStatusSql = sql<string>`(select case
    when count(*) = 0 then 'unpaid'
    when bool_or(p.status = 'refund-pending') then 'refund-pending'
    when bool_or(p.status = 'succeeded') then (case when "orders"."settled_phase" is null then 'partial' else 'succeeded' end)
    else 'refunded' end
  from order_payments p where p.order_id = "orders"."id")`;

const testSql = sql<boolean>`exists (select 1 from order_payments p where p.order_id = "orders"."id" and p.test)`;
const liveSql = sql`exists (select 1 from order_payments p where p.order_id = "orders"."id" and not p.test)`;
const receivedSql = sql<string | null>`(select sum(p.amount_units::numeric)::text from order_payments p where p.order_id = "orders"."id")`;

function inScope(scope: OrderScope): SQL | undefined {
  return and(
    eq(orders.projectId, scope.projectId),
    scope.collectionId ? sql`${orders.lineItems} @> ${JSON.stringify([{ collectionId: scope.collectionId }])}::jsonb` : undefined,
  );
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An order id (or its start), part of an email, or a wallet address (any case). */
function matching(q: string): SQL {
  const lower = q.toLowerCase();
  const contains = `%${likeLiteral(lower)}%`;
  return sql`(${orders.id}::text like ${`${likeLiteral(lower)}%`}
    or lower(${orders.recipient}->>'email') like ${contains}
    or lower(${orders.payment}->>'receiptEmail') like ${contains}
    or lower(${orders.recipient}->>'walletAddress') = ${lower}
    or lower(${orders.payment}->>'payerAddress') = ${lower})`;
}

function where(scope: OrderScope, filter: OrderFilter): SQL | undefined {
  return and(
    inScope(scope),
    filter.q ? matching(filter.q) : undefined,
    filter.phase ? sql`${phaseSql} = ${filter.phase}` : undefined,
    filter.paymentStatus ? sql`${paymentStatusSql} = ${filter.paymentStatus}` : undefined,
    filter.money === 'test' ? testSql : filter.money === 'live' ? liveSql : undefined,
  );
}

const derived = { phase: phaseSql, paymentStatus: paymentStatusSql, test: testSql, receivedUnits: receivedSql };
export type ListedOrder = { order: OrderRow; phase: string; paymentStatus: string; test: boolean; receivedUnits: string | null };

/** A page of orders, newest first. */
export async function listOrders(db: Db, scope: OrderScope, filter: OrderFilter, page: number, perPage: number) {
  const condition = where(scope, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, ...derived })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return { rows: rows as ListedOrder[], total: total?.n ?? 0 };
}

/** One order of the scope with its derived state, or undefined. */
export async function findOrder(db: Db, scope: OrderScope, orderId: string): Promise<ListedOrder | undefined> {
  const [row] = await db
    .select({ order: orders, ...derived })
    .from(orders)
    .where(and(inScope(scope), eq(orders.id, orderId)));
  return row;
}

export async function paymentsOf(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.receivedAt), asc(orderPayments.id));
}

export async function eventsOf(db: Db, orderId: string): Promise<EventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/**
 * The part of an order that belongs to the scope: 1 for a project, else the collection's lines' share of the
 * subtotal (an order may hold several collections' NFTs), 0 for an order with nothing to pay.
 */
function shareSql(scope: OrderScope): SQL {
  if (!scope.collectionId) return sql`1`;
  return sql`coalesce((select sum((li->>'totalUnits')::numeric) from jsonb_array_elements(${orders.lineItems}) li where li->>'collectionId' = ${scope.collectionId})
    / nullif((${orders.quote}->>'subtotalUnits')::numeric, 0), 0)`;
}

/** NFTs of the scope in the order. */
function nftsSql(scope: OrderScope): SQL {
  const mine = scope.collectionId ? sql`where li->>'collectionId' = ${scope.collectionId}` : sql``;
  return sql`coalesce((select sum((li->>'quantity')::int) from jsonb_array_elements(${orders.lineItems}) li ${mine}), 0)`;
}

type Raw<T> = { rows: T[] };

/** Counts per phase and payment status. */
export async function countOrders(db: Db, scope: OrderScope) {
  const rows = await db
    .select({ phase: phaseSql, paymentStatus: paymentStatusSql, n: count() })
    .from(orders)
    .where(inScope(scope))
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ phase: row.phase, paymentStatus: row.paymentStatus, n: Number(row.n) }));
}

export type MoneyTotals = { currency: string; test: boolean; decimals: number; gross: string; refunded: string };

/** Money received per currency and kind, kept (`gross`) and given back or on its way back (`refunded`). */
export async function paymentTotals(db: Db, scope: OrderScope): Promise<MoneyTotals[]> {
  const share = shareSql(scope);
  const raw = (await db.execute(sql`
    select ${orderPayments.currency} as currency, ${orderPayments.test} as test, max(${orderPayments.decimals}) as decimals,
      trunc(coalesce(sum(${orderPayments.amountUnits}::numeric * ${share}) filter (where ${orderPayments.status} = 'succeeded'), 0))::text as gross,
      trunc(coalesce(sum(${orderPayments.amountUnits}::numeric * ${share}) filter (where ${orderPayments.status} <> 'succeeded'), 0))::text as refunded
    from ${orderPayments} join ${orders} on ${orders.id} = ${orderPayments.orderId}
    where ${inScope(scope)}
    group by 1, 2`)) as Raw<{ currency: string; test: boolean; decimals: number | string; gross: string; refunded: string }>;
  return raw.rows.map((row) => ({ ...row, decimals: Number(row.decimals) }));
}

export type QuoteTotals = { currency: string; test: boolean; feeUnits: string; sellerNetUnits: string };

/** Fees and the seller's net of the orders that kept money, per quote currency and kind of money. */
export async function quoteTotals(db: Db, scope: OrderScope): Promise<QuoteTotals[]> {
  const share = shareSql(scope);
  const raw = (await db.execute(sql`
    select ${orders.quote}->>'currency' as currency, ${testSql} as test,
      trunc(sum((${orders.quote}->>'feeUnits')::numeric * ${share}))::text as "feeUnits",
      trunc(sum((${orders.quote}->>'sellerNetUnits')::numeric * ${share}))::text as "sellerNetUnits"
    from ${orders}
    where ${inScope(scope)} and ${paymentStatusSql} = 'succeeded'
    group by 1, 2`)) as Raw<QuoteTotals>;
  return raw.rows;
}

export type Window = { after: number; before: number; periodInMS: number };

const bucketOf = (at: SQL | AnyPgColumn, window: Window) => sql`floor((extract(epoch from ${at}) * 1000 - ${window.after}) / ${window.periodInMS})::int`;

/** Money kept per bucket, currency and kind of money (refunded payments are not revenue). */
export async function revenueBuckets(db: Db, scope: OrderScope, window: Window) {
  const raw = (await db.execute(sql`
    select ${bucketOf(orderPayments.receivedAt, window)} as bucket, ${orderPayments.currency} as currency, ${orderPayments.test} as test,
      max(${orderPayments.decimals}) as decimals, trunc(sum(${orderPayments.amountUnits}::numeric * ${shareSql(scope)}))::text as units
    from ${orderPayments} join ${orders} on ${orders.id} = ${orderPayments.orderId}
    where ${inScope(scope)} and ${orderPayments.status} = 'succeeded'
      and ${orderPayments.receivedAt} >= ${new Date(window.after).toISOString()}::timestamptz
      and ${orderPayments.receivedAt} < ${new Date(window.before).toISOString()}::timestamptz
    group by 1, 2, 3`)) as Raw<{ bucket: number | string; currency: string; test: boolean; decimals: number | string; units: string }>;
  return raw.rows.map((row) => ({ ...row, bucket: Number(row.bucket), decimals: Number(row.decimals) }));
}

/** Orders that kept money and the scope's NFTs in them, per bucket of their first payment and kind of money. */
export async function salesBuckets(db: Db, scope: OrderScope, window: Window) {
  const paid = sql`(
    select ${orders.id} as id, min(${orderPayments.receivedAt}) as at, bool_or(${orderPayments.test}) as test, ${nftsSql(scope)} as nfts
    from ${orders} join ${orderPayments} on ${orderPayments.orderId} = ${orders.id} and ${orderPayments.status} = 'succeeded'
    where ${inScope(scope)}
    group by ${orders.id})`;
  const raw = (await db.execute(sql`
    select ${bucketOf(sql`s.at`, window)} as bucket, s.test as test, count(*) as orders, sum(s.nfts) as nfts
    from ${paid} s
    where s.at >= ${new Date(window.after).toISOString()}::timestamptz and s.at < ${new Date(window.before).toISOString()}::timestamptz
    group by 1, 2`)) as Raw<{ bucket: number | string; test: boolean; orders: number | string; nfts: number | string }>;
  return raw.rows.map((row) => ({ bucket: Number(row.bucket), test: row.test, orders: Number(row.orders), nfts: Number(row.nfts) }));
}
