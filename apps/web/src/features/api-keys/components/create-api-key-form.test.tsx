import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, cachedDataText, createTestQueryClient, jsonBody, mockFetch } from '../../../testing/render';
import { CreateApiKeyForm } from './create-api-key-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SECRET = 'sk_staging_very_secret_value';

function setup() {
  const calls = mockFetch({
    'GET /api/console/scopes': {
      body: {
        scopes: [
          { name: 'collections.read', description: 'Read collections' },
          { name: 'nfts.create', description: 'Mint NFTs' },
        ],
      },
    },
    'POST /api/console/projects/p1/apiKeys': {
      status: 201,
      body: {
        apiKey: {
          id: 'k1',
          name: 'CI',
          environment: 'production',
          scopes: ['nfts.create'],
          prefix: 'sk_prod_ab',
          createdAt: '2025-01-01T00:00:00Z',
          lastUsedAt: null,
          revokedAt: null,
        },
        secret: SECRET,
      },
    },
    'GET /api/console/projects/p1/apiKeys': { body: { apiKeys: [] } },
  });
  const queryClient = createTestQueryClient();
  const onDone = vi.fn();
  render(
    <TestProviders queryClient={queryClient}>
      <CreateApiKeyForm projectId="p1" onDone={onDone} />
    </TestProviders>,
  );
  return { calls, queryClient, onDone };
}

describe('CreateApiKeyForm', () => {
  it('makes a client-side key with orders.create alone, and says where it works (issue 14 item 7)', async () => {
    const { calls } = setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Shop page' } });
    await screen.findByLabelText('nfts.create');
    fireEvent.click(screen.getByLabelText('nfts.create'));
    fireEvent.click(screen.getByLabelText('Client-side key (ck_)'));
    expect(screen.getByText(/It can only create orders, and only from the allowed origins/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Scopes' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    await screen.findByLabelText('Secret key');
    const post = calls.find((call) => call.key === 'POST /api/console/projects/p1/apiKeys');
    expect(jsonBody(post?.init)).toEqual({ name: 'Shop page', type: 'client', environment: 'staging', scopes: ['orders.create'] });
  });

  it("requires a name and a scope, with the server's messages (issue 10: one schema for the form and the API)", async () => {
    const { calls } = setup();
    await screen.findByLabelText('nfts.create');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('creates a key and shows its secret exactly once, outside every cache', async () => {
    const { calls, queryClient, onDone } = setup();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' CI ' } });
    fireEvent.click(screen.getByLabelText('Production'));
    fireEvent.click(await screen.findByLabelText('nfts.create'));
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));

    expect(await screen.findByLabelText('Secret key')).toHaveValue(SECRET);
    expect(screen.getByLabelText('Secret key')).toHaveAttribute('readonly');
    expect(screen.getByText("Copy this key now. You won't be able to see it again.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();

    const post = calls.find((call) => call.key === 'POST /api/console/projects/p1/apiKeys');
    expect(jsonBody(post?.init)).toEqual({ name: 'CI', type: 'server', environment: 'production', scopes: ['nfts.create'] });

    expect(cachedDataText(queryClient)).not.toContain(SECRET);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(SECRET);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
