// The seam between taking money and delivering what it bought (issue 14 items 9–11). Payment methods (the card
// processors, the crypto payment watcher) report money received through `PaymentSink`; settlement records it once
// (`order_payments` is unique on method and reference), moves the order on and schedules delivery. When a delivery
// fails, settlement gives the money back through the `Refunder` of the payment's method.
import type { OrderPaymentCardColumn } from '@keepsake/db/schema';

/** Money received for an order, as a payment method reports it. Amounts are integer units of `currency`. */
export type PaymentReceived = {
  orderId: string;
  /** `card`, or the chain's name. */
  method: string;
  currency: string;
  decimals: number;
  amountUnits: string;
  /** The processor's payment id, or `{txHash}:{logIndex}` on chain: the same payment always has the same reference. */
  reference: string;
  payer?: string;
  card?: OrderPaymentCardColumn;
  /** Not real money: the built-in test processor, or a local chain. */
  test: boolean;
  receivedAt: Date;
  /**
   * When the payer paid, as the payment method attests it (a crypto payment's block time). A payment made after the
   * order's quote expired is refunded, never delivered at a price the quote no longer holds (issue 22 item 3,
   * ADR 135). Card payments leave it out: a card is charged the quote's amount only while the quote is valid.
   */
  paidAt?: Date;
};

/** A payment that did not go through (a declined card, a reverted transaction). */
export type PaymentFailed = {
  orderId: string;
  method: string;
  reason: string;
  /** The processor's code (`card_declined`) and the issuer's reason (`insufficient_funds`), when it gave them. */
  code?: string;
  declineCode?: string;
};

export interface PaymentSink {
  /** Records the payment once and moves the order on; a second report of the same reference changes nothing. */
  paymentSucceeded(payment: PaymentReceived): Promise<void>;
  paymentFailed(failure: PaymentFailed): Promise<void>;
  /**
   * Every payment by `method` made up to `until` has been reported (the crypto watcher read the chain up to a block
   * of that time): an order still short of its total whose quote expired before then can no longer be paid in time,
   * and what it received is refunded (ADR 135).
   */
  paymentsSeenUntil(method: string, until: Date): Promise<void>;
}

/** A recorded payment, as a refunder needs it. */
export type RefundablePayment = { orderId: string; method: string; currency: string; amountUnits: string; reference: string; payer?: string | null };

export interface Refunder {
  /** Gives the payment back; answers the processor's refund id or the refund transaction's hash. */
  refund(payment: RefundablePayment, reason: string): Promise<{ reference: string }>;
}
