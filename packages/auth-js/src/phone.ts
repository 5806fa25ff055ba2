// Spec §5 phone numbers: parsed with a region (default US) by libphonenumber-js, loaded only when a phone
// number is first used; an invalid number is 'Invalid phone number, please try again.'. If the library does not
// load within the time-out (2 s at submit, 10 s while typing) or fails to load, '+{country code}{digits}' is
// accepted as typed and the server judges it.
import { callingCodeOf } from './calling-codes.ts';
import { InvalidInputError } from './errors.ts';
import type * as PhoneParser from 'libphonenumber-js/max';

/** Spec §5: the message of an invalid phone number. */
export const INVALID_PHONE_MESSAGE = 'Invalid phone number, please try again.';
/** Spec §5 parse time-outs: at submit, and while the user types. */
export const PHONE_PARSE_TIMEOUT_MS = { submit: 2_000, typing: 10_000 } as const;

type PhoneLibrary = Pick<typeof PhoneParser, 'parsePhoneNumberFromString'>;

let library: Promise<PhoneLibrary> | undefined;
const loadLibrary = (): Promise<PhoneLibrary> => (library ??= import('libphonenumber-js/max'));

/** Options of {@link normalizePhoneNumber}. */
export type NormalizePhoneOptions = {
  /** ISO 3166 region of numbers typed without a +country code. Default `US`. */
  region?: string;
  /** How long to wait for the parser before the fallback. Default 2000 ms (submit). */
  timeoutMs?: number;
  /** The SDK method named in the error. */
  method?: string;
  /** Loads the parser (tests replace it). */
  load?: () => Promise<PhoneLibrary>;
};

/** '+{country code}{digits}': what is accepted when the parser is not there in time. */
export function fallbackPhoneNumber(input: string, region = 'US'): string | undefined {
  const digits = input.replace(/\D/g, '');
  if (digits === '') return undefined;
  if (input.trim().startsWith('+')) return `+${digits}`;
  const code = callingCodeOf(region);
  return code ? `+${code}${digits}` : undefined;
}

/**
 * A phone number in E.164 (`+14155550123`).
 *
 * @throws InvalidInputError 'Invalid phone number, please try again.'
 * @example
 * await normalizePhoneNumber('(415) 555-0123'); // '+14155550123'
 * await normalizePhoneNumber('020 7946 0958', { region: 'GB' }); // '+442079460958'
 */
export async function normalizePhoneNumber(input: string, options: NormalizePhoneOptions = {}): Promise<string> {
  const { region = 'US', timeoutMs = PHONE_PARSE_TIMEOUT_MS.submit, method = 'normalizePhoneNumber', load = loadLibrary } = options;
  const invalid = () => new InvalidInputError(method, 'phone_number', INVALID_PHONE_MESSAGE);
  if (typeof input !== 'string' || input.trim() === '') throw invalid();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, timeoutMs, undefined)));
  const parser = await Promise.race([load().catch(() => undefined), timedOut]);
  clearTimeout(timer);
  if (!parser) {
    const fallback = fallbackPhoneNumber(input, region);
    if (!fallback) throw invalid();
    return fallback;
  }
  const parsed = parser.parsePhoneNumberFromString(input, { defaultCountry: region.toUpperCase() as never });
  if (!parsed?.isValid()) throw invalid();
  return parsed.number;
}

export { callingCodes } from './calling-codes.ts';
