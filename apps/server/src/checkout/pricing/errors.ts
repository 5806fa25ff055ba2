import { InvalidInputError, UnavailableError } from '../../platform/domain-errors.ts';

/** No rates yet: the price source has not answered since the server started. */
export class PricesUnavailableError extends UnavailableError {
  constructor() {
    super('Exchange rates are not available yet; try again shortly.', undefined, { retryAfterSeconds: 30 });
  }
}

/** The rates lack a currency the conversion needs. */
export class UnpricedCurrencyError extends InvalidInputError {
  constructor(code: string) {
    super(`There is no exchange rate for ${code}.`);
  }
}
