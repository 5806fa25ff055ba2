// Amounts as integers: minor units for fiat (cents; yen and won have none), base units for tokens (10^decimals).
// The wire carries decimal strings; nothing here ever goes through a float.

/** The decimal string `value` in units of 10^-decimals, or undefined when it has more decimals than that. */
export function toUnits(value: string, decimals: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return undefined;
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Units of 10^-decimals as a decimal string without trailing zeros ("0.5", "1500"). */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A positive decimal string as a fraction `numerator / 10^scale` (rates: "0.92", "153.2"). */
export type Ratio = { numerator: bigint; scale: number };

export function parseRatio(value: string): Ratio | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const numerator = BigInt(match[1]! + fraction);
  return numerator > 0n ? { numerator, scale: fraction.length } : undefined;
}

/** ⌈a / b⌉ for non-negative a and positive b: a buyer never pays a fraction of a unit less than the price. */
export function divideRoundingUp(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
