import { describe, expect, it } from 'vitest';
import { divideRoundingUp, fromUnits, parseRatio, toUnits } from './money.ts';

describe('money', () => {
  it('reads decimal strings into integer units, refusing more decimals than the currency has', () => {
    expect(toUnits('12.34', 2)).toBe(1234n);
    expect(toUnits('1500', 0)).toBe(1500n);
    expect(toUnits('1500.00', 0)).toBe(1500n);
    expect(toUnits('1500.5', 0)).toBeUndefined();
    expect(toUnits('0.000000000000000001', 18)).toBe(1n);
    expect(toUnits('1e3', 2)).toBeUndefined();
  });

  it('writes units back without trailing zeros', () => {
    expect(fromUnits(1234n, 2)).toBe('12.34');
    expect(fromUnits(1200n, 2)).toBe('12');
    expect(fromUnits(5n, 6)).toBe('0.000005');
    expect(fromUnits(1500n, 0)).toBe('1500');
    expect(fromUnits(-50n, 2)).toBe('-0.5');
  });

  it('parses rates as exact fractions and rounds divisions up', () => {
    expect(parseRatio('0.92')).toEqual({ numerator: 92n, scale: 2 });
    expect(parseRatio('0')).toBeUndefined();
    expect(divideRoundingUp(10n, 3n)).toBe(4n);
    expect(divideRoundingUp(9n, 3n)).toBe(3n);
  });
});
