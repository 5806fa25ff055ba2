import { passesLuhn } from '../../platform/log-redaction.ts';
import { CardValidationError } from './errors.ts';
import type { CardDetails, CardSummary } from './processor.ts';

/** The card network from the number's first digits (IIN ranges); `unknown` when none matches. */
export function cardBrand(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65 || (Number(digits.slice(0, 3)) >= 644 && Number(digits.slice(0, 3)) <= 649)) return 'discover';
  if (two === 35) return 'jcb';
  if (two === 36 || two === 38 || (two === 30 && Number(digits[2]) <= 5)) return 'diners';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

export type ValidatedCard = { digits: string; summary: CardSummary };

/**
 * Checks card details as typed and answers the digits (for the test processor's lookup, never to keep) and the
 * summary (brand and last 4, which may be kept). Spaces and dashes in the number are ignored.
 *
 * @throws CardValidationError naming the field: number (format, length, Luhn), expiry (month, year, past), cvc.
 */
export function validateCardDetails(card: CardDetails, now = new Date()): ValidatedCard {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) throw new CardValidationError('number', 'incorrect_number', 'The card number may contain only digits, spaces and dashes.');
  if (digits.length < 12 || digits.length > 19) {
    throw new CardValidationError('number', 'incorrect_number', 'The card number is incomplete: a card number has 12 to 19 digits.');
  }
  if (!passesLuhn(digits)) throw new CardValidationError('number', 'incorrect_number', 'The card number is incorrect: please check the digits.');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new CardValidationError('expiry', 'invalid_expiry_month', 'The expiry month is invalid: use 1 to 12.');
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expYear) || card.expYear < 0 || year > now.getUTCFullYear() + 50) {
    throw new CardValidationError('expiry', 'invalid_expiry_year', 'The expiry year is invalid.');
  }
  // A card is good through the last day of its expiry month.
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
    throw new CardValidationError('expiry', 'expired_card', 'The card has expired: check the expiry date or use another card.');
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new CardValidationError('cvc', 'invalid_cvc', `The security code (CVC) is invalid: it has ${cvcLength} digits on this card.`);
  }
  return { digits, summary: { brand, last4: digits.slice(-4) } };
}
