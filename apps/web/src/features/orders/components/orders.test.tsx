import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseOption, mockFetch, renderWithProviders } from '../../../testing/render';
import type { OrderDetail, OrderSummary } from '../types/order';
import { OrderDetailView } from './order-detail';
import { OrderStats } from './order-stats';
import { OrdersList } from './orders-list';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const wallet = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const id = (n: number) => `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`;

function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: id(n),
    createdAt: '2026-11-22T10:00:00Z',
    phase: 'completed',
    paymentStatus: 'succeeded',
    test: false,
    recipient: wallet,
    collections: [{ id: 'c1', name: 'Gold' }],
    quantity: 2,
    total: { amount: '20.5', currency: 'usdxm' },
    received: { amount: '20.5', currency: 'usdxm' },
    ...overrides,
  };
}

const page = (orders: OrderSummary[], total = orders.length) => ({ body: { orders, page: 1, perPage: 20, total } });

describe('OrdersList', () => {
  it('lists orders with phase, payment, test money and total, each linking to its page', async () => {
    mockFetch({
      'GET /api/console/orders': page([
        summary(1),
        summary(2, { test: true, paymentStatus: 'refunded', phase: 'delivery' }),
        summary(3, { paymentStatus: 'partial', phase: 'payment', received: { amount: '4', currency: 'usdxm' } }),
      ]),
    });
    renderWithProviders(<OrdersList scope={{ projectId: 'p1' }} detailPath={(orderId) => `/console/orders/${orderId}`} />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Open order 00000001' })).toHaveAttribute('href', `/console/orders/${id(1)}`);
    expect(rows[0]).toHaveTextContent('Completed');
    expect(rows[0]).toHaveTextContent('20.5 USDXM');
    expect(rows[0]).not.toHaveTextContent('Test money');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Test money');
    // Underpayments short of the total (ADR 110): partly paid, still awaiting payment.
    expect(rows[2]).toHaveTextContent('Partly paid');
    expect(rows[2]).toHaveTextContent('Awaiting payment');
    expect(screen.getByText('3 in all')).toBeInTheDocument();
  });

  it('sends the search and filters to the server, and the CSV export carries them', async () => {
    const calls = mockFetch({ 'GET /api/console/collections/c1/orders': (_init, url) => page(url.searchParams.has('q') ? [] : [summary(1)]) });
    renderWithProviders(<OrdersList scope={{ collectionId: 'c1' }} detailPath={(orderId) => `/x/${orderId}`} />);
    await screen.findByRole('table', { name: 'Orders' });
    await chooseOption(screen.getByRole('combobox', { name: 'Money' }), 'Test money');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    const last = calls.at(-1)!.url.searchParams;
    expect(Object.fromEntries(last)).toEqual({ money: 'test', q: 'ada@example.com', page: '1', perPage: '20' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/console/collections/c1/orders/export?money=test&q=ada%40example.com',
    );
  });

  it('says when there are no orders yet, and shows a failure', async () => {
    mockFetch({ 'GET /api/console/orders': page([]) });
    const { unmount } = renderWithProviders(<OrdersList scope={{ projectId: 'p1' }} detailPath={(o) => o} />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/console/orders': { status: 404, body: { status_code: 404, error_type: 'not_found', error_message: 'Project not found.' } } });
    renderWithProviders(<OrdersList scope={{ projectId: 'p1' }} detailPath={(o) => o} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[404] Project not found.');
  });
});

function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...summary(1, { test: true, paymentStatus: 'refunded' }),
    projectId: 'p1',
    locale: 'en-US',
    recipient: { walletAddress: wallet },
    payment: { method: 'devnet', currency: 'usdxm', payerAddress: wallet, receiptEmail: null },
    lineItems: [
      {
        collectionId: 'c1',
        collectionName: 'Gold',
        name: 'Gold Ticket',
        templateId: null,
        chain: 'devnet',
        quantity: 2,
        unitPrice: { amount: '10', currency: 'usdxm' },
        totalPrice: { amount: '20', currency: 'usdxm' },
      },
    ],
    totals: {
      subtotal: { amount: '20', currency: 'usdxm' },
      fees: { amount: '1.1', currency: 'usdxm' },
      total: { amount: '21.1', currency: 'usdxm' },
      sellerNet: { amount: '20', currency: 'usdxm' },
      feesPayer: 'buyer',
      feePercent: 3,
      devRates: true,
    },
    payments: [
      {
        id: 'pay1',
        method: 'devnet',
        amount: { amount: '21.1', currency: 'usdxm' },
        reference: '0xabc:0',
        payer: wallet,
        card: null,
        test: true,
        status: 'refunded',
        receivedAt: '2026-11-22T10:01:00Z',
        refund: { reference: '0xrefund', amount: '21.1', refundedAt: '2026-11-22T10:02:00Z', reason: 'delivery failed' },
      },
    ],
    timeline: [
      { type: 'orders.quote.created', at: '2026-11-22T10:00:00Z', data: {} },
      { type: 'orders.payment.succeeded', at: '2026-11-22T10:01:00Z', data: {} },
      { type: 'orders.delivery.failed', at: '2026-11-22T10:02:00Z', data: {} },
    ],
    ...overrides,
  };
}

describe('OrderDetailView', () => {
  it('shows the items, fees, net, the refund, the test money and the timeline in order', () => {
    renderWithProviders(<OrderDetailView order={detail()} />);
    const money = screen.getByRole('region', { name: 'Money' });
    const terms = within(money)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Subtotal=20 USDXM', 'Fees=1.1 USDXM · 3 % tier plus any crypto fee, paid by the buyer', 'Total=21.1 USDXM', 'Seller net=20 USDXM']);
    const payments = screen.getByRole('region', { name: 'Payments and refunds' });
    expect(payments).toHaveTextContent('Test money');
    expect(payments).toHaveTextContent('21.1 USDXM · delivery failed');
    expect(within(screen.getByRole('table', { name: 'Items of the order' })).getByText('Gold Ticket')).toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.querySelector('.font-mono')?.textContent)).toEqual([
      'orders.quote.created',
      'orders.payment.succeeded',
      'orders.delivery.failed',
    ]);
    expect(screen.getByText('Dev rates')).toBeInTheDocument();
  });

  it('says when no money has arrived', () => {
    renderWithProviders(<OrderDetailView order={detail({ payments: [], paymentStatus: 'unpaid', test: false })} />);
    expect(screen.getByText('No money received yet.')).toBeInTheDocument();
    expect(screen.queryByText('Test money')).not.toBeInTheDocument();
  });
});

describe('OrderStats', () => {
  it('shows the counts and the money per currency, test money on its own line', async () => {
    mockFetch({
      'GET /api/console/collections/c1/orders/stats': {
        body: {
          orders: 5,
          phases: { quote: 0, payment: 1, delivery: 3, completed: 1 },
          paid: 4,
          refunded: 1,
          revenue: [
            { currency: 'usdxm', test: false, gross: '61', fees: '1', sellerNet: '60', refunded: '10.5' },
            { currency: 'usdxm', test: true, gross: '10.5', fees: '0.5', sellerNet: '10', refunded: '0' },
          ],
        },
      },
    });
    renderWithProviders(<OrderStats scope={{ collectionId: 'c1' }} />);
    const table = await screen.findByRole('table', { name: 'Money received per currency' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['USDXM 6116010.5', 'USDXM Test money10.50.5100']);
    const region = screen.getByRole('region', { name: 'Orders at a glance' });
    expect(
      within(region)
        .getAllByRole('term')
        .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Orders=5', 'Paid=4', 'Completed=1', 'Refunded=1']);
  });
});
