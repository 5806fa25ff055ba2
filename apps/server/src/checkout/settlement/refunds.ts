// Refunds owed (a failed delivery, a second payment of a paid order; ADR 105) are made by the payment method's
// Refunder: the card processor, or the crypto refunder on chain. The payment's `refund-pending` status is the
// to-do, committed with the reason for it; the sweeper calls the refunder (which must be idempotent per payment:
// the card refunder sends an idempotency key derived from the payment) and records the refund and its timeline row.
import type { AppContext } from '../../context.ts';
import type { Refunder } from './ports.ts';
import * as store from './store.ts';

export function createRefunds(ctx: AppContext, refunders: Record<string, Refunder>) {
  const db = ctx.db;
  return {
    /** Makes the refunds owed now; one that fails is tried again on the next sweep. */
    async makeDue(): Promise<void> {
      for (const payment of await store.listRefundsDue(db, 50)) {
        const due = payment.refundDue;
        const refunder = refunders[payment.method];
        if (!due || !refunder) continue;
        try {
          const { reference } = await refunder.refund(
            {
              orderId: payment.orderId,
              method: payment.method,
              currency: payment.currency,
              amountUnits: due.amountUnits,
              reference: payment.reference,
              payer: payment.payer,
            },
            due.reason,
          );
          await db.transaction(async (tx) => {
            const recorded = await store.setRefunded(tx, payment.id, {
              reference,
              amountUnits: due.amountUnits,
              refundedAt: new Date().toISOString(),
              reason: due.reason,
            });
            if (recorded) {
              await store.insertEvent(tx, {
                orderId: payment.orderId,
                projectId: payment.projectId,
                type: 'orders.payment.refunded',
                data: {
                  method: payment.method,
                  reference: payment.reference,
                  refund: reference,
                  amountUnits: due.amountUnits,
                  reason: due.reason,
                  test: payment.test,
                },
              });
            }
          });
        } catch (error) {
          ctx.log.warn({ err: error, orderId: payment.orderId, paymentId: payment.id }, 'a refund failed; it is tried again on the next sweep');
        }
      }
    },
  };
}
