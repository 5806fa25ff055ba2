import { describe, expect, it } from 'vitest';
import { statusOfKind } from '../../http/error-handler.ts';
import type { DomainError } from '../../platform/domain-errors.ts';
import { toE164, InvalidPhoneNumberError } from './phone.ts';

describe('toE164', () => {
  it.each([
    ['+1 (415) 555-2671', '+14155552671'],
    ['415-555-2671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
    ['  +33 6 12 34 56 78 ', '+33612345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['', '12', '+1 555', 'not a number', '+999 1234567', '+1 415 555 26711111'])('refuses %j with invalid_phone_number', (input) => {
    let caught: unknown;
    try {
      toE164(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidPhoneNumberError);
    expect((caught as DomainError).errorType).toBe('invalid_phone_number');
    expect(statusOfKind[(caught as DomainError).kind]).toBe(400);
  });
});
