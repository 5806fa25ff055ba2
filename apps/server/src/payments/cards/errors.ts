import { errorTypes } from '../../platform/error-types.ts';
import { InvalidInputError, ResourceNotFoundError, StateConflictError, UnauthenticatedError, UnavailableError } from '../../platform/domain-errors.ts';

/** Which card field is wrong, and a processor-style code for it, so that a form can mark the field. */
export type CardField = 'number' | 'expiry' | 'cvc';
export type CardValidationCode = 'incorrect_number' | 'invalid_expiry_month' | 'invalid_expiry_year' | 'expired_card' | 'invalid_cvc' | 'test_card_required';

/** The card details cannot be charged as typed (Luhn, expiry, CVC, or a real card on the test processor). Never carries the number. */
export class CardValidationError extends InvalidInputError {
  readonly field: CardField;
  readonly code: CardValidationCode;
  constructor(field: CardField, code: CardValidationCode, message: string) {
    super(message);
    this.field = field;
    this.code = code;
  }
}

/** The processor has no payment with that id (or it belongs to another account). */
export class CardPaymentNotFoundError extends ResourceNotFoundError {
  constructor(paymentId: string) {
    super(`Card payment ${paymentId} not found.`);
  }
}

/** The payment is not in a state that allows this step (confirming a paid payment, refunding an unpaid one). */
export class CardPaymentStateError extends StateConflictError {}

/** A refund asks for more than what is left to refund. */
export class CardRefundAmountError extends InvalidInputError {}

/** The same idempotency key was sent earlier with different parameters. */
export class CardIdempotencyKeyReusedError extends StateConflictError {
  constructor() {
    super('This idempotency key was already used for a different card payment or refund.', errorTypes.idempotencyKeyReused);
  }
}

/** A card processor webhook whose signature does not verify (or that is too old, or not JSON). */
export class CardWebhookSignatureError extends UnauthenticatedError {
  constructor(message = 'The card processor webhook signature does not verify.') {
    super(message);
  }
}

/** The processor cannot be reached, refused Keepsake's credentials or failed: the caller may retry later. */
export class CardProcessorUnavailableError extends UnavailableError {}

/** Card payments are not configured (production without Stripe and without KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR). */
export class CardPaymentsDisabledError extends UnavailableError {
  constructor() {
    super('Card payments are not configured on this Keepsake. Set STRIPE_SECRET_KEY (see docs/card-payments.md).');
  }
}
