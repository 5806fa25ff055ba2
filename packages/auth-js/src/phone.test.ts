import { describe, expect, it } from 'vitest';
import { callingCodeOf } from './calling-codes.ts';
import { InvalidInputError } from './errors.ts';
import { fallbackPhoneNumber, normalizePhoneNumber } from './phone.ts';

describe('phone numbers (spec §5)', () => {
  it('parses with the US as the default region, into E.164', async () => {
    expect(await normalizePhoneNumber('(415) 555-0123')).toBe('+14155550123');
    expect(await normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(await normalizePhoneNumber('020 7946 0958', { region: 'GB' })).toBe('+442079460958');
  });

  it("refuses an invalid number with 'Invalid phone number, please try again.'", async () => {
    for (const bad of ['12', '+1 000 000 0000', 'call me', '']) {
      const error = await normalizePhoneNumber(bad, { method: 'otps.sms.loginOrCreate' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).details).toBe('Invalid phone number, please try again.');
      expect((error as InvalidInputError).shortMessage).toBe('Invalid call to otps.sms.loginOrCreate');
    }
  });

  it("accepts '+{country code}{digits}' when the parser is not there in time", async () => {
    const never = () => new Promise<never>(() => undefined);
    expect(await normalizePhoneNumber('(415) 555-0123', { load: never, timeoutMs: 20 })).toBe('+14155550123');
    // Literally the calling code and the digits as typed: the server judges the rest.
    expect(await normalizePhoneNumber('06 12 34 56 78', { region: 'FR', load: never, timeoutMs: 20 })).toBe('+330612345678');
    expect(await normalizePhoneNumber('+49 30 1234567', { load: () => Promise.reject(new Error('chunk failed')) })).toBe('+49301234567');
    await expect(normalizePhoneNumber('no digits', { load: never, timeoutMs: 20 })).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('has a calling code for every region it knows', () => {
    expect(callingCodeOf('US')).toBe('1');
    expect(callingCodeOf('gb')).toBe('44');
    expect(callingCodeOf('IN')).toBe('91');
    expect(callingCodeOf('ZZ')).toBeUndefined();
    expect(fallbackPhoneNumber('12345', 'ZZ')).toBeUndefined();
  });
});
