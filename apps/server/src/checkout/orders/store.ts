import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { orderPayments, orders } from '@keepsake/db/schema';
import { payableSql } from './phase-sql.ts';

type Db = Database | Transaction;
export type OrderRow = typeof orders.$inferSelect;

/** Many orders with one statement (group commit, ADR 111); the rows come back in no particular order. */
export async function insertOrders(db: Db, values: Array<typeof orders.$inferInsert>): Promise<OrderRow[]> {
  return db.insert(orders).values(values).returning();
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
