// The card payment processor port (issue 14 item 10, docs/decisions/102). The orders domain talks to cards only
// through `PaymentProcessor`; registry.ts picks the built-in test processor or Stripe from the configuration.
// Amounts are integer minor units (money.ts), never floats. A card number never enters a `CardPayment`: only its
// brand and last 4 digits do.
import type { CardCurrency } from './money.ts';

export type CardProcessorName = 'test' | 'stripe';

/** What is known about the card after a confirmation: enough to show "Visa •••• 4242", nothing more. */
export type CardSummary = { brand: string; last4: string };

/** Raw card details, as typed into the test processor's form. Only the test processor takes them (Stripe takes a payment method id). */
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type CardPaymentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** Why the last attempt failed (the payment then waits for another card, status `requires_payment_method`). */
export type CardPaymentFailure = {
  /** `card_declined`, `expired_card`, `payment_intent_authentication_failure`, … */
  code: string;
  /** The issuer's reason for a decline: `generic_decline`, `insufficient_funds`, … */
  declineCode: string | undefined;
  /** A message fit to show the buyer. */
  message: string;
};

/** The step the buyer must take before the payment can finish (3-D Secure and the like). */
export type CardNextAction =
  /** The test processor: show a "test authentication" step, then call `confirm(id, { authentication })`. */
  | { type: 'test_authentication' }
  /** Stripe: the Payment Element (stripe.js) handles it with the payment's clientSecret; or redirect to `url`. */
  | { type: 'use_stripe_sdk' }
  | { type: 'redirect_to_url'; url: string };

export type CardPayment = {
  /** The processor's id (`pi_…` for Stripe, `test_pi_…` for the test processor). */
  id: string;
  processor: CardProcessorName;
  /** True when no real money moves: always for the test processor, and for Stripe test mode (livemode false). */
  test: boolean;
  status: CardPaymentStatus;
  amount: number;
  currency: CardCurrency;
  /** Minor units received (equals `amount` once succeeded). */
  amountReceived: number;
  /** Minor units refunded so far. */
  amountRefunded: number;
  /** The Keepsake order this payment is for (from metadata.keepsake_order_id). */
  orderId: string | undefined;
  metadata: Record<string, string>;
  /** For the client-side form (Stripe's Payment Element); a secret: never log it. */
  clientSecret: string;
  card: CardSummary | undefined;
  nextAction: CardNextAction | undefined;
  lastFailure: CardPaymentFailure | undefined;
  createdAt: Date;
};

export type CreateCardPaymentParameters = {
  /** Integer minor units (1234 = 12.34 USD; 1500 = 1500 JPY). */
  amount: number;
  /** One of `cardCurrencies`, in any case (`USD` or `usd`). */
  currency: string;
  orderId: string;
  /** The same key with the same parameters answers the same payment; with others, CardIdempotencyKeyReusedError. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
  description?: string;
  receiptEmail?: string;
};

export type ConfirmCardPaymentParameters =
  /** Test processor: the card as typed. Refused by Stripe (cards reach Stripe only through its Payment Element). */
  | { card: CardDetails }
  /** Stripe: a payment method id from the Payment Element (or `pm_card_visa` and friends in Stripe test mode). */
  | { paymentMethod: string; returnUrl?: string }
  /** Test processor: the buyer's answer to the `test_authentication` next action. */
  | { authentication: 'approve' | 'deny' }
  /** Stripe: confirm again after the next action was handled client-side. */
  | Record<string, never>;

export type RefundCardPaymentParameters = {
  /** Minor units; omitted: whatever is left to refund. */
  amount?: number;
  idempotencyKey: string;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata?: Record<string, string>;
};

export type CardRefund = {
  id: string;
  paymentId: string;
  test: boolean;
  amount: number;
  currency: CardCurrency;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  createdAt: Date;
};

/** A processor notification, verified and normalised. `ignored` covers event types Keepsake does not act on. */
export type CardPaymentEvent =
  | {
      id: string;
      type: 'payment.succeeded' | 'payment.failed' | 'payment.requires_action' | 'payment.processing' | 'payment.canceled';
      test: boolean;
      payment: CardPayment;
    }
  | { id: string; type: 'payment.refunded'; test: boolean; paymentId: string; amountRefunded: number; currency: CardCurrency }
  | { id: string; type: 'ignored'; test: boolean; processorType: string };

/** What the checkout page needs to know to render the right card form. */
export type CardProcessorInfo = {
  /** `none`: card payments are off (registry.ts); every call refuses. */
  name: CardProcessorName | 'none';
  /** True when payments through it move no real money. */
  test: boolean;
  /** Shown wherever the processor appears: "Test card processor — no real money moves" for the built-in one. */
  label: string;
  /** Stripe's publishable key for the Payment Element; undefined for the test processor. */
  publishableKey: string | undefined;
};

/**
 * A card payment processor. Every method throws domain errors (./errors.ts): CardValidationError and
 * InvalidInputError for bad input, CardPaymentNotFoundError, CardPaymentStateError, CardIdempotencyKeyReusedError,
 * CardProcessorUnavailableError (retry later), CardWebhookSignatureError. A declined card is not an error: confirm
 * answers the payment back in `requires_payment_method`, with `lastFailure` saying why.
 */
export interface PaymentProcessor {
  readonly info: CardProcessorInfo;
  /** Creates a payment awaiting a card (status `requires_payment_method`). */
  createPayment(parameters: CreateCardPaymentParameters): Promise<CardPayment>;
  /** Attempts the payment with a card, or finishes its next action. */
  confirmPayment(paymentId: string, parameters: ConfirmCardPaymentParameters): Promise<CardPayment>;
  retrievePayment(paymentId: string): Promise<CardPayment>;
  /** Refunds a succeeded payment, in full or in part. */
  refundPayment(paymentId: string, parameters: RefundCardPaymentParameters): Promise<CardRefund>;
  /** Verifies a webhook's signature over the raw body and normalises it. */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): CardPaymentEvent;
}

/** The metadata key that carries the Keepsake order id on every processor's payment. */
export const orderIdMetadataKey = 'keepsake_order_id';
