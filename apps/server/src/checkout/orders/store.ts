import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { orderPayments, orders } from '@keepsake/db/schema';
import { jsonRowsInsert } from '../../platform/json-rows-insert.ts';
import { payableSql } from './phase-sql.ts';

type Db = Database | Transaction;
export type OrderRow = typeof orders.$inferSelect;

/** What a new order is written with; every other column starts empty (unpaid, undelivered). */
export type NewOrderValues = Pick<typeof orders.$inferInsert, (typeof newOrderColumns)[number]>;
const newOrderColumns = [
  'id',
  'projectId',
  'clientSecretHash',
  'locale',
  'recipient',
  'payment',
  'lineItems',
  'quote',
  'quotedAt',
  'quoteExpiresAt',
  'requestHash',
] as const;
const insertOrderRows = jsonRowsInsert(orders, newOrderColumns, sql`returning id, created_at`);

/** What a new order's settlement columns hold: not paid, not delivered. */
export const unsettled = {
  paymentStatus: null,
  paymentFailure: null,
  cardPayment: null,
  settledPhase: null,
  deliveries: null,
  deliveryInitiatedAt: null,
  receiptStatus: null,
} as const satisfies Partial<OrderRow>;

/**
 * Many orders with one statement (group commit, ADR 111), the rows as one JSON parameter (ADR 122); answers their
 * rows, built from the values and the statement's `created_at` rather than read back.
 */
export async function insertOrders(db: Db, values: NewOrderValues[]): Promise<OrderRow[]> {
  const inserted = await insertOrderRows(db, values);
  const createdAt = new Map(inserted.map((row) => [row.id as string, new Date(row.created_at as string | Date)]));
  return values.map((value) => {
    const at = createdAt.get(value.id)!;
    return { ...value, recipient: value.recipient ?? null, ...unsettled, createdAt: at, updatedAt: at };
  });
}

export async function findOrder(db: Db, projectId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.projectId, projectId)));
  return row;
}

export async function findOrderBySecretHash(db: Db, id: string, secretHash: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.clientSecretHash, secretHash)));
  return row;
}

export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function updateOrder(db: Db, id: string, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** A project's orders, newest first, optionally of one collection (any line item). */
export async function listOrders(
  db: Db,
  projectId: string,
  filter: { collectionId?: string | undefined; phase?: string | undefined },
  page: number,
  perPage: number,
) {
  // Before payment, the payment phase is a valid quote (phase-sql.ts); once paid, the settled phase says delivery or
  // completed (ADR 105). Spelled out per phase rather than `phaseSql = …`, so that each can use its index.
  const unpaid = isNull(orders.settledPhase);
  const phase = {
    payment: and(unpaid, payableSql),
    quote: and(unpaid, sql`not ${payableSql}`),
    delivery: eq(orders.settledPhase, 'delivery'),
    completed: eq(orders.settledPhase, 'completed'),
  }[filter.phase ?? ''];
  const where = and(
    eq(orders.projectId, projectId),
    filter.collectionId ? sql`${orders.lineItems} @> ${JSON.stringify([{ collectionId: filter.collectionId }])}::jsonb` : undefined,
    phase,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The payments recorded for these orders, oldest first. */
export async function paymentsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds)).orderBy(asc(orderPayments.receivedAt), asc(orderPayments.id));
}
