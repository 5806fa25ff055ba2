// The order object (issue 14 items 4–5): phases and statuses derived from what is stored and the clock.
import type { OrderLineItemColumn } from '@keepsake/db/schema';
import type { OrderResponse } from '@keepsake/wire/developer/orders';
import { fromUnits } from '../pricing/money.ts';
import type { OrderRow } from './store.ts';

function quoteStatus(row: OrderRow, now: Date): OrderResponse['quote']['status'] {
  if (row.lineItems.some((item) => item.unavailable)) return 'item-unavailable';
  if (!row.recipient) return 'requires-recipient';
  return row.quoteExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

function paymentStatus(row: OrderRow, quoteValid: boolean, crypto: boolean): OrderResponse['payment']['status'] {
  if (!quoteValid) return 'requires-quote';
  if (crypto && !row.payment.payerAddress) return 'requires-crypto-payer-address';
  if (!crypto && !row.payment.receiptEmail && !(row.recipient && 'email' in row.recipient)) return 'requires-email';
  return 'awaiting-payment';
}

function deliveryRecipient(row: OrderRow, item: OrderLineItemColumn) {
  if (!row.recipient) return undefined;
  if ('email' in row.recipient) return { locator: `email:${row.recipient.email}:${item.chain}`, email: row.recipient.email };
  return { locator: `${item.chain}:${row.recipient.walletAddress}`, walletAddress: row.recipient.walletAddress };
}

export function presentOrder(row: OrderRow, now: Date, crypto: boolean): OrderResponse {
  const status = quoteStatus(row, now);
  const { currency, decimals } = row.quote;
  const money = (units: string) => ({ amount: fromUnits(BigInt(units), decimals), currency });
  return {
    orderId: row.id,
    phase: status === 'valid' ? 'payment' : 'quote',
    locale: row.locale,
    lineItems: row.lineItems.map((item) => ({
      chain: item.chain,
      quantity: item.quantity,
      callData: { quantity: item.quantity, ...(item.totalPrice ? { totalPrice: item.totalPrice } : {}) },
      metadata: item.metadata,
      quote: {
        status: item.unavailable ? 'item-unavailable' : status,
        charges: { unit: money(item.unitUnits) },
        totalPrice: money(item.totalUnits),
      },
      delivery: { status: 'awaiting-payment', ...(deliveryRecipient(row, item) ? { recipient: deliveryRecipient(row, item) } : {}), tokens: [] },
    })),
    quote: {
      status,
      quotedAt: row.quotedAt.toISOString(),
      expiresAt: row.quoteExpiresAt.toISOString(),
      totalPrice: money(row.quote.totalUnits),
      charges: { subtotal: money(row.quote.subtotalUnits), fees: money(row.quote.feeUnits), feesPayer: row.quote.feesPayer },
      devRates: row.quote.rates.dev,
    },
    payment: {
      status: paymentStatus(row, status === 'valid', crypto),
      method: row.payment.method,
      currency: row.payment.currency,
      ...(row.payment.payerAddress ? { payerAddress: row.payment.payerAddress } : {}),
      ...(row.payment.receiptEmail ? { receiptEmail: row.payment.receiptEmail } : {}),
    },
  };
}
