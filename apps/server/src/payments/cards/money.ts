import { InvalidInputError } from '../../platform/domain-errors.ts';

/** The fiat currencies a card payment may be in (issue 14 item 1), lowercase as processors spell them. */
export const cardCurrencies = ['usd', 'eur', 'aud', 'gbp', 'jpy', 'sgd', 'hkd', 'krw', 'inr', 'vnd'] as const;
export type CardCurrency = (typeof cardCurrencies)[number];

/** Currencies without a minor unit: an amount of 500 JPY is 500, not 5.00. */
const zeroDecimal: ReadonlySet<string> = new Set(['jpy', 'krw', 'vnd']);

/** The most a processor takes in one payment: eight digits of minor units (Stripe's documented limit). */
export const maxMinorUnits = 99_999_999;

/** Digits after the decimal point in `currency` (0 for jpy, krw, vnd; 2 otherwise). */
export function currencyExponent(currency: CardCurrency): 0 | 2 {
  return zeroDecimal.has(currency) ? 0 : 2;
}

/** `currency` lowercased if it is one of `cardCurrencies`; otherwise an InvalidInputError naming them. */
export function parseCardCurrency(currency: string): CardCurrency {
  const lower = currency.toLowerCase();
  if ((cardCurrencies as readonly string[]).includes(lower)) return lower as CardCurrency;
  throw new InvalidInputError(`Currency ${JSON.stringify(currency)} is not supported for card payments. Use one of ${cardCurrencies.join(', ')}.`);
}

/** Refuses anything but a positive whole number of minor units within the processors' limit. */
export function assertMinorUnits(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > maxMinorUnits) {
    throw new InvalidInputError(`The ${what} must be a whole number of minor units between 1 and ${maxMinorUnits} (got ${String(amount)}).`);
  }
}

/**
 * A decimal string (as the API carries amounts) in integer minor units, without going through a float.
 *
 * @example
 * toMinorUnits('12.34', 'usd'); // 1234
 * toMinorUnits('1500', 'jpy'); // 1500
 * toMinorUnits('1500.5', 'jpy'); // throws InvalidInputError: JPY has no minor unit
 */
export function toMinorUnits(decimal: string, currency: CardCurrency): number {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new InvalidInputError(`Expected an amount such as 12.34, got ${JSON.stringify(decimal)}.`);
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) {
    throw new InvalidInputError(
      exponent === 0
        ? `${currency.toUpperCase()} has no minor unit: give a whole amount (got ${decimal}).`
        : `${currency.toUpperCase()} has ${exponent} decimal places at most (got ${decimal}).`,
    );
  }
  const amount = Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  assertMinorUnits(amount);
  return amount;
}

/**
 * Integer minor units as the API's decimal string.
 *
 * @example
 * formatMinorUnits(1234, 'usd'); // '12.34'
 * formatMinorUnits(1500, 'jpy'); // '1500'
 */
export function formatMinorUnits(amount: number, currency: CardCurrency): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(amount);
  const digits = String(amount).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
