import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { BadRequestError, errorTypes } from '../../http/errors.ts';

/**
 * Parses a phone number as typed (spec §5: the default region is US) and returns it in E.164.
 * @throws BadRequestError `invalid_phone_number` when it is not a valid, dialable number.
 */
export function toE164(input: string): string {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  if (!parsed || !parsed.isValid()) throw new BadRequestError('Invalid phone number, please try again.', errorTypes.invalidPhoneNumber);
  return parsed.number;
}
