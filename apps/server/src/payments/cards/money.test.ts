import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../platform/domain-errors.ts';
import { assertMinorUnits, currencyExponent, formatMinorUnits, parseCardCurrency, toMinorUnits } from './money.ts';

describe('card money', () => {
  it('keeps amounts in integer minor units, two decimals for most currencies and none for jpy, krw and vnd', () => {
    expect(toMinorUnits('12.34', 'usd')).toBe(1234);
    expect(toMinorUnits('0.1', 'eur')).toBe(10);
    expect(toMinorUnits('19.90', 'gbp')).toBe(1990);
    // 0.1 + 0.2 style float drift never happens: 1.15 * 100 is 114.99999999999999 as a float.
    expect(toMinorUnits('1.15', 'usd')).toBe(115);
    expect(toMinorUnits('1500', 'jpy')).toBe(1500);
    expect(toMinorUnits('1500.00', 'krw')).toBe(1500);
    expect(toMinorUnits('250000', 'vnd')).toBe(250000);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('inr')).toBe(2);
    expect(formatMinorUnits(1234, 'usd')).toBe('12.34');
    expect(formatMinorUnits(5, 'usd')).toBe('0.05');
    expect(formatMinorUnits(1500, 'jpy')).toBe('1500');
  });

  it('refuses fractions a currency does not have, floats, zero and amounts over the processors’ limit', () => {
    expect(() => toMinorUnits('1500.5', 'jpy')).toThrow(/JPY has no minor unit/);
    expect(() => toMinorUnits('1.234', 'usd')).toThrow(/2 decimal places/);
    expect(() => toMinorUnits('-1', 'usd')).toThrow(InvalidInputError);
    expect(() => toMinorUnits('1e3', 'usd')).toThrow(/Expected an amount/);
    expect(() => toMinorUnits('0', 'usd')).toThrow(/between 1 and/);
    expect(() => toMinorUnits('1000000', 'usd')).toThrow(/between 1 and 99999999/);
    expect(() => assertMinorUnits(12.5)).toThrow(InvalidInputError);
    expect(() => assertMinorUnits(Number.NaN)).toThrow(InvalidInputError);
  });

  it('accepts the supported currencies in any case and names them when one is not', () => {
    expect(parseCardCurrency('USD')).toBe('usd');
    expect(() => parseCardCurrency('btc')).toThrow(/not supported for card payments\. Use one of usd, eur, aud, gbp, jpy, sgd, hkd, krw, inr, vnd/);
  });
});
