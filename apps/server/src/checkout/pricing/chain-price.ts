// §7 GET /api/blockchain/{chain}/price: the chain's native coin and tokens priced in every fiat currency.
import { fiatCurrencies, fiatMinorUnits } from '@keepsake/chains/currencies';
import type { ChainPriceResponse } from '@keepsake/wire/developer/prices';
import type { ChainRuntime } from '../../chains/runtime.ts';
import { ChainNotOnServerError } from '../../chains/errors.ts';
import { currenciesFor } from './currencies.ts';
import { fromUnits } from './money.ts';
import type { PriceService } from './prices.ts';

export const devRatesLabel = 'Dev rates: fixed rates shipped with Keepsake, not market rates.';

/** @throws ChainNotOnServerError, PricesUnavailableError */
export async function chainPrice(chains: ChainRuntime, prices: PriceService, chain: string): Promise<ChainPriceResponse> {
  if (!chains.connections.some((c) => c.chain === chain)) throw new ChainNotOnServerError(`The chain "${chain}" is not configured on this Keepsake server.`);
  const snapshot = await prices.current();
  const tokens = currenciesFor(chains, chain).flatMap((currency) => (currency.kind === 'fiat' ? [] : [currency]));
  const table: ChainPriceResponse['prices'] = {};
  for (const token of tokens) {
    const row: Record<string, string> = {};
    for (const code of fiatCurrencies) {
      if (!snapshot.rates[code] || (!token.usdStable && !snapshot.rates[token.code])) continue;
      const units = prices.convert(snapshot.rates, 10n ** BigInt(token.decimals), token, { kind: 'fiat', code, decimals: fiatMinorUnits[code] });
      row[code] = fromUnits(units, fiatMinorUnits[code]);
    }
    table[token.code] = row;
  }
  return {
    chain,
    nativeCurrency: tokens[0]?.code ?? 'eth',
    prices: table,
    source: {
      name: snapshot.source,
      dev: snapshot.dev,
      label: snapshot.dev ? devRatesLabel : `Market rates from ${snapshot.source}, refreshed every 10 minutes.`,
    },
    updatedAt: snapshot.fetchedAt.toISOString(),
  };
}
