// The embedded default price source: a fixed rates table shipped with Keepsake, for a server that does not reach
// the internet and for tests. Its rates are not market rates; the price API and the UI label them as dev rates.
import type { PriceSource, UsdRates } from './price-source.ts';

/** Dev rates: fixed, not market rates. Units of each currency one US dollar buys. */
export const devRates: Readonly<UsdRates> = {
  usd: '1',
  eur: '0.92',
  aud: '1.53',
  gbp: '0.79',
  jpy: '153.2',
  sgd: '1.34',
  hkd: '7.8',
  krw: '1380',
  inr: '84.1',
  vnd: '25400',
  eth: '0.0003125',
  pol: '2.5',
  avax: '0.04',
  bnb: '0.0016',
  ape: '1.25',
};

export function embeddedPriceSource(): PriceSource {
  return { name: 'embedded', dev: true, fetchUsdRates: () => Promise.resolve({ ...devRates }) };
}
