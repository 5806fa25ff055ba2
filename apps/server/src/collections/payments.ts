// A collection's payment settings (issue 14 item 1): from the API's decimal strings to integer units of the price's
// currency, checked against the collection's chain, and back. Rows from before issue 14 (`{price, recipientAddress}`,
// a price in the native coin) read as that price in the native coin with the defaults.
import { isEvmChain } from '@keepsake/chains/blockchains';
import { getEvmChainDefinition } from '@keepsake/chains/registry';
import type { CollectionPaymentsColumn } from '@keepsake/db/schema';
import { maxQuantityPerOrder, type PaymentsPatch, type PaymentsResponse } from '@keepsake/wire/developer/collection-payments';
import { getAddress } from 'viem';
import type { ChainRuntime } from '../chains/runtime.ts';
import { currenciesFor, findCurrency } from '../checkout/pricing/currencies.ts';
import { fromUnits, toUnits } from '../checkout/pricing/money.ts';
import { InvalidCollectionChangeError } from './errors.ts';

/** The settings in full, with integer units: what checkout reads. */
export type PaymentSettings = Omit<PaymentsResponse, 'price'> & { priceUnits: bigint; decimals: number };

const nativeDecimals = 18;

/** The stored settings in full (defaults filled in, legacy rows read as native-coin prices), or null. */
export function readPayments(column: CollectionPaymentsColumn | null, chain: string): PaymentSettings | null {
  if (!column) return null;
  const legacy = column.priceUnits === undefined;
  const decimals = legacy ? nativeDecimals : (column.decimals ?? nativeDecimals);
  return {
    priceUnits: legacy ? (toUnits(column.price ?? '0', nativeDecimals) ?? 0n) : BigInt(column.priceUnits!),
    decimals,
    currency: column.currency ?? nativeSymbolOf(chain),
    recipientAddress: column.recipientAddress,
    feesPayer: column.feesPayer ?? 'buyer',
    enabled: column.enabled ?? true,
    hostedPage: column.hostedPage ?? false,
    allowDirectTemplateMinting: column.allowDirectTemplateMinting ?? false,
    quantityLimit: column.quantityLimit ?? maxQuantityPerOrder,
  };
}

/** The settings as the API answers them: the price as a decimal string of its currency. */
export function presentPayments(settings: PaymentSettings | null): PaymentsResponse | null {
  if (!settings) return null;
  const { priceUnits, decimals, ...rest } = settings;
  return { price: fromUnits(priceUnits, decimals), ...rest };
}

/** The chain's native coin symbol, lower case (`eth`, `pol`), from the chain registry. */
export function nativeSymbolOf(chain: string): string {
  return isEvmChain(chain) ? getEvmChainDefinition(chain).chain.nativeCurrency.symbol.toLowerCase() : 'eth';
}

/**
 * Merges `patch` over `current` (a PATCH; a create passes null) and checks it against the chain: the currency must be
 * fiat or a token of the chain, and the price must not have more decimals than the currency.
 * @throws InvalidCollectionChangeError
 */
export function mergePayments(chains: ChainRuntime, chain: string, current: PaymentSettings | null, patch: PaymentsPatch): CollectionPaymentsColumn {
  const price = patch.price ?? (current ? fromUnits(current.priceUnits, current.decimals) : undefined);
  const recipientAddress = patch.recipientAddress ?? current?.recipientAddress;
  if (price === undefined || recipientAddress === undefined) {
    throw new InvalidCollectionChangeError('Setting up payments needs a price and a recipientAddress.');
  }
  const code = patch.currency ?? current?.currency ?? nativeSymbolOf(chain);
  const currency = findCurrency(chains, chain, code);
  if (!currency) {
    const known = currenciesFor(chains, chain).map((c) => c.code);
    throw new InvalidCollectionChangeError(`currency "${code}" is not a fiat currency or a token of the ${chain} chain. Use one of: ${known.join(', ')}.`);
  }
  const priceUnits = toUnits(price, currency.decimals);
  if (priceUnits === undefined) {
    throw new InvalidCollectionChangeError(`price ${price} has more decimals than ${code} allows (${currency.decimals}).`);
  }
  return {
    priceUnits: priceUnits.toString(),
    currency: code,
    decimals: currency.decimals,
    recipientAddress: getAddress(recipientAddress),
    feesPayer: patch.feesPayer ?? current?.feesPayer ?? 'buyer',
    enabled: patch.enabled ?? current?.enabled ?? true,
    hostedPage: patch.hostedPage ?? current?.hostedPage ?? false,
    allowDirectTemplateMinting: patch.allowDirectTemplateMinting ?? current?.allowDirectTemplateMinting ?? false,
    quantityLimit: patch.quantityLimit ?? current?.quantityLimit ?? maxQuantityPerOrder,
  };
}
