// Stripe's objects and errors in the card port's terms (processor.ts, errors.ts).
import type Stripe from 'stripe';
import { InvalidInputError } from '../../platform/domain-errors.ts';
import {
  CardIdempotencyKeyReusedError,
  CardPaymentNotFoundError,
  CardPaymentStateError,
  CardProcessorUnavailableError,
  CardRefundAmountError,
  CardValidationError,
} from './errors.ts';
import { parseCardCurrency } from './money.ts';
import { orderIdMetadataKey, type CardNextAction, type CardPayment, type CardPaymentStatus, type CardRefund } from './processor.ts';

const statuses: Record<string, CardPaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function nextAction(action: Stripe.PaymentIntent.NextAction | null): CardNextAction | undefined {
  if (!action) return undefined;
  if (action.type === 'redirect_to_url' && action.redirect_to_url?.url) return { type: 'redirect_to_url', url: action.redirect_to_url.url };
  return { type: 'use_stripe_sdk' };
}

function cardOf(intent: Stripe.PaymentIntent): CardPayment['card'] {
  const method = intent.payment_method;
  if (method && typeof method === 'object' && method.card) return { brand: method.card.brand, last4: method.card.last4 };
  const charge = intent.latest_charge;
  const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : undefined;
  return card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : undefined;
}

/** A PaymentIntent as a CardPayment. `amountRefunded` comes from the expanded latest charge when present. */
export function paymentFromIntent(intent: Stripe.PaymentIntent): CardPayment {
  const error = intent.last_payment_error;
  const charge = intent.latest_charge;
  return {
    id: intent.id,
    processor: 'stripe',
    test: !intent.livemode,
    status: statuses[intent.status] ?? 'processing',
    amount: intent.amount,
    currency: parseCardCurrency(intent.currency),
    amountReceived: intent.amount_received,
    amountRefunded: charge && typeof charge === 'object' ? charge.amount_refunded : 0,
    orderId: intent.metadata[orderIdMetadataKey],
    metadata: { ...intent.metadata },
    clientSecret: intent.client_secret ?? '',
    card: cardOf(intent),
    nextAction: intent.status === 'requires_action' ? nextAction(intent.next_action) : undefined,
    lastFailure: error
      ? { code: error.code ?? 'card_declined', declineCode: error.decline_code, message: error.message ?? 'The card was declined.' }
      : undefined,
    createdAt: new Date(intent.created * 1000),
  };
}

export function refundFromStripe(refund: Stripe.Refund, livemode: boolean): CardRefund {
  const paymentIntent = refund.payment_intent;
  return {
    id: refund.id,
    paymentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? ''),
    test: !livemode,
    amount: refund.amount,
    currency: parseCardCurrency(refund.currency),
    status: (refund.status ?? 'pending') as CardRefund['status'],
    createdAt: new Date(refund.created * 1000),
  };
}

type StripeErrorLike = { type: string; code?: string; statusCode?: number; message: string; headers?: Record<string, string> };

function isStripeError(error: unknown): error is StripeErrorLike {
  const type = error instanceof Error ? (error as unknown as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/**
 * A Stripe error as the matching domain error. Card declines are not mapped here: confirm turns them into a
 * payment with `lastFailure` (stripe-processor.ts).
 */
export function domainErrorFromStripe(error: unknown, paymentId?: string): Error {
  if (!isStripeError(error)) return error instanceof Error ? error : new Error(String(error));
  const cause = { cause: error };
  switch (error.type) {
    case 'StripeIdempotencyError':
      return new CardIdempotencyKeyReusedError();
    case 'StripeInvalidRequestError':
      if (error.code === 'resource_missing' && paymentId) return new CardPaymentNotFoundError(paymentId);
      if (error.code === 'charge_already_refunded') return new CardPaymentStateError('This payment is already refunded in full.');
      if (error.code === 'payment_intent_unexpected_state') return new CardPaymentStateError(error.message);
      if (error.code === 'amount_too_large' || error.code === 'amount_too_small') return new CardRefundAmountError(error.message);
      if (error.code === 'incorrect_number' || error.code === 'invalid_expiry_year' || error.code === 'invalid_cvc') {
        return new CardValidationError(
          error.code === 'invalid_cvc' ? 'cvc' : error.code === 'incorrect_number' ? 'number' : 'expiry',
          error.code,
          error.message,
        );
      }
      return new InvalidInputError(`The card processor refused the request: ${error.message}`, undefined, cause);
    case 'StripeRateLimitError':
      return new CardProcessorUnavailableError('The card processor is busy. Please try again shortly.', undefined, { ...cause, retryAfterSeconds: 2 });
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new CardProcessorUnavailableError('The card processor refused Keepsake’s credentials: check STRIPE_SECRET_KEY.', undefined, cause);
    default:
      return new CardProcessorUnavailableError('The card processor cannot be reached now. Please try again.', undefined, { ...cause, retryAfterSeconds: 5 });
  }
}
