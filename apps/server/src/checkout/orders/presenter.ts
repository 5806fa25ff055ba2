// The order object with what it needs besides the row (its payments, whether its method is a test one), for the
// Orders API and for the webhooks settlement publishes: one presentation everywhere.
import type { Database, Transaction } from '@keepsake/db/client';
import type { OrderResponse } from '@keepsake/wire/developer/orders';
import type { AppContext } from '../../context.ts';
import { presentOrder, type OrderPaymentRow } from './present.ts';
import { paymentsOf, type OrderRow } from './store.ts';

export function createOrderPresenter(ctx: AppContext, cards: { test: boolean }) {
  const isCrypto = (method: string) => method !== 'card';
  /** No real money: the card processor is a test one, or the chain is a local one. */
  const testMethod = (method: string) => {
    if (!isCrypto(method)) return cards.test;
    return ctx.chains.connections.some((c) => c.chain === method) && ctx.chains.get(method).definition.kind === 'local';
  };
  async function many(db: Database | Transaction, rows: OrderRow[]): Promise<OrderResponse[]> {
    const payments = await paymentsOf(
      db,
      rows.map((row) => row.id),
    );
    const now = new Date();
    return rows.map((row) =>
      presentOrder(row, now, isCrypto(row.payment.method), {
        payments: payments.filter((p) => p.orderId === row.id),
        testMethod: testMethod(row.payment.method),
      }),
    );
  }
  return {
    isCrypto,
    testMethod,
    many,
    /** An order just inserted: no payment can be recorded for it yet, so none is read. */
    created(row: OrderRow): OrderResponse {
      return presentOrder(row, new Date(), isCrypto(row.payment.method), { payments: [], testMethod: testMethod(row.payment.method) });
    },
    /** An order with the payments already read for it. */
    withPayments(row: OrderRow, payments: OrderPaymentRow[]): OrderResponse {
      return presentOrder(row, new Date(), isCrypto(row.payment.method), { payments, testMethod: testMethod(row.payment.method) });
    },
    async one(db: Database | Transaction, row: OrderRow, preparation?: Record<string, unknown>): Promise<OrderResponse> {
      const payments = await paymentsOf(db, [row.id]);
      return presentOrder(row, new Date(), isCrypto(row.payment.method), { payments, testMethod: testMethod(row.payment.method), preparation });
    },
  };
}

export type OrderPresenter = ReturnType<typeof createOrderPresenter>;
