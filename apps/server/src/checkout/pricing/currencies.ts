// What a price's currency is, for a collection's chain: a §3 fiat currency (minor units by ISO 4217), the chain's
// native coin, or one of its known ERC-20 tokens (USDC where Circle issues it, USDXM on the devnet).
import { fiatCurrencies, fiatMinorUnits, isFiatCurrency, type FiatCurrency } from '@keepsake/chains/currencies';
import { evmStablecoins } from '@keepsake/chains/stablecoins';
import type { Address } from 'viem';
import type { ChainConnection, ChainRuntime } from '../../chains/runtime.ts';
import { tokensOn } from '../../wallets/balances.ts';

export type PriceCurrency =
  | { kind: 'fiat'; code: FiatCurrency; decimals: number }
  | { kind: 'native' | 'token'; code: string; decimals: number; address: Address | undefined; usdStable: boolean };

/** The stablecoins of §3 that are worth one US dollar (weth and the meme tokens are not). */
const usdStablecoins = new Set<string>(evmStablecoins.filter((symbol) => !['weth', 'pirate'].includes(symbol)));

export function isUsdStablecoin(symbol: string): boolean {
  return usdStablecoins.has(symbol);
}

const fiat: PriceCurrency[] = fiatCurrencies.map((code) => ({ kind: 'fiat' as const, code, decimals: fiatMinorUnits[code] }));

/**
 * Each connection's currencies, kept (every order asks, ADR 122): they follow the configuration, and the devnet's
 * stablecoin address, which start-up may set after the connection exists.
 */
const keptCurrencies = new WeakMap<ChainConnection, { stablecoin: string | undefined; currencies: PriceCurrency[] }>();

function keptCurrenciesOf(chains: ChainRuntime, chain: string): readonly PriceCurrency[] {
  const connection = chains.connections.find((c) => c.chain === chain);
  if (!connection) return fiat;
  const kept = keptCurrencies.get(connection);
  if (kept && kept.stablecoin === chains.devnet?.stablecoin) return kept.currencies;
  const tokens = tokensOn(chains, connection).map((token, index) => ({
    kind: index === 0 ? ('native' as const) : ('token' as const),
    code: token.symbol,
    decimals: token.decimals,
    address: token.address,
    usdStable: isUsdStablecoin(token.symbol),
  }));
  const currencies = [...fiat, ...tokens];
  keptCurrencies.set(connection, { stablecoin: chains.devnet?.stablecoin, currencies });
  return currencies;
}

/** The currencies a collection on `chain` may be priced in (fiat first); only fiat when the server lacks the chain. */
export function currenciesFor(chains: ChainRuntime, chain: string): PriceCurrency[] {
  return [...keptCurrenciesOf(chains, chain)];
}

/** `code` as a currency of `chain`, or undefined. */
export function findCurrency(chains: ChainRuntime, chain: string, code: string): PriceCurrency | undefined {
  if (isFiatCurrency(code)) return { kind: 'fiat', code, decimals: fiatMinorUnits[code] };
  return keptCurrenciesOf(chains, chain).find((currency) => currency.code === code);
}

/** The chain's native coin (the default currency of a price), or undefined when the server lacks the chain. */
export function nativeCurrencyOf(chains: ChainRuntime, chain: string): PriceCurrency | undefined {
  return keptCurrenciesOf(chains, chain).find((currency) => currency.kind === 'native');
}
