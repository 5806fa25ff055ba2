// The real price source: Coinbase's public exchange-rates endpoint (no key), which answers
// `{"data":{"currency":"USD","rates":{"EUR":"0.92","ETH":"0.00031",…}}}` with rates as decimal strings.
import { z } from 'zod';
import { PriceSourceError, type PriceSource, type UsdRates } from './price-source.ts';

const answer = z.object({ data: z.object({ currency: z.literal('USD'), rates: z.record(z.string(), z.string()) }) });
const decimal = /^\d+(\.\d+)?$/;

export function coinbasePriceSource(options: { baseUrl: string; timeoutMs: number }): PriceSource {
  return {
    name: 'coinbase',
    dev: false,
    async fetchUsdRates(): Promise<UsdRates> {
      let body: unknown;
      try {
        const response = await fetch(`${options.baseUrl}/v2/exchange-rates?currency=USD`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new PriceSourceError(`the exchange-rate API answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        if (error instanceof PriceSourceError) throw error;
        throw new PriceSourceError('the exchange-rate API did not answer', { cause: error });
      }
      const parsed = answer.safeParse(body);
      if (!parsed.success) throw new PriceSourceError('the exchange-rate API answered something that is not USD rates');
      // Coinbase writes small rates in plain decimals; anything else (a missing or odd value) is left out.
      return Object.fromEntries(Object.entries(parsed.data.data.rates).flatMap(([code, rate]) => (decimal.test(rate) ? [[code.toLowerCase(), rate]] : [])));
    },
  };
}
