import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import { collectionFixture } from '../../../features/collections/components/collection-fixture';
import { markNftSeen } from '../../../lib/seen-nft';
import { listCollectionsCommand, mintCommand } from '../../../features/onboarding/components/onboarding-checklist';
import { OverviewOnboarding as OnboardingChecklist } from './overview-onboarding';
import { webhookEndpoint } from '../../../testing/fixtures';

const realFetch = globalThis.fetch;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const COLLECTION_ID = '7f6c1d2e-0b1a-4c3d-9e8f-123456789abc';
const key = {
  id: 'k1',
  name: 'CI',
  environment: 'staging',
  scopes: ['nfts.create'],
  prefix: 'sk_staging_ab',
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
};
const endpoint = webhookEndpoint();
const page = (collections: unknown[]) => ({ collections, page: 1, perPage: 20, total: collections.length, totalPages: 1 });

function stepItem(name: string): HTMLElement {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no step ${name}`);
  return item;
}

describe('OnboardingChecklist', () => {
  it('starts with every step to do, announced as such, and the list command with the key placeholder', async () => {
    mockFetch({
      'GET /api/console/projects/p1/apiKeys': { body: { apiKeys: [{ ...key, revokedAt: '2026-01-02T00:00:00Z' }] } },
      'GET /api/console/projects/p1/webhooks': { body: { endpoints: [] } },
      'GET /api/v1-alpha1/collections': { body: page([]) },
    });
    renderWithProviders(<OnboardingChecklist projectId="p1" />);
    expect(await screen.findByText('0 of 5 done')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Get started' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Create an API key, to do',
      'Add a webhook endpoint, to do',
      'Create a collection, to do',
      'Mint your first NFT, to do',
      'See it, to do',
    ]);
    // A revoked key does not count; the step links to creating one.
    expect(within(stepItem('Create an API key')).getByRole('link', { name: 'Create a key' })).toHaveAttribute('href', '/console/projects/p1/APIKeys/Create');
    expect(screen.getByText(listCollectionsCommand(window.location.origin))).toBeInTheDocument();
    expect(listCollectionsCommand('http://localhost:3000')).toBe('curl -H "X-API-KEY: sk_staging_…" http://localhost:3000/api/2022-06-09/collections');
    // No collection yet: no mint command, and "see it" has nowhere to go.
    expect(screen.queryByRole('button', { name: 'Copy the mint command' })).not.toBeInTheDocument();
    expect(within(stepItem('See it')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('ticks key, webhook and collection, and fills the mint command with the real collection id', async () => {
    mockFetch({
      'GET /api/console/projects/p1/apiKeys': { body: { apiKeys: [key] } },
      'GET /api/console/projects/p1/webhooks': { body: { endpoints: [endpoint] } },
      'GET /api/v1-alpha1/collections': { body: page([collectionFixture({ id: COLLECTION_ID })]) },
      [`GET /api/console/collections/${COLLECTION_ID}/mint-stats`]: { body: { pending: 0, success: 0, failed: 0, total: 0 } },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<OnboardingChecklist projectId="p1" />);
    expect(await screen.findByText('3 of 5 done')).toBeInTheDocument();
    expect(stepItem('Create an API key')).toHaveTextContent('Create an API key, done');
    expect(stepItem('Add a webhook endpoint')).toHaveTextContent('done');
    expect(stepItem('Create a collection')).toHaveTextContent('done');
    expect(stepItem('Mint your first NFT')).toHaveTextContent('to do');
    expect(within(stepItem('Create a collection')).queryByRole('link')).not.toBeInTheDocument();

    const command = mintCommand(window.location.origin, COLLECTION_ID, 'devnet');
    expect(command).toContain(`/api/2022-06-09/collections/${COLLECTION_ID}/nfts`);
    expect(command).toContain('"recipient":"email:you@example.com:devnet"');
    expect(command).toContain('X-API-KEY: sk_staging_…');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the mint command' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(command));
  });

  it('ticks the first mint from the mint counts, and "see it" once an NFT page was opened', async () => {
    mockFetch({
      'GET /api/console/projects/p1/apiKeys': { body: { apiKeys: [key] } },
      'GET /api/console/projects/p1/webhooks': { body: { endpoints: [endpoint] } },
      'GET /api/v1-alpha1/collections': { body: page([collectionFixture({ id: COLLECTION_ID })]) },
      [`GET /api/console/collections/${COLLECTION_ID}/mint-stats`]: { body: { pending: 1, success: 0, failed: 0, total: 1 } },
    });
    const first = renderWithProviders(<OnboardingChecklist projectId="p1" />);
    expect(await screen.findByText('4 of 5 done')).toBeInTheDocument();
    expect(within(stepItem('See it')).getByRole('link', { name: 'Open Created NFTs' })).toHaveAttribute(
      'href',
      `/console/collections/${COLLECTION_ID}/created/nfts`,
    );
    first.unmount();

    markNftSeen('p1');
    renderWithProviders(<OnboardingChecklist projectId="p1" />);
    expect(await screen.findByText('All done: your project is minting.')).toBeInTheDocument();
    expect(stepItem('See it')).toHaveTextContent('See it, done');
  });
});
