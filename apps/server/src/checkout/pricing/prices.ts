// Exchange rates for checkout (issue 14 item 2, §9 "crypto price refresh 10 minutes"): the source's rates kept for
// 10 minutes, fetched again on the first use after that (one fetch at a time); when a refresh fails the last rates
// stay in use. Conversions run on integers: the rates are exact fractions, and a buyer's amount rounds up.
import type { Logger } from 'pino';
import { isUsdStablecoin, type PriceCurrency } from './currencies.ts';
import { PricesUnavailableError, UnpricedCurrencyError } from './errors.ts';
import { divideRoundingUp, parseRatio, type Ratio } from './money.ts';
import type { PriceSource, UsdRates } from './price-source.ts';

/** §9: rates are refreshed every 10 minutes. */
export const priceRefreshMs = 10 * 60 * 1000;

export type RatesSnapshot = { rates: UsdRates; fetchedAt: Date; source: string; dev: boolean };

export function createPriceService(source: PriceSource, options: { log: Logger; now?: () => number }) {
  const now = options.now ?? Date.now;
  let snapshot: RatesSnapshot | undefined;
  let inFlight: Promise<RatesSnapshot | undefined> | undefined;

  async function refresh(): Promise<RatesSnapshot | undefined> {
    try {
      const rates = await source.fetchUsdRates();
      snapshot = { rates: { ...rates, usd: '1' }, fetchedAt: new Date(now()), source: source.name, dev: source.dev };
    } catch (error) {
      options.log.warn({ err: error, source: source.name }, 'could not refresh exchange rates; keeping the last ones');
    }
    return snapshot;
  }

  /** The current rates, fetched again when 10 minutes old. @throws PricesUnavailableError */
  async function current(): Promise<RatesSnapshot> {
    if (!snapshot || now() - snapshot.fetchedAt.getTime() >= priceRefreshMs) {
      inFlight ??= refresh().finally(() => {
        inFlight = undefined;
      });
      await inFlight;
    }
    if (!snapshot) throw new PricesUnavailableError();
    return snapshot;
  }

  /** Units of `currency` one US dollar buys, as a fraction: stablecoins are 1:1. @throws UnpricedCurrencyError */
  function usdRate(rates: UsdRates, currency: PriceCurrency): Ratio {
    if (currency.kind !== 'fiat' && currency.usdStable) return { numerator: 1n, scale: 0 };
    const rate = rates[currency.code] ? parseRatio(rates[currency.code]!) : undefined;
    if (!rate) throw new UnpricedCurrencyError(currency.code);
    return rate;
  }

  /**
   * `units` of `from` in units of `to`, rounded up (integers throughout: minor units for fiat, base units for tokens).
   * @throws UnpricedCurrencyError
   */
  function convert(rates: UsdRates, units: bigint, from: PriceCurrency, to: PriceCurrency): bigint {
    if (from.code === to.code) return units;
    if (from.kind !== 'fiat' && from.usdStable && to.kind !== 'fiat' && to.usdStable) return scale(units, from.decimals, to.decimals);
    const a = usdRate(rates, from);
    const b = usdRate(rates, to);
    // units · 10^-dFrom / (a / 10^sA) · (b / 10^sB) · 10^dTo
    const numerator = units * b.numerator * 10n ** BigInt(a.scale + to.decimals);
    const denominator = a.numerator * 10n ** BigInt(b.scale + from.decimals);
    return divideRoundingUp(numerator, denominator);
  }

  return { current, convert, isUsdStablecoin };
}

function scale(units: bigint, from: number, to: number): bigint {
  return to >= from ? units * 10n ** BigInt(to - from) : divideRoundingUp(units, 10n ** BigInt(from - to));
}

export type PriceService = ReturnType<typeof createPriceService>;
