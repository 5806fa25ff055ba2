// The crypto payment watcher's and the faucet's queries (ADR 106).
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { cryptoPaymentCursors, faucetGrants, orderEvents, orders } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type PaidOrderRow = Pick<typeof orders.$inferSelect, 'id' | 'projectId' | 'payment' | 'quote'>;

/** Any project's order by id: an on-chain payment names only the order. */
export async function findOrderById(db: Db, id: string): Promise<PaidOrderRow | undefined> {
  const [row] = await db
    .select({ id: orders.id, projectId: orders.projectId, payment: orders.payment, quote: orders.quote })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

export async function findCursor(db: Db, chain: string) {
  const [row] = await db.select().from(cryptoPaymentCursors).where(eq(cryptoPaymentCursors.chain, chain));
  return row;
}

/** Moves the chain's cursor to `nextBlock` for `contractAddress` (never back, unless the contract changed). */
export async function saveCursor(db: Db, chain: string, contractAddress: string, nextBlock: number): Promise<void> {
  await db
    .insert(cryptoPaymentCursors)
    .values({ chain, contractAddress, nextBlock })
    .onConflictDoUpdate({
      target: cryptoPaymentCursors.chain,
      set: {
        contractAddress,
        nextBlock: sql`case when ${cryptoPaymentCursors.contractAddress} = ${contractAddress} then greatest(${cryptoPaymentCursors.nextBlock}, ${nextBlock}) else ${nextBlock} end`,
        updatedAt: new Date(),
      },
    });
}

/** Holds the order row until the transaction ends: one writer at a time per order. */
export async function lockOrder(tx: Transaction, id: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
}

/**
 * Adds an event to the order's timeline unless one of this type already carries `reference` (a log read again after
 * a restart). The order row is locked meanwhile, so two readers cannot both add it.
 */
export async function addEventOnce(tx: Transaction, order: PaidOrderRow, type: string, data: Record<string, unknown> & { reference: string }) {
  await lockOrder(tx, order.id);
  const [existing] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, type), sql`${orderEvents.data}->>'reference' = ${data.reference}`));
  if (existing) return false;
  await tx.insert(orderEvents).values({ orderId: order.id, projectId: order.projectId, type, data });
  return true;
}

/**
 * Claims the faucet for the address: true when its last grant is older than `windowMs` (or it has none), and then
 * records now as its grant, in one statement so that concurrent requests cannot both pass.
 */
export async function claimFaucet(tx: Transaction, chain: string, address: string, windowMs: number): Promise<boolean> {
  const now = new Date();
  const since = new Date(now.getTime() - windowMs);
  const rows = await tx
    .insert(faucetGrants)
    .values({ chain, address, grantedAt: now })
    .onConflictDoUpdate({
      target: [faucetGrants.chain, faucetGrants.address],
      set: { grantedAt: now, transactionId: null },
      setWhere: sql`${faucetGrants.grantedAt} <= ${since}`,
    })
    .returning({ chain: faucetGrants.chain });
  return rows.length > 0;
}

export async function faucetGrant(db: Db, chain: string, address: string) {
  const [row] = await db
    .select()
    .from(faucetGrants)
    .where(and(eq(faucetGrants.chain, chain), eq(faucetGrants.address, address)));
  return row;
}

export async function setFaucetTransaction(tx: Transaction, chain: string, address: string, transactionId: string): Promise<void> {
  await tx
    .update(faucetGrants)
    .set({ transactionId })
    .where(and(eq(faucetGrants.chain, chain), eq(faucetGrants.address, address)));
}

/** Frees the address again after its mint `transactionId` reverted: nothing was sent, so the hour was not used. */
export async function releaseFaucet(db: Db, chain: string, address: string, transactionId: string): Promise<void> {
  await db.delete(faucetGrants).where(and(eq(faucetGrants.chain, chain), eq(faucetGrants.address, address), eq(faucetGrants.transactionId, transactionId)));
}
