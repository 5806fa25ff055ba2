import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { InvalidInputError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

/** Spec §5: 400 `invalid_phone_number`. */
export class InvalidPhoneNumberError extends InvalidInputError {
  constructor() {
    super('Invalid phone number, please try again.', errorTypes.invalidPhoneNumber);
  }
}

/**
 * Parses a phone number as typed (spec §5: the default region is US) and returns it in E.164.
 * @throws InvalidPhoneNumberError `invalid_phone_number` when it is not a valid, dialable number.
 */
export function toE164(input: string): string {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  if (!parsed || !parsed.isValid()) throw new InvalidPhoneNumberError();
  return parsed.number;
}
