// The order's progress as the page shows it (issue 14 item 5): quote → payment → delivery → completed, with what
// the buyer must do or wait for, read from the order's phase and statuses.
import type { Order } from '../types/checkout';

export const checkoutSteps = ['quote', 'payment', 'delivery', 'completed'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

export type Progress = {
  /** The step the order is at (index into checkoutSteps). */
  step: number;
  /** What the page shows. */
  state: 'needs-quote' | 'expired' | 'unavailable' | 'awaiting-payment' | 'confirming' | 'payment-failed' | 'delivering' | 'delivered' | 'delivery-failed';
};

/**
 * Where the order stands. `expiredLocally`: the page's own timer ran out before the server said so (the server
 * still rules: paying an expired quote is refused).
 */
export function progressOf(order: Order, expiredLocally = false): Progress {
  if (order.phase === 'completed') {
    const failed = order.lineItems.some((item) => item.delivery.status === 'failed');
    return { step: 3, state: failed ? 'delivery-failed' : 'delivered' };
  }
  if (order.phase === 'delivery') return { step: 2, state: 'delivering' };
  if (order.phase === 'quote') {
    if (order.quote.status === 'expired') return { step: 0, state: 'expired' };
    if (order.quote.status === 'item-unavailable') return { step: 0, state: 'unavailable' };
    return { step: 0, state: 'needs-quote' };
  }
  if (expiredLocally) return { step: 0, state: 'expired' };
  if (order.payment.status === 'failed') return { step: 1, state: 'payment-failed' };
  if (order.payment.status === 'in-progress') return { step: 1, state: 'confirming' };
  return { step: 1, state: 'awaiting-payment' };
}

/** Whether the page should keep reading the order: until it is completed, or it waits on the buyer's quote. */
export function shouldPoll(progress: Progress): boolean {
  return !['delivered', 'delivery-failed', 'expired', 'unavailable'].includes(progress.state);
}

/** Milliseconds left on the quote, by the page's clock from when it first saw this quote (a skewed clock cannot expire it early). */
export function quoteTimeLeft(order: Order, firstSeenAt: number, now: number): number {
  const lifetime = Date.parse(order.quote.expiresAt) - Date.parse(order.quote.quotedAt);
  return lifetime - (now - firstSeenAt);
}
