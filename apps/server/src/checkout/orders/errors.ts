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
