import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import type { MyNft } from '../api/get-my-nfts';
import { UserCollection } from './user-collection';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function nft(n: number, overrides: Partial<MyNft> = {}): MyNft {
  return {
    id: `n${n}`,
    chain: 'devnet',
    chainName: 'Local devnet',
    status: 'success',
    tokenStandard: 'erc-721',
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    tokenId: String(n),
    ownerAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    metadata: { name: `Ticket ${n}`, image: `https://cdn.example.com/${n}.png`, description: null },
    explorerUrl: null,
    createdAt: '2026-11-22T10:00:00Z',
    collection: { id: 'c1', name: 'Gold Tickets' },
    ...overrides,
  };
}

describe('UserCollection', () => {
  it('shows each NFT with its image, name, collection, chain and token id; a broken image becomes a placeholder', async () => {
    mockFetch({
      'GET /api/session/nfts': {
        body: {
          nfts: [nft(7), nft(3, { chainName: 'Base Sepolia', explorerUrl: 'https://sepolia.basescan.org/nft/0x5FbDB2315678afecb367f032d93F642f64180aa3/3' })],
          page: 1,
          perPage: 12,
          total: 2,
        },
      },
    });
    renderWithProviders(<UserCollection />);
    const list = await screen.findByRole('list', { name: 'Your NFTs' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Ticket 7Gold TicketsLocal devnet · Token #7');
    expect(cards[1]).toHaveTextContent('Base Sepolia · Token #3');
    expect(within(cards[1]!).getByRole('link', { name: 'View Ticket 3 on the block explorer' })).toHaveAttribute(
      'href',
      'https://sepolia.basescan.org/nft/0x5FbDB2315678afecb367f032d93F642f64180aa3/3',
    );
    expect(within(cards[0]!).queryByRole('link')).not.toBeInTheDocument();
    const image = within(cards[0]!).getByRole('img', { name: 'Ticket 7' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/7.png');
    fireEvent.error(image);
    const placeholder = await within(cards[0]!).findByRole('img', { name: 'Ticket 7' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveAttribute('data-testid', 'image-fallback');
    expect(screen.getByText('2 NFTs')).toBeInTheDocument();
  });

  it('pages through the collection', async () => {
    const calls = mockFetch({
      'GET /api/session/nfts': (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: { nfts: [nft(page * 10)], page, perPage: 12, total: 13 } };
      },
    });
    renderWithProviders(<UserCollection />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Ticket 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.map((c) => c.url.searchParams.get('perPage'))).toEqual(['12', '12']);
  });

  it('has loading, empty and error states', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = () => new Promise<Response>((resolve) => (answer = resolve));
    const { unmount } = renderWithProviders(<UserCollection />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your NFTs…');
    answer(new Response(JSON.stringify({ nfts: [], page: 1, perPage: 12, total: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { name: 'No NFTs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/user');
    unmount();

    mockFetch({ 'GET /api/session/nfts': { status: 401, body: { status_code: 401, error_type: 'unauthorized', error_message: 'Sign in to continue.' } } });
    renderWithProviders(<UserCollection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[401] Sign in to continue.');
  });
});
