// Fiat currencies of spec §3, plus the pseudo-currencies `custom`, `fiat` and `crypto` that prices and
// filters use for "any of that kind".

export const fiatCurrencies = ['usd', 'eur', 'aud', 'gbp', 'jpy', 'sgd', 'hkd', 'krw', 'inr', 'vnd'] as const;
export const pseudoCurrencies = ['custom', 'fiat', 'crypto'] as const;
export const currencies = [...fiatCurrencies, ...pseudoCurrencies] as const;

export type FiatCurrency = (typeof fiatCurrencies)[number];
export type PseudoCurrency = (typeof pseudoCurrencies)[number];
export type Currency = (typeof currencies)[number];

/** Minor units per major unit (ISO 4217 exponent): amounts are carried as integers of minor units. */
export const fiatMinorUnits: Record<FiatCurrency, number> = { usd: 2, eur: 2, aud: 2, gbp: 2, jpy: 0, sgd: 2, hkd: 2, krw: 0, inr: 2, vnd: 0 };

/** spec §5: an unsupported currency falls back to usd. */
export const defaultCurrency: FiatCurrency = 'usd';

export function isFiatCurrency(value: string): value is FiatCurrency {
  return (fiatCurrencies as readonly string[]).includes(value.toLowerCase());
}
