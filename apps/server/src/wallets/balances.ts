// Wallet balances read from the chains (ADR 038): the native currency and the chain's known ERC-20s (Circle's
// USDC where it is issued, the devnet's test stablecoin USDXM), in base units as decimal strings beside the
// token's decimals. Grouped by token across chains, in the shape of the established wallets API.
import { getTokenBalance } from '@keepsake/chains/actions/get-token-balance';
import { devnetStablecoinToken, knownTokens, type KnownToken } from '@keepsake/chains/tokens';
import { formatUnits, type Address } from 'viem';
import type { ChainConnection, ChainRuntime } from '../chains/runtime.ts';
import { ChainUnavailableError } from '../chains/errors.ts';
import { InvalidInputError } from '../platform/domain-errors.ts';

/** A token symbol is known on none of the chains asked about. */
export class UnknownTokenError extends InvalidInputError {}
import { addressLocator } from './locators.ts';

export type ChainBalance = { locator: string; contractAddress?: string; amount: string; rawAmount: string };

export type TokenBalance = {
  /** Lower case: `eth`, `pol`, `usdc`, `usdxm`. */
  symbol: string;
  name: string;
  decimals: number;
  /** `rawAmount` divided by 10^decimals, as a decimal string (never a float). */
  amount: string;
  /** Base units, as a decimal string. */
  rawAmount: string;
  chains: Record<string, ChainBalance>;
};

type ChainToken = Omit<KnownToken, 'address'> & { address: Address | undefined };

/** What a chain's balance lists: the native currency first, then its known ERC-20s. */
export function tokensOn(chains: ChainRuntime, connection: ChainConnection): ChainToken[] {
  const native = connection.definition.chain.nativeCurrency;
  const tokens: ChainToken[] = [{ symbol: native.symbol.toLowerCase(), name: native.name, decimals: native.decimals, address: undefined }];
  tokens.push(...(knownTokens[connection.chain] ?? []));
  if (connection.chain === 'devnet' && chains.devnet) tokens.push(devnetStablecoinToken(chains.devnet.stablecoin));
  return tokens;
}

const RPC_TIMEOUT_MS = 5_000;

async function withinTimeout<T>(chain: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), RPC_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    throw new ChainUnavailableError(`The RPC endpoint of "${chain}" did not answer; try again shortly.`, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The balances of `address` on `connections`, optionally only of the `symbols` asked for.
 *
 * @throws UnknownTokenError when a symbol is known on none of the chains; ChainUnavailableError (503) when a chain does not answer.
 */
export async function readBalances(
  chains: ChainRuntime,
  connections: ChainConnection[],
  address: Address,
  symbols: string[] | undefined,
): Promise<TokenBalance[]> {
  const perChain = connections.map((connection) => ({ connection, tokens: tokensOn(chains, connection) }));
  if (symbols) {
    const known = new Set(perChain.flatMap((c) => c.tokens.map((t) => t.symbol)));
    const unknown = symbols.filter((s) => !known.has(s));
    if (unknown.length > 0) {
      const names = connections.map((c) => c.chain).join(', ') || 'no chain';
      throw new UnknownTokenError(`Unknown token ${unknown.map((s) => `"${s}"`).join(', ')} on ${names}. Known: ${[...known].join(', ') || 'none'}.`);
    }
    for (const entry of perChain) entry.tokens = entry.tokens.filter((t) => symbols.includes(t.symbol));
  }

  const read = await Promise.all(
    perChain.map(({ connection, tokens }) =>
      withinTimeout(
        connection.chain,
        Promise.all(tokens.map(async (token) => ({ token, raw: await getTokenBalance(connection.client, { owner: address, token: token.address }) }))),
      ).then((balances) => balances.map((b) => ({ ...b, chain: connection.chain }))),
    ),
  );

  const grouped = new Map<string, TokenBalance & { total: bigint }>();
  for (const { token, raw, chain } of read.flat()) {
    const key = `${token.symbol}:${token.decimals}`;
    let entry = grouped.get(key);
    if (!entry) {
      entry = { symbol: token.symbol, name: token.name, decimals: token.decimals, amount: '0', rawAmount: '0', chains: {}, total: 0n };
      grouped.set(key, entry);
    }
    entry.total += raw;
    entry.chains[chain] = {
      locator: addressLocator(chain, address),
      ...(token.address ? { contractAddress: token.address } : {}),
      amount: formatUnits(raw, token.decimals),
      rawAmount: raw.toString(),
    };
  }
  return [...grouped.values()].map(({ total, ...entry }) => ({ ...entry, amount: formatUnits(total, entry.decimals), rawAmount: total.toString() }));
}
