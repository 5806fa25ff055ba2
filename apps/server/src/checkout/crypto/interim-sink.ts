// INTERIM: a minimal PaymentSink for the crypto watcher's own tests and wiring until settlement's real one
// (checkout/settlement) lands; at that merge, wiring passes settlement's sink instead and this file goes. It records
// the payment once (`order_payments` is unique on method and reference) and its timeline event, and nothing more:
// no delivery, no webhooks.
import { randomUUID } from 'node:crypto';
import type { Database } from '@keepsake/db/client';
import { orderEvents, orderPayments } from '@keepsake/db/schema';
import type { PaymentFailed, PaymentReceived, PaymentSink } from '../settlement/ports.ts';
import { findOrderById } from './store.ts';

export function createInterimCryptoPaymentSink(db: Database): PaymentSink {
  return {
    async paymentSucceeded(payment: PaymentReceived) {
      await db.transaction(async (tx) => {
        const order = await findOrderById(tx, payment.orderId);
        if (!order) return;
        const inserted = await tx
          .insert(orderPayments)
          .values({
            id: randomUUID(),
            orderId: order.id,
            projectId: order.projectId,
            method: payment.method,
            currency: payment.currency,
            decimals: payment.decimals,
            amountUnits: payment.amountUnits,
            reference: payment.reference,
            payer: payment.payer ?? null,
            test: payment.test,
            status: 'succeeded',
            receivedAt: payment.receivedAt,
          })
          .onConflictDoNothing()
          .returning({ id: orderPayments.id });
        if (inserted.length === 0) return;
        await tx.insert(orderEvents).values({
          orderId: order.id,
          projectId: order.projectId,
          type: 'orders.payment.succeeded',
          data: { reference: payment.reference, amountUnits: payment.amountUnits, currency: payment.currency, payer: payment.payer },
        });
      });
    },
    async paymentFailed(failure: PaymentFailed) {
      const order = await findOrderById(db, failure.orderId);
      if (!order) return;
      await db.insert(orderEvents).values({ orderId: order.id, projectId: order.projectId, type: 'orders.payment.failed', data: { reason: failure.reason } });
    },
  };
}
