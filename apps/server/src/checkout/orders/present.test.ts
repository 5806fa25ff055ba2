// The order object's phases and statuses after payment (issue 14 item 5, ADR 105): a paid order stays in delivery
// and then completed whatever its quote's expiry, each line's delivery says how it ended, and test money is marked.
import { describe, expect, it } from 'vitest';
import { presentOrder, type OrderPaymentRow } from './present.ts';
import { unsettled, type OrderRow } from './store.ts';

const now = new Date('2026-11-26T10:00:00Z');
const row = (patch: Partial<OrderRow> = {}): OrderRow => ({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  projectId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  clientSecretHash: 'x',
  locale: 'en-US',
  recipient: { email: 'ada@example.com' },
  payment: { method: 'card', currency: 'usd' },
  lineItems: [
    {
      collectionId: 'c',
      collectionLocator: 'keepsake:c',
      chain: 'devnet',
      quantity: 1,
      unitUnits: '1000',
      totalUnits: '1000',
      metadata: { name: 'Ticket', description: '', collection: { name: 'Tickets' } },
    },
  ],
  quote: {
    currency: 'usd',
    decimals: 2,
    subtotalUnits: '1000',
    feeUnits: '0',
    totalUnits: '1000',
    sellerNetUnits: '1000',
    feesPayer: 'buyer',
    feePercent: 0,
    rates: { source: 'embedded', dev: true },
  },
  quotedAt: new Date('2026-11-26T09:59:00Z'),
  quoteExpiresAt: new Date('2026-11-26T10:09:00Z'),
  requestHash: 'h',
  ...unsettled,
  createdAt: now,
  updatedAt: now,
  ...patch,
});
const payment = (patch: Partial<OrderPaymentRow> = {}): OrderPaymentRow => ({
  id: 'p',
  orderId: 'o',
  projectId: 'x',
  method: 'card',
  currency: 'usd',
  decimals: 2,
  amountUnits: '1000',
  reference: 'test_pi_1',
  payer: null,
  card: { brand: 'visa', last4: '4242' },
  test: true,
  status: 'succeeded',
  refund: null,
  refundDue: null,
  receivedAt: now,
  createdAt: now,
  ...patch,
});

describe('presentOrder after payment', () => {
  it('shows a failed attempt with its reason while the order still awaits payment', () => {
    const order = presentOrder(row({ paymentStatus: 'failed', paymentFailure: { code: 'card_declined', message: 'Your card was declined.' } }), now, false);
    expect(order).toMatchObject({ phase: 'payment', payment: { status: 'failed', test: false, failure: { code: 'card_declined' } } });
  });

  it('keeps a paid order in delivery after its quote expired, with what was received and the test mark', () => {
    const paid = row({
      settledPhase: 'delivery',
      paymentStatus: 'completed',
      quoteExpiresAt: new Date('2026-11-26T09:00:00Z'),
      deliveries: [{ status: 'in-progress', nftIds: ['n'], tokens: [] }],
    });
    expect(presentOrder(paid, now, false, { payments: [payment()], testMethod: false })).toMatchObject({
      phase: 'delivery',
      payment: { status: 'completed', test: true, card: { brand: 'visa', last4: '4242' }, received: { amount: '10', currency: 'usd' } },
      lineItems: [{ delivery: { status: 'in-progress', tokens: [] } }],
    });
  });

  it("ends completed with each line's outcome, its tokens, and what was refunded", () => {
    const done = row({
      settledPhase: 'completed',
      lineItems: [...row().lineItems, { ...row().lineItems[0]!, collectionLocator: 'keepsake:d' }],
      deliveries: [
        { status: 'completed', nftIds: ['a'], tokens: [{ contractAddress: '0xabc', tokenId: '7' }], txId: '0xtx' },
        { status: 'failed', nftIds: ['b'], tokens: [], error: 'The collection has reached its supply limit.' },
      ],
    });
    const refunded = payment({ status: 'refunded', refund: { reference: 'test_re_1', amountUnits: '1000', refundedAt: now.toISOString(), reason: 'x' } });
    const order = presentOrder(done, now, false, { payments: [refunded], testMethod: true });
    expect(order.phase).toBe('completed');
    expect(order.lineItems.map((item) => item.delivery)).toEqual([
      {
        status: 'completed',
        recipient: { locator: 'email:ada@example.com:devnet', email: 'ada@example.com' },
        tokens: [{ locator: 'devnet:0xabc:7', contractAddress: '0xabc', tokenId: '7' }],
        txId: '0xtx',
      },
      { status: 'failed', recipient: { locator: 'email:ada@example.com:devnet', email: 'ada@example.com' }, tokens: [] },
    ]);
    expect(order.payment).toMatchObject({ received: { amount: '10' }, refunded: { amount: '10', currency: 'usd' } });
  });
});
