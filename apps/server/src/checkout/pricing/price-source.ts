// Where exchange rates come from (issue 14 item 2). Rates are in Coinbase's convention: how many units of a currency
// one US dollar buys ("eur": "0.92", "jpy": "153.2", "eth": "0.00031"), keyed by lower-case code, as decimal strings.

export type UsdRates = Record<string, string>;

export interface PriceSource {
  /** `embedded` or the adapter's name, as the price API reports it. */
  readonly name: string;
  /** True for rates that are not live market rates (the embedded file): the API and the UI label them as dev rates. */
  readonly dev: boolean;
  /** The current rates. @throws PriceSourceError */
  fetchUsdRates(): Promise<UsdRates>;
}

/** The rate source did not answer, or answered something that is not rates. */
export class PriceSourceError extends Error {}
