// Pricing an order (issue 14 items 3, 12): each line at its collection's price converted to the payment currency,
// then the fees: the plan's percentage tier (0, 1 or 3 %) of the subtotal, plus 0.5 USD per crypto order (§9).
// `feesPayer` decides who bears them: `buyer` pays them on top; `seller` and `buyer-subtract` keep the buyer's total
// at the price and take them out of the seller's net (ADR 100). Integers throughout.
import type { OrderLineItemColumn, OrderQuoteColumn } from '@keepsake/db/schema';
import type { PaymentSettings } from '../../collections/payments.ts';
import type { PriceCurrency } from '../pricing/currencies.ts';
import { divideRoundingUp } from '../pricing/money.ts';
import type { PriceService, RatesSnapshot } from '../pricing/prices.ts';

/** §9: the flat checkout fee of a crypto order, in US cents. */
export const cryptoFlatFeeUsdCents = 50n;
const usd: PriceCurrency = { kind: 'fiat', code: 'usd', decimals: 2 };

export type PricedLine = {
  settings: PaymentSettings;
  settingsCurrency: PriceCurrency;
  quantity: number;
  line: Omit<OrderLineItemColumn, 'unitUnits' | 'totalUnits'>;
};

export function priceOrder(
  prices: PriceService,
  snapshot: RatesSnapshot,
  params: { lines: PricedLine[]; currency: PriceCurrency; crypto: boolean; feePercent: number },
): { lineItems: OrderLineItemColumn[]; quote: OrderQuoteColumn } {
  const lineItems = params.lines.map(({ settings, settingsCurrency, quantity, line }) => {
    const unit = prices.convert(snapshot.rates, settings.priceUnits, settingsCurrency, params.currency);
    return { ...line, unitUnits: unit.toString(), totalUnits: (unit * BigInt(quantity)).toString() };
  });
  const subtotal = lineItems.reduce((sum, item) => sum + BigInt(item.totalUnits), 0n);
  const percentFee = divideRoundingUp(subtotal * BigInt(params.feePercent), 100n);
  const flatFee = params.crypto ? prices.convert(snapshot.rates, cryptoFlatFeeUsdCents, usd, params.currency) : 0n;
  const fees = percentFee + flatFee;
  const feesPayer = params.lines[0]?.settings.feesPayer ?? 'buyer';
  const buyerPaysOnTop = feesPayer === 'buyer';
  const total = buyerPaysOnTop ? subtotal + fees : subtotal;
  const sellerNet = buyerPaysOnTop ? subtotal : subtotal - fees;
  return {
    lineItems,
    quote: {
      currency: params.currency.code,
      decimals: params.currency.decimals,
      subtotalUnits: subtotal.toString(),
      feeUnits: fees.toString(),
      totalUnits: total.toString(),
      sellerNetUnits: (sellerNet < 0n ? 0n : sellerNet).toString(),
      feesPayer,
      feePercent: params.feePercent,
      rates: { source: snapshot.source, dev: snapshot.dev },
    },
  };
}
