// GET /api/blockchain/{chain}/price (§7; issue 14 item 2): what one unit of the chain's native coin and of its tokens
// is worth in each fiat currency, at the rates checkout uses.
import { z } from 'zod';
import { chainSchema } from './collections.ts';

export const chainPriceParams = z.object({ chain: chainSchema });

const pricesByFiat = z.record(z.string(), z.string()).meta({ description: 'Fiat currency → the price of one unit, as a decimal string' });

export const chainPriceResponse = z
  .object({
    chain: z.string(),
    nativeCurrency: z.string(),
    prices: z.record(z.string(), pricesByFiat).meta({ description: 'Token symbol (the native coin first) → its prices' }),
    source: z.object({
      name: z.string().meta({ description: '`embedded` (the dev rates shipped with Keepsake) or `coinbase`' }),
      dev: z.boolean().meta({ description: 'True for the embedded dev rates, which are not market rates' }),
      label: z.string(),
    }),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChainPrice' });
export type ChainPriceResponse = z.infer<typeof chainPriceResponse>;
