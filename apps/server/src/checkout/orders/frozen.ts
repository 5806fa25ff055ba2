// What a PATCH may still change once an order's payment has started (issue 22 items 1–2, ADR 135). From the first
// payment attempt on, the order is what the buyer pays for: the recipient the NFTs go to, the payer whose money is
// matched and the line items are frozen, and the quote is history (nothing prices it again). The receipt email may
// change until the receipt is sent; the locale always may.
import type { OrderPaymentColumn, OrderRecipientColumn } from '@keepsake/db/schema';
import { OrderFrozenError } from './errors.ts';
import type { OrderRow } from './store.ts';

/**
 * True once payment has started: a card being confirmed or awaiting its step (`in-progress`), a crypto payment that
 * arrived short of the total (`in-progress`), or the order paid (`completed`, settled). A declined card (`failed`)
 * moved no money and leaves the order open.
 */
export function paymentStarted(row: Pick<OrderRow, 'paymentStatus' | 'settledPhase'>): boolean {
  return row.settledPhase !== null || row.paymentStatus === 'in-progress' || row.paymentStatus === 'completed';
}

const sameRecipient = (a: OrderRecipientColumn | null, b: OrderRecipientColumn | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Refuses a change to what a started order froze.
 * @throws OrderFrozenError
 */
export function assertFrozenFieldsKept(
  row: Pick<OrderRow, 'paymentStatus' | 'settledPhase' | 'recipient' | 'payment' | 'receiptStatus'>,
  next: { recipient: OrderRecipientColumn | null; payment: OrderPaymentColumn },
): void {
  if (row.receiptStatus === 'sent' && next.payment.receiptEmail !== row.payment.receiptEmail) {
    throw new OrderFrozenError('The receipt for this order was sent already: its receipt email cannot change.');
  }
  if (!paymentStarted(row)) return;
  const state = row.settledPhase ? 'is paid' : 'has a payment under way';
  if (!sameRecipient(next.recipient, row.recipient)) {
    throw new OrderFrozenError(`This order ${state}: its recipient cannot change. Create a new order for another recipient.`);
  }
  if (next.payment.payerAddress !== row.payment.payerAddress) {
    throw new OrderFrozenError(`This order ${state}: its payer address cannot change.`);
  }
}
