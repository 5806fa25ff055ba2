// The order object (issue 14 items 4–5): phases and statuses derived from what is stored and the clock. Before
// payment they follow the quote; once paid (ADR 105) the order is in `delivery` until every line reached a final
// state, then `completed`, each line's delivery saying which.
import type { OrderLineItemColumn, orderPayments } from '@keepsake/db/schema';
import type { OrderResponse } from '@keepsake/wire/developer/orders';
import { fromUnits } from '../pricing/money.ts';
import type { OrderRow } from './store.ts';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/** What the order object shows besides the row: its recorded payments, and the card form's needs when asked. */
export type OrderExtras = {
  payments: OrderPaymentRow[];
  /** True when the order's method moves no real money (the test card processor, Stripe test mode, a local chain). */
  testMethod: boolean;
  preparation?: Record<string, unknown> | undefined;
};

/**
 * What counts toward the order's total: its payments in the quote's currency that are not being given back
 * (settlement sums the same; a late payment refunded does not count, ADR 135).
 */
export function countedUnits(row: Pick<OrderRow, 'quote'>, payments: Array<Pick<OrderPaymentRow, 'currency' | 'status' | 'amountUnits'>>): bigint {
  return payments.filter((p) => p.currency === row.quote.currency && p.status === 'succeeded').reduce((sum, p) => sum + BigInt(p.amountUnits), 0n);
}

function quoteStatus(row: OrderRow, now: Date): OrderResponse['quote']['status'] {
  if (row.lineItems.some((item) => item.unavailable)) return 'item-unavailable';
  if (!row.recipient) return 'requires-recipient';
  return row.quoteExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

function paymentStatus(row: OrderRow, quoteValid: boolean, crypto: boolean): OrderResponse['payment']['status'] {
  if (row.settledPhase) return 'completed';
  if (!quoteValid) return 'requires-quote';
  if (crypto && !row.payment.payerAddress) return 'requires-crypto-payer-address';
  if (!crypto && !row.payment.receiptEmail && !(row.recipient && 'email' in row.recipient)) return 'requires-email';
  return row.paymentStatus ?? 'awaiting-payment';
}

export function deliveryRecipient(row: Pick<OrderRow, 'recipient'>, item: Pick<OrderLineItemColumn, 'chain'>) {
  if (!row.recipient) return undefined;
  if ('email' in row.recipient) return { locator: `email:${row.recipient.email}:${item.chain}`, email: row.recipient.email };
  return { locator: `${item.chain}:${row.recipient.walletAddress}`, walletAddress: row.recipient.walletAddress };
}

function lineDelivery(row: OrderRow, item: OrderLineItemColumn, index: number): OrderResponse['lineItems'][number]['delivery'] {
  const recipient = deliveryRecipient(row, item);
  const delivery = row.deliveries?.[index];
  return {
    status: delivery?.status ?? 'awaiting-payment',
    ...(recipient ? { recipient } : {}),
    tokens: (delivery?.tokens ?? []).map((token) => ({ locator: `${item.chain}:${token.contractAddress}:${token.tokenId}`, ...token })),
    ...(delivery?.txId ? { txId: delivery.txId } : {}),
  };
}

export function presentOrder(row: OrderRow, now: Date, crypto: boolean, extras: OrderExtras = { payments: [], testMethod: false }): OrderResponse {
  const status = quoteStatus(row, now);
  const { currency, decimals } = row.quote;
  const money = (units: string | bigint) => ({ amount: fromUnits(BigInt(units), decimals), currency });
  const ours = extras.payments.filter((p) => p.currency === currency);
  const received = ours.reduce((sum, p) => sum + BigInt(p.amountUnits), 0n);
  const refunded = ours.reduce((sum, p) => sum + BigInt(p.refund?.amountUnits ?? 0), 0n);
  const card = extras.payments.find((p) => p.card)?.card;
  const paymentStatusNow = paymentStatus(row, status === 'valid', crypto);
  return {
    orderId: row.id,
    phase: row.settledPhase ?? (status === 'valid' ? 'payment' : 'quote'),
    locale: row.locale,
    lineItems: row.lineItems.map((item, index) => ({
      chain: item.chain,
      quantity: item.quantity,
      callData: { quantity: item.quantity, ...(item.totalPrice ? { totalPrice: item.totalPrice } : {}) },
      metadata: item.metadata,
      quote: {
        status: item.unavailable ? 'item-unavailable' : status,
        charges: { unit: money(item.unitUnits) },
        totalPrice: money(item.totalUnits),
      },
      delivery: lineDelivery(row, item, index),
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
      status: paymentStatusNow,
      method: row.payment.method,
      currency: row.payment.currency,
      test: extras.payments.length > 0 ? extras.payments.some((p) => p.test) : extras.testMethod,
      ...(row.payment.payerAddress ? { payerAddress: row.payment.payerAddress } : {}),
      ...(row.payment.receiptEmail ? { receiptEmail: row.payment.receiptEmail } : {}),
      ...(extras.preparation ? { preparation: extras.preparation } : {}),
      ...(paymentStatusNow === 'failed' && row.paymentFailure ? { failure: row.paymentFailure } : {}),
      ...(card ? { card } : {}),
      ...(ours.length > 0 ? { received: money(received) } : {}),
      ...(refunded > 0n ? { refunded: money(refunded) } : {}),
    },
  };
}
