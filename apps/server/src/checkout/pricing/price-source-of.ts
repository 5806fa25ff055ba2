import type { Config } from '../../config.ts';
import { coinbasePriceSource } from './coinbase-price-source.ts';
import { embeddedPriceSource } from './dev-rates.ts';
import type { PriceSource } from './price-source.ts';

/** The configured price source (PRICE_SOURCE): the embedded dev rates by default. */
export function priceSourceOf(config: Config['prices']): PriceSource {
  return config.source === 'coinbase' ? coinbasePriceSource({ baseUrl: config.url, timeoutMs: config.timeoutMs }) : embeddedPriceSource();
}
