import { InvalidInputError, ResourceNotFoundError, StateConflictError } from '../../platform/domain-errors.ts';

/** The project has no such order, or the client secret is not this order's. */
export class OrderNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Order not found.');
  }
}

/** The order cannot be priced as asked (payment method, currency, quantity, collection). */
export class InvalidOrderError extends InvalidInputError {}

/** The order cannot take a payment now (paid already, or not priced for payment yet). */
export class OrderPaymentStateError extends StateConflictError {}

/**
 * The order's payment has started (a card is being confirmed, a crypto payment arrived) or it is paid: its recipient,
 * payer and line items are frozen, and its quote is never priced again (issue 22 items 1–2, ADR 135).
 */
export class OrderFrozenError extends StateConflictError {}
