// Settlement's queries (ADR 105): payments recorded once per (method, reference), the order's timeline, and the
// sweeper's work lists. Orders themselves are read and written through checkout/orders/store.ts.
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { nfts, orderEvents, orderPayments, orders, type OrderRefundColumn } from '@keepsake/db/schema';
import { jsonRowsInsert } from '../../platform/json-rows-insert.ts';

type Db = Database | Transaction;
export type PaymentRow = typeof orderPayments.$inferSelect;
export type SettledOrderRow = typeof orders.$inferSelect;
/** The order columns settlement writes. */
export type SettlementPatch = Partial<
  Pick<typeof orders.$inferInsert, 'paymentStatus' | 'paymentFailure' | 'cardPayment' | 'settledPhase' | 'deliveries' | 'deliveryInitiatedAt' | 'receiptStatus'>
>;

/** An order by id alone: settlement's callers (a processor's webhook, the chain watcher, a job) name no project. */
export async function findOrder(db: Db, id: string): Promise<SettledOrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked until the transaction ends: settlement's steps on one order run one at a time. */
export async function lockSettlingOrder(tx: Transaction, id: string): Promise<SettledOrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function setSettlement(db: Db, id: string, patch: SettlementPatch): Promise<SettledOrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** The payments recorded for one order, oldest first. */
export async function paymentsOfOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.receivedAt), asc(orderPayments.id));
}

/** Inserts the payment unless its (method, reference) is recorded already; answers the row when inserted. */
export async function insertPayment(tx: Db, values: typeof orderPayments.$inferInsert): Promise<PaymentRow | undefined> {
  const [row] = await tx.insert(orderPayments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertEvent(tx: Db, values: { orderId: string; projectId: string; type: string; data: Record<string, unknown> }) {
  await tx.insert(orderEvents).values(values);
}

const insertEventRows = jsonRowsInsert(orderEvents, ['orderId', 'projectId', 'type', 'data']);

/** Timeline steps of many orders with one statement (orders created together, ADR 111), as one JSON parameter (ADR 122). */
export async function insertEvents(tx: Db, values: Array<{ orderId: string; projectId: string; type: string; data: Record<string, unknown> }>) {
  await insertEventRows(tx, values);
}

export async function listEvents(db: Db, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** Owes a refund of `amountUnits` on a payment not refunded yet. */
export async function setRefundDue(tx: Db, paymentId: string, due: { amountUnits: string; reason: string }) {
  await tx
    .update(orderPayments)
    .set({ status: 'refund-pending', refundDue: due })
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.status, 'succeeded')));
}

/** Records the refund made; false when another process recorded it first. */
export async function setRefunded(tx: Db, paymentId: string, refund: OrderRefundColumn): Promise<boolean> {
  const rows = await tx
    .update(orderPayments)
    .set({ status: 'refunded', refund, refundDue: null })
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.status, 'refund-pending')))
    .returning({ id: orderPayments.id });
  return rows.length > 0;
}

export async function listRefundsDue(db: Db, limit: number): Promise<PaymentRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.status, 'refund-pending')).orderBy(asc(orderPayments.receivedAt)).limit(limit);
}

/** Paid orders whose line items were not handed to minting yet (a crash after the payment, a lost job). */
export async function listUndelivered(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.settledPhase, 'delivery'), isNull(orders.deliveryInitiatedAt)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Orders paid by `method` short of their total (payment `in-progress`, not settled) whose quote expired before
 * `until` (ADR 135).
 */
export async function listUnderpaidExpired(db: Db, method: string, until: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.settledPhase),
        eq(orders.paymentStatus, 'in-progress'),
        sql`${orders.payment}->>'method' = ${method}`,
        lt(orders.quoteExpiresAt, until),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Orders whose mints are under way. */
export async function listDelivering(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.settledPhase, 'delivery'), isNotNull(orders.deliveryInitiatedAt)))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listReceiptsDue(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.receiptStatus, 'due')).limit(limit);
  return rows.map((r) => r.id);
}

/** Marks the receipt sent; false when it was not due (another process sent it). */
export async function markReceiptSent(db: Db, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ receiptStatus: 'sent' })
    .where(and(eq(orders.id, orderId), eq(orders.receiptStatus, 'due')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** The state of the mints that deliver an order (the minting pipeline owns them; settlement only reads). */
export async function mintStates(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: nfts.id, status: nfts.status, contractAddress: nfts.contractAddress, tokenId: nfts.tokenId, txId: nfts.txId, error: nfts.error })
    .from(nfts)
    .where(inArray(nfts.id, ids));
}
