import { describe, expect, it } from 'vitest';
import type { Order } from '../types/checkout';
import { progressOf, quoteTimeLeft, shouldPoll } from './progress';

function order(overrides: {
  phase: Order['phase'];
  quote?: Partial<Order['quote']>;
  payment?: Partial<Order['payment']>;
  delivery?: Order['lineItems'][number]['delivery']['status'][];
}): Order {
  const money = { amount: '10', currency: 'usd' };
  return {
    orderId: 'o',
    phase: overrides.phase,
    locale: 'en-US',
    lineItems: (overrides.delivery ?? ['awaiting-payment']).map((status) => ({
      chain: 'devnet',
      quantity: 1,
      callData: { quantity: 1 },
      metadata: { name: 'N', description: '', collection: { name: 'N' } },
      quote: { status: 'valid', charges: { unit: money }, totalPrice: money },
      delivery: { status, tokens: [] },
    })),
    quote: {
      status: 'valid',
      quotedAt: '2026-11-26T06:00:00.000Z',
      expiresAt: '2026-11-26T06:10:00.000Z',
      totalPrice: money,
      charges: { subtotal: money, fees: money, feesPayer: 'buyer' },
      devRates: true,
      ...overrides.quote,
    },
    payment: { status: 'awaiting-payment', method: 'card', currency: 'usd', test: true, ...overrides.payment },
  };
}

describe('progressOf', () => {
  it('maps phases and statuses to the steps quote → payment → delivery → completed', () => {
    expect(progressOf(order({ phase: 'quote', quote: { status: 'requires-recipient' } }))).toEqual({ step: 0, state: 'needs-quote' });
    expect(progressOf(order({ phase: 'quote', quote: { status: 'expired' } }))).toEqual({ step: 0, state: 'expired' });
    expect(progressOf(order({ phase: 'quote', quote: { status: 'item-unavailable' } }))).toEqual({ step: 0, state: 'unavailable' });
    expect(progressOf(order({ phase: 'payment' }))).toEqual({ step: 1, state: 'awaiting-payment' });
    expect(progressOf(order({ phase: 'payment', payment: { status: 'failed' } }))).toEqual({ step: 1, state: 'payment-failed' });
    expect(progressOf(order({ phase: 'payment', payment: { status: 'in-progress' } }))).toEqual({ step: 1, state: 'confirming' });
    expect(progressOf(order({ phase: 'delivery', delivery: ['in-progress'] }))).toEqual({ step: 2, state: 'delivering' });
    expect(progressOf(order({ phase: 'completed', delivery: ['completed'] }))).toEqual({ step: 3, state: 'delivered' });
    expect(progressOf(order({ phase: 'completed', delivery: ['completed', 'failed'] }))).toEqual({ step: 3, state: 'delivery-failed' });
  });

  it("shows a payable quote as expired once the page's timer ran out", () => {
    expect(progressOf(order({ phase: 'payment' }), true)).toEqual({ step: 0, state: 'expired' });
    expect(progressOf(order({ phase: 'delivery' }), true).state).toBe('delivering');
  });

  it('stops polling on outcomes that wait for the buyer or are final', () => {
    expect(shouldPoll({ step: 1, state: 'awaiting-payment' })).toBe(true);
    expect(shouldPoll({ step: 2, state: 'delivering' })).toBe(true);
    expect(shouldPoll({ step: 3, state: 'delivered' })).toBe(false);
    expect(shouldPoll({ step: 0, state: 'expired' })).toBe(false);
  });
});

describe('quoteTimeLeft', () => {
  it("counts the quote's lifetime from when the page saw it, whatever the page's clock says", () => {
    const seen = 1_000_000;
    expect(quoteTimeLeft(order({ phase: 'payment' }), seen, seen + 60_000)).toBe(540_000);
    expect(quoteTimeLeft(order({ phase: 'payment' }), seen, seen + 11 * 60_000)).toBeLessThan(0);
  });
});
