import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseOption, mockFetch, renderWithProviders } from '../../../testing/render';
import type { NftView } from '../../../lib/nfts';
import { collectionFixture } from './collection-fixture';
import { CollectionNfts } from './collection-nfts';
import { MintStats } from './mint-stats';
import { RegisteredNfts } from './registered-nfts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function nft(n: number, overrides: Partial<NftView> = {}): NftView {
  return {
    id: `n${n}`,
    chain: 'devnet',
    chainName: 'Local devnet',
    status: 'success',
    tokenStandard: 'erc-721',
    contractAddress: contract,
    tokenId: String(n),
    ownerAddress: recipient,
    metadata: { name: `Ticket ${n}`, image: null, description: null },
    explorerUrl: null,
    createdAt: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

describe('MintStats', () => {
  it('shows the total and the count in each status', async () => {
    mockFetch({ 'GET /api/console/collections/c1/mint-stats': { body: { pending: 0, success: 17, failed: 3, total: 20 } } });
    renderWithProviders(<MintStats collection={collectionFixture()} />);
    const region = await screen.findByRole('region', { name: 'Mints' });
    await within(region).findByText('17');
    const terms = within(region)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Total=20', 'Minted=17', 'Minting=0', 'Failed=3']);
  });

  it('shows an error when the counts cannot be read', async () => {
    mockFetch({
      'GET /api/console/collections/c1/mint-stats': {
        status: 404,
        body: { status_code: 404, error_type: 'not_found', error_message: 'Collection not found.' },
      },
    });
    renderWithProviders(<MintStats collection={collectionFixture()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[404] Collection not found.');
  });
});

describe('CollectionNfts', () => {
  it('lists the NFTs with status, token id, recipient and explorer link, and a placeholder for a broken image', async () => {
    mockFetch({
      'GET /api/console/collections/c1/nfts': {
        body: {
          nfts: [
            nft(2, {
              chain: 'base-sepolia',
              explorerUrl: `https://sepolia.basescan.org/nft/${contract}/2`,
              metadata: { name: 'Ticket 2', image: 'https://cdn.example.com/broken.png', description: null },
            }),
            nft(1),
            nft(3, { status: 'pending', tokenId: null, contractAddress: null }),
          ],
          page: 1,
          perPage: 20,
          total: 3,
        },
      },
    });
    renderWithProviders(<CollectionNfts collection={collectionFixture()} />);
    const table = await screen.findByRole('table', { name: 'NFTs of Gold Tickets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Ticket 2');
    expect(rows[0]).toHaveTextContent('Minted');
    expect(within(rows[0]!).getByRole('link', { name: 'View Ticket 2 on the block explorer' })).toHaveAttribute(
      'href',
      `https://sepolia.basescan.org/nft/${contract}/2`,
    );
    // No explorer for the devnet NFT: an empty cell, no link and no "No explorer" noise.
    expect(within(rows[1]!).queryByRole('link', { name: /block explorer/ })).not.toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('No explorer');
    // Each NFT's name opens its detail page.
    expect(within(rows[1]!).getByRole('link', { name: 'Ticket 1' })).toHaveAttribute('href', `/console/collections/c1/created/nfts/${nft(1).id}`);
    expect(rows[2]).toHaveTextContent('Minting');
    expect(rows[2]).toHaveTextContent('Not minted');
    expect(within(rows[2]!).queryByRole('link', { name: /block explorer/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText(recipient)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Copy the recipient of Ticket 1' })).toBeInTheDocument();

    const image = within(rows[0]!).getByRole('img', { name: 'Ticket 2' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const placeholder = await within(rows[0]!).findByRole('img', { name: 'Ticket 2' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveAttribute('data-testid', 'image-fallback');
    expect(screen.getByText('3 NFTs')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'NFT pages' })).not.toBeInTheDocument();
  });

  it('filters by status from the first page, and pages with the total', async () => {
    const calls = mockFetch({
      'GET /api/console/collections/c1/nfts': (_init, url) => {
        const status = url.searchParams.get('status');
        const page = Number(url.searchParams.get('page'));
        if (status === 'failed') return { body: { nfts: [nft(99, { status: 'failed', tokenId: null })], page: 1, perPage: 20, total: 1 } };
        return { body: { nfts: [nft(page * 100)], page, perPage: 20, total: 45 } };
      },
    });
    renderWithProviders(<CollectionNfts collection={collectionFixture()} />);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Ticket 200')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    expect(await screen.findByText('Ticket 99')).toBeInTheDocument();
    // One of them: singular.
    expect(screen.getByText('1 NFT')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'NFT pages' })).not.toBeInTheDocument();
    expect(calls.map((c) => [c.url.searchParams.get('status'), c.url.searchParams.get('page')])).toEqual([
      [null, '1'],
      [null, '2'],
      ['failed', '1'],
    ]);
  });

  it('has empty states for no NFTs and for a filter with no match', async () => {
    mockFetch({ 'GET /api/console/collections/c1/nfts': { body: { nfts: [], page: 1, perPage: 20, total: 0 } } });
    renderWithProviders(<CollectionNfts collection={collectionFixture()} />);
    expect(await screen.findByRole('heading', { name: 'No NFTs minted yet' })).toBeInTheDocument();
    await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Minting');
    expect(await screen.findByRole('heading', { name: 'No NFTs in this status' })).toBeInTheDocument();
  });

  it('shows a loading state, then an error', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = () => new Promise<Response>((resolve) => (answer = resolve));
    renderWithProviders(<CollectionNfts collection={collectionFixture()} />);
    expect(await screen.findByRole('status', { name: 'Loading NFTs…' })).toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ status_code: 403, error_type: 'forbidden', error_message: 'Nope.' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('[403] Nope.');
  });
});

describe('RegisteredNfts', () => {
  it("lists a semi-fungible collection's templates with supply used of limit", async () => {
    mockFetch({
      'GET /api/console/collections/c1/registered-nfts': {
        body: {
          supply: { limit: null, minted: 3, pending: 1 },
          templates: [
            {
              templateId: 't1',
              tokenId: '1',
              metadata: { name: 'Red pin', image: null, description: null },
              supply: { limit: 10, minted: 2, pending: 1 },
              createdAt: '',
            },
            {
              templateId: 't2',
              tokenId: '2',
              metadata: { name: 'Blue pin', image: null, description: null },
              supply: { limit: null, minted: 1, pending: 0 },
              createdAt: '',
            },
          ],
          page: 1,
          perPage: 20,
          total: 2,
        },
      },
    });
    renderWithProviders(<RegisteredNfts collection={collectionFixture({ fungibility: 'semi-fungible', supplyLimit: null })} />);
    const table = await screen.findByRole('table', { name: 'Templates of Gold Tickets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Red pin12 of 101', 'Blue pin21 (no limit)0']);
    expect(screen.getByRole('link', { name: 'See the created NFTs' })).toHaveAttribute('href', '/console/collections/c1/created/nfts');
  });

  it("shows a non-fungible collection's supply and says templates are for semi-fungible ones", async () => {
    mockFetch({
      'GET /api/console/collections/c1/registered-nfts': {
        body: { supply: { limit: 100, minted: 17, pending: 5 }, templates: [], page: 1, perPage: 20, total: 0 },
      },
    });
    renderWithProviders(<RegisteredNfts collection={collectionFixture()} />);
    const supply = await screen.findByRole('region', { name: 'Supply' });
    expect(
      within(supply)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['17', '5', '100']);
    expect(screen.getByText(/Templates are for semi-fungible collections/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('has an empty state for a semi-fungible collection without templates', async () => {
    mockFetch({
      'GET /api/console/collections/c1/registered-nfts': {
        body: { supply: { limit: null, minted: 0, pending: 0 }, templates: [], page: 1, perPage: 20, total: 0 },
      },
    });
    renderWithProviders(<RegisteredNfts collection={collectionFixture({ fungibility: 'semi-fungible' })} />);
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeInTheDocument();
  });
});
