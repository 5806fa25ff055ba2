import type { PaymentProcessor } from '../../payments/cards/processor.ts';
import type { Refunder } from '../settlement/ports.ts';

/**
 * Card refunds through the processor (ADR 105). The idempotency key is derived from the payment, so a refund
 * retried after a crash (made, but not yet recorded) answers the first refund instead of making a second.
 */
export function createCardRefunder(processor: PaymentProcessor): Refunder {
  return {
    async refund(payment) {
      const refund = await processor.refundPayment(payment.reference, {
        amount: Number(payment.amountUnits),
        idempotencyKey: `keepsake-refund:${payment.reference}`,
        metadata: { keepsake_order_id: payment.orderId },
      });
      return { reference: refund.id };
    },
  };
}
