import { describe, expect, it } from 'vitest';
import { parseExpiry } from './card-payment';

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
  });
  it('refuses what is not a month and a year', () => {
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('0/30')).toBeUndefined();
    expect(parseExpiry('1230')).toBeUndefined();
  });
});
