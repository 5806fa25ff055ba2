import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { collectionFixture } from './collection-fixture';
import { PaymentsForm } from './payments-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const yenPayments = {
  price: '1500',
  currency: 'jpy',
  recipientAddress: seller,
  feesPayer: 'seller' as const,
  enabled: true,
  hostedPage: true,
  allowDirectTemplateMinting: false,
  quantityLimit: 3,
};

describe('PaymentsForm', () => {
  it('says the collection is not for sale and checks the fields before saving', async () => {
    const calls = mockFetch({});
    render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture()} canManage />
      </TestProviders>,
    );
    expect(screen.getByText(/not for sale yet/)).toBeInTheDocument();
    type(/^Price/, '1,50');
    type(/^Recipient address/, '0x1');
    type('Most NFTs per order', '16');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('price must be a decimal string such as "0.01" (up to 18 decimals)')).toBeInTheDocument();
    expect(screen.getByText('recipientAddress must be an EVM address (0x followed by 40 hex digits)')).toBeInTheDocument();
    expect(screen.getByText('quantityLimit must be at most 15 (the multi-purchase limit)')).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('PATCH'))).toHaveLength(0);
  });

  it('sends every setting, in the chosen currency', async () => {
    const saved = collectionFixture({ payments: yenPayments });
    const calls = mockFetch({ 'PATCH /api/console/collections/c1': { body: { collection: saved } }, 'GET /api/v1-alpha1/collections': { body: {} } });
    render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture()} canManage />
      </TestProviders>,
    );
    type(/^Price/, '1500');
    type('Currency', 'jpy');
    type(/^Recipient address/, seller);
    type('Who pays the fees', 'seller');
    type('Most NFTs per order', '3');
    fireEvent.click(screen.getByRole('checkbox', { name: /Hosted sales page/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/console/collections/c1')).toBe(true));
    expect(jsonBody(calls.find((call) => call.key.startsWith('PATCH'))?.init)).toEqual({
      payments: yenPayments,
    });
    await vi.waitFor(() => expect(screen.getByLabelText('Most NFTs per order')).toHaveValue(3));
  });

  it('links to the hosted sales page only while it is on and payments are enabled', () => {
    mockFetch({});
    const { unmount } = render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture({ payments: yenPayments })} canManage />
      </TestProviders>,
    );
    expect(screen.getByRole('link', { name: 'Open the hosted sales page' })).toHaveAttribute('href', '/checkout/c1');
    unmount();
    render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture({ payments: { ...yenPayments, hostedPage: false } })} canManage />
      </TestProviders>,
    );
    expect(screen.queryByRole('link', { name: 'Open the hosted sales page' })).not.toBeInTheDocument();
  });

  it('labels the embedded rates as dev rates', async () => {
    mockFetch({
      'GET /api/blockchain/devnet/price': {
        body: {
          chain: 'devnet',
          nativeCurrency: 'eth',
          prices: { eth: { usd: '3200' } },
          source: { name: 'embedded', dev: true, label: 'Dev rates: fixed rates shipped with Keepsake, not market rates.' },
          updatedAt: '2026-11-25T00:00:00Z',
        },
      },
    });
    render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture()} canManage />
      </TestProviders>,
    );
    expect(await screen.findByText('Dev rates.')).toBeInTheDocument();
    expect(screen.getByText(/1 ETH = 3200 USD now/)).toBeInTheDocument();
  });

  it('is read-only for members who cannot manage the collection', () => {
    mockFetch({});
    render(
      <TestProviders>
        <PaymentsForm collection={collectionFixture()} canManage={false} />
      </TestProviders>,
    );
    expect(screen.getByLabelText(/^Price/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
