import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../platform/log-redaction.ts';
import { cardBrand, validateCardDetails } from './card-details.ts';
import { CardValidationError } from './errors.ts';

const now = new Date('2026-11-25T12:00:00Z');
const card = (overrides: Partial<{ number: string; expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

function refusal(details: ReturnType<typeof card>): CardValidationError {
  try {
    validateCardDetails(details, now);
  } catch (error) {
    if (error instanceof CardValidationError) return error;
    throw error;
  }
  throw new Error('expected a CardValidationError');
}

describe('card details', () => {
  it('checks the Luhn digit and tells the networks apart', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('answers brand and last 4, ignoring spaces and dashes, and nothing else of the number', () => {
    const validated = validateCardDetails(card({ number: '4242-4242 4242-4242' }), now);
    expect(validated.summary).toEqual({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(validated.summary)).not.toContain('42424242');
    // The expiry month itself is still good; two-digit years are this century.
    expect(validateCardDetails(card({ expMonth: 11, expYear: 26 }), now).summary.last4).toBe('4242');
  });

  it('refuses each wrong field with a clear message that never repeats the number', () => {
    const cases: Array<[ReturnType<typeof card>, string, string, RegExp]> = [
      [card({ number: '4242 4242 4242 424x' }), 'number', 'incorrect_number', /only digits/],
      [card({ number: '4242 4242' }), 'number', 'incorrect_number', /incomplete/],
      [card({ number: '4242 4242 4242 4241' }), 'number', 'incorrect_number', /incorrect/],
      [card({ expMonth: 13 }), 'expiry', 'invalid_expiry_month', /month is invalid/],
      [card({ expYear: 2200 }), 'expiry', 'invalid_expiry_year', /year is invalid/],
      [card({ expMonth: 10, expYear: 2026 }), 'expiry', 'expired_card', /expired/],
      [card({ cvc: '12' }), 'cvc', 'invalid_cvc', /3 digits/],
      [card({ number: '3782 822463 10005', cvc: '123' }), 'cvc', 'invalid_cvc', /4 digits/],
    ];
    for (const [details, field, code, message] of cases) {
      const error = refusal(details);
      expect({ field: error.field, code: error.code }).toEqual({ field, code });
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(details.number.replace(/\D/g, '').slice(0, 8));
      expect(error.kind).toBe('invalid');
    }
  });
});
