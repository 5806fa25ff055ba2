import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import type { NftDetail } from '../api/get-nft';
import { NftDetailPage } from './nft-detail';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const C = '11111111-1111-4111-8111-111111111111';
const N = '22222222-2222-4222-8222-222222222222';
const PATH = `GET /api/console/collections/${C}/nfts/${N}`;
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const tx = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

function detail(overrides: Partial<NftDetail> = {}): NftDetail {
  return {
    id: N,
    collection: { id: C, name: 'Gold Tickets' },
    chain: 'devnet',
    chainName: 'Local devnet',
    status: 'success',
    tokenStandard: 'erc-721',
    contractAddress: contract,
    tokenId: '7',
    quantity: 1,
    metadata: {
      name: 'Ticket #7',
      description: 'Front row',
      image: null,
      imageSource: null,
      animationUrl: null,
      attributes: [
        { traitType: 'Seat', value: 'A7', displayType: null },
        { traitType: 'Level', value: 3, displayType: 'number' },
      ],
    },
    owner: { address: owner, email: 'ada@example.com', userId: null, recipient: 'email:ada@example.com:devnet' },
    transaction: { hash: tx, explorerUrl: null },
    explorer: null,
    chainRead: { rpcUrl: 'http://127.0.0.1:8545', call: 'ownerOf(7)', holder: owner, balance: null, holdsToken: true, error: null },
    error: null,
    actionId: 'a1',
    history: [
      { status: 'requested', at: '2026-11-25T10:00:00Z', transactionHash: null, detail: null },
      { status: 'submitted', at: '2026-11-25T10:00:01Z', transactionHash: tx, detail: null },
      { status: 'mined', at: '2026-11-25T10:00:02Z', transactionHash: tx, detail: 'block 12' },
      { status: 'succeeded', at: '2026-11-25T10:00:03Z', transactionHash: tx, detail: null },
    ],
    createdAt: '2026-11-25T10:00:00Z',
    updatedAt: '2026-11-25T10:00:03Z',
    ...overrides,
  };
}

describe('NftDetailPage', () => {
  it('shows a skeleton while loading, then metadata, attributes, the email it was minted to, the owner address, token id, transaction, the RPC read and the history', async () => {
    let answer: (value: Response) => void = () => undefined;
    globalThis.fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onLoaded = vi.fn();
    renderWithProviders(<NftDetailPage collectionId={C} nftId={N} onLoaded={onLoaded} />);
    expect(screen.getByRole('status', { name: 'Loading the NFT…' })).toBeInTheDocument();
    expect(onLoaded).not.toHaveBeenCalled();
    answer(new Response(JSON.stringify({ nft: detail() }), { status: 200, headers: { 'Content-Type': 'application/json' } }));

    expect(await screen.findByRole('heading', { name: /Ticket #7/ })).toHaveTextContent('Minted');
    expect(screen.queryByRole('status', { name: 'Loading the NFT…' })).not.toBeInTheDocument();
    expect(screen.getByText('Front row')).toBeInTheDocument();
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith(expect.objectContaining({ id: N })));

    const ownerSection = screen.getByRole('region', { name: 'Owner' });
    expect(within(ownerSection).getByText('Minted to email').nextSibling).toHaveTextContent('ada@example.com');
    expect(within(ownerSection).getByRole('button', { name: 'Copy the owner address' })).toBeInTheDocument();
    expect(within(ownerSection).getByRole('link', { name: owner })).toHaveAttribute('href', `/console/wallets/${owner}`);

    const token = screen.getByRole('region', { name: 'Token' });
    expect(within(token).getByText('Token id').nextSibling).toHaveTextContent('7');
    expect(within(token).getByRole('button', { name: 'Copy the transaction hash' })).toBeInTheDocument();
    // The devnet has no explorer: the RPC read instead, and no explorer links.
    expect(within(token).queryByRole('link', { name: /explorer/ })).not.toBeInTheDocument();
    expect(within(token).getByText('ownerOf(7)')).toBeInTheDocument();
    expect(token).toHaveTextContent('at http://127.0.0.1:8545');
    expect(token).toHaveTextContent('The chain confirms the owner holds this token.');

    const attributes = screen.getByRole('region', { name: 'Attributes' });
    expect(within(attributes).getByText('Seat').nextSibling).toHaveTextContent('A7');
    expect(within(attributes).getByText('Level').nextSibling).toHaveTextContent('3');

    const history = within(screen.getByRole('region', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((item) => item.querySelector('span')?.textContent)).toEqual(['Requested', 'Transaction sent', 'Mined', 'Minted']);
    expect(history[2]).toHaveTextContent('block 12');
    expect(screen.getByRole('link', { name: '← All created NFTs' })).toHaveAttribute('href', `/console/collections/${C}/created/nfts`);
  });

  it('links the token and the transaction to the explorer where the chain has one', async () => {
    mockFetch({
      [PATH]: {
        body: {
          nft: detail({
            chain: 'base-sepolia',
            owner: { address: owner, email: null, userId: null, recipient: owner },
            transaction: { hash: tx, explorerUrl: `https://sepolia.basescan.org/tx/${tx}` },
            explorer: { tokenUrl: `https://sepolia.basescan.org/nft/${contract}/7`, contractUrl: `https://sepolia.basescan.org/address/${contract}` },
            chainRead: null,
          }),
        },
      },
    });
    renderWithProviders(<NftDetailPage collectionId={C} nftId={N} />);
    expect(await screen.findByRole('link', { name: 'View the token on the explorer' })).toHaveAttribute(
      'href',
      `https://sepolia.basescan.org/nft/${contract}/7`,
    );
    expect(screen.getByRole('link', { name: 'View the transaction on the explorer' })).toHaveAttribute('href', `https://sepolia.basescan.org/tx/${tx}`);
    expect(screen.queryByText('Minted to email')).not.toBeInTheDocument();
    expect(screen.queryByText(/Read over RPC/)).not.toBeInTheDocument();
  });

  it('shows a failed mint with its reason, no token id and no transaction', async () => {
    mockFetch({
      [PATH]: {
        body: {
          nft: detail({
            status: 'failed',
            tokenId: null,
            error: 'Supply limit reached',
            transaction: { hash: null, explorerUrl: null },
            chainRead: null,
            metadata: { ...detail().metadata, attributes: [] },
            history: [
              { status: 'requested', at: '2026-11-25T10:00:00Z', transactionHash: null, detail: null },
              { status: 'failed', at: '2026-11-25T10:00:01Z', transactionHash: null, detail: 'Supply limit reached' },
            ],
          }),
        },
      },
    });
    renderWithProviders(<NftDetailPage collectionId={C} nftId={N} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Supply limit reached');
    expect(screen.getByRole('region', { name: 'Token' })).toHaveTextContent('Not minted');
    expect(screen.getByText('Not sent yet')).toBeInTheDocument();
    expect(screen.getByText('Not on chain yet')).toBeInTheDocument();
    expect(screen.getByText('No attributes')).toBeInTheDocument();
  });

  it('says when the NFT is not in this collection (404)', async () => {
    mockFetch({ [PATH]: { status: 404, body: { error: 'not_found', message: 'NFT not found' } } });
    const onLoaded = vi.fn();
    renderWithProviders(<NftDetailPage collectionId={C} nftId={N} onLoaded={onLoaded} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This NFT was not found in this collection.');
    expect(onLoaded).not.toHaveBeenCalled();
  });

  it('shows other failures as an error', async () => {
    mockFetch({ [PATH]: { status: 503, body: { error: 'unavailable', message: 'Database unavailable' } } });
    renderWithProviders(<NftDetailPage collectionId={C} nftId={N} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
