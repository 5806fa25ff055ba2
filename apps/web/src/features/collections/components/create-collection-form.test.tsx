import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { collectionFixture } from './collection-fixture';
import { CreateCollectionForm } from './create-collection-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const chains = {
  chains: [
    { chain: 'devnet', chainId: 31337, chainName: 'Local devnet', chainKind: 'local', explorerUrl: null },
    { chain: 'base-sepolia', chainId: 84532, chainName: 'Base Sepolia', chainKind: 'testnet', explorerUrl: 'https://sepolia.basescan.org' },
  ],
};

function setup(post: { status?: number; body: unknown } = { status: 201, body: { collection: collectionFixture() } }) {
  const calls = mockFetch({
    'GET /api/console/chains': { body: chains },
    'POST /api/v1-alpha1/collections': post,
    'GET /api/v1-alpha1/collections': { body: {} },
  });
  const onCreated = vi.fn();
  render(
    <TestProviders>
      <CreateCollectionForm projectId="p1" onCreated={onCreated} />
    </TestProviders>,
  );
  return { calls, onCreated, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Create collection' })) };
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CreateCollectionForm', () => {
  it('offers the chains the server deploys on, naming the devnet as a chain on this machine', async () => {
    setup();
    const select = await screen.findByLabelText('Chain');
    expect(select).toHaveValue('devnet');
    expect(screen.getByRole('option', { name: 'Local devnet (chain id 31337)' })).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('A chain on this machine, not a public testnet.');
    expect(screen.getByRole('option', { name: 'Base Sepolia (public testnet, chain id 84532)' })).toBeInTheDocument();
  });

  it('shows the spec §5 messages and sends nothing while the form is invalid', async () => {
    const { calls, submit } = setup();
    await screen.findByLabelText('Chain');
    type(/^Name/, '   ');
    type('Image URL', 'www.example.com/a.png');
    type('Symbol', 'NO-DASH');
    type('Supply limit', '0');
    submit();
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Description cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Image url should be a valid url, starting with https://')).toBeInTheDocument();
    expect(screen.getByText('Symbol must be 1 to 10 letters or digits')).toBeInTheDocument();
    expect(screen.getByText('Supply limit must be a whole number of at least 1')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('creates the collection with the API shape, http upgraded to https, and hands it on', async () => {
    const { calls, onCreated, submit } = setup();
    await screen.findByLabelText('Chain');
    type(/^Name/, 'Gold Tickets');
    type(/^Description/, 'Entry to every show');
    type('Image URL', 'http://cdn.example.com/gold.png');
    type('Symbol', 'gold');
    type('Supply limit', '100');
    submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' })));
    const post = calls.find((call) => call.key === 'POST /api/v1-alpha1/collections');
    expect(jsonBody(post?.init)).toEqual({
      projectId: 'p1',
      chain: 'devnet',
      fungibility: 'non-fungible',
      metadata: { name: 'Gold Tickets', description: 'Entry to every show', imageUrl: 'https://cdn.example.com/gold.png', symbol: 'GOLD' },
      supplyLimit: 100,
    });
  });

  it('asks no supply limit of a semi-fungible collection, and leaves out empty optional fields', async () => {
    const { calls, submit } = setup();
    await screen.findByLabelText('Chain');
    fireEvent.click(screen.getByLabelText(/Semi-fungible \(ERC-1155\)/));
    expect(screen.queryByLabelText('Supply limit')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Chain'), { target: { value: 'base-sepolia' } });
    type(/^Name/, 'Pins');
    type(/^Description/, 'Enamel pins');
    submit();
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/v1-alpha1/collections')).toBe(true));
    expect(jsonBody(calls.find((call) => call.key.startsWith('POST'))?.init)).toEqual({
      projectId: 'p1',
      chain: 'base-sepolia',
      fungibility: 'semi-fungible',
      metadata: { name: 'Pins', description: 'Enamel pins' },
    });
  });

  it("shows the server's refusal", async () => {
    const { submit } = setup({
      status: 400,
      body: {
        status_code: 400,
        request_id: 'r',
        error_type: 'chain_not_configured',
        error_message: 'The chain "devnet" is not configured on this Keepsake server.',
        error_url: '',
      },
    });
    await screen.findByLabelText('Chain');
    type(/^Name/, 'Gold');
    type(/^Description/, 'Entry');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('[400] The chain "devnet" is not configured on this Keepsake server.');
  });
});
