import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import type { WalletDetails, WalletNft } from '../types/wallet';
import { WalletBalances } from './wallet-balances';
import { WalletNfts } from './wallet-nfts';
import { WalletOverview } from './wallet-overview';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const details: WalletDetails = {
  id: 'w1',
  chainType: 'evm',
  type: 'custodial',
  address,
  owner: 'email:alice@example.com',
  ownerKind: 'email',
  authUserId: '0b7c1e8a-57c4-4c11-9d7a-31e9a8f1c001',
  createdAt: '2026-11-22T10:00:00Z',
  chains: [
    { chain: 'devnet', displayName: 'Local devnet', kind: 'local', chainId: 31337, explorerUrl: null },
    { chain: 'base-sepolia', displayName: 'Base Sepolia', kind: 'testnet', chainId: 84532, explorerUrl: `https://sepolia.basescan.org/address/${address}` },
  ],
};

function nft(tokenId: string, image?: string): WalletNft {
  return {
    chain: 'devnet',
    contractAddress: address,
    tokenId,
    tokenStandard: 'erc-721',
    locator: `devnet:${address}:${tokenId}`,
    metadata: { name: `Ticket ${tokenId}`, ...(image ? { image } : {}) },
  };
}

describe('WalletOverview', () => {
  it('shows the owner, the address with a copy button, the auth user and each chain with its explorer', () => {
    renderWithProviders(<WalletOverview wallet={details} />);
    expect(screen.getByText('email:alice@example.com')).toBeInTheDocument();
    expect(screen.getByText(address)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(screen.getByText(details.authUserId!)).toBeInTheDocument();
    const chains = within(screen.getByRole('region', { name: 'Chains' })).getAllByRole('listitem');
    expect(chains[0]).toHaveTextContent('Local devnet (devnet, Local devnet, chain id 31337)No block explorer');
    expect(within(chains[1]!).getByRole('link', { name: 'View on Base Sepolia explorer' })).toHaveAttribute('href', details.chains[1]!.explorerUrl);
  });

  it('says when the owner is no auth user and the server reaches no chain', () => {
    renderWithProviders(<WalletOverview wallet={{ ...details, owner: 'userId:game-42', ownerKind: 'userId', authUserId: null, chains: [] }} />);
    expect(screen.getByText("None (the developer's own user id)")).toBeInTheDocument();
    expect(screen.getByText('This server is not connected to any chain.')).toBeInTheDocument();
  });
});

describe('WalletBalances', () => {
  it('lists each token on each chain with its decimal amount and base units, as given', async () => {
    mockFetch({
      [`GET /api/v1-alpha1/wallets/${address}/balances`]: {
        body: {
          balances: [
            {
              symbol: 'eth',
              name: 'Ether',
              decimals: 18,
              amount: '1.5',
              rawAmount: '1500000000000000000',
              chains: { devnet: { locator: `devnet:${address}`, amount: '1.5', rawAmount: '1500000000000000000' } },
            },
            {
              symbol: 'usdxm',
              name: 'Keepsake Test USD',
              decimals: 6,
              amount: '25.500001',
              rawAmount: '25500001',
              chains: { devnet: { locator: `devnet:${address}`, amount: '25.500001', rawAmount: '25500001' } },
            },
          ],
        },
      },
    });
    renderWithProviders(<WalletBalances projectId="p1" address={address} />);
    const table = await screen.findByRole('table', { name: 'Balances' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['eth Etherdevnet1.51500000000000000000', 'usdxm Keepsake Test USDdevnet25.50000125500001']);
  });

  it('has an empty state when there is no chain to read, and shows errors', async () => {
    mockFetch({ [`GET /api/v1-alpha1/wallets/${address}/balances`]: { body: { balances: [] } } });
    renderWithProviders(<WalletBalances projectId="p1" address={address} />);
    expect(await screen.findByRole('heading', { name: 'No balances to show' })).toBeInTheDocument();

    mockFetch({
      [`GET /api/v1-alpha1/wallets/${address}/balances`]: {
        status: 503,
        body: { status_code: 503, error_type: 'service_unavailable', error_message: 'The RPC endpoint of "base" did not answer; try again shortly.' },
      },
    });
    renderWithProviders(<WalletBalances projectId="p2" address={address} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[503] The RPC endpoint of "base" did not answer; try again shortly.');
  });
});

describe('WalletNfts', () => {
  it('shows the NFTs with their names, chain and token id, and a placeholder for a broken image', async () => {
    mockFetch({ [`GET /api/v1-alpha1/wallets/${address}/nfts`]: { body: { nfts: [nft('1', 'https://example.com/broken.png'), nft('2')] } } });
    renderWithProviders(<WalletNfts projectId="p1" address={address} />);
    const image = await screen.findByRole('img', { name: 'Ticket 1' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const placeholder = await screen.findByRole('img', { name: 'Ticket 1' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveAttribute('data-testid', 'image-fallback');
    expect(screen.getByRole('img', { name: 'Ticket 2' })).toHaveAttribute('data-testid', 'image-fallback');
    expect(screen.getByText('devnet · Token #2')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'NFT pages' })).not.toBeInTheDocument();
  });

  it('pages when a page is full, and has an empty state', async () => {
    const calls = mockFetch({
      [`GET /api/v1-alpha1/wallets/${address}/nfts`]: (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: { nfts: page === 1 ? Array.from({ length: 12 }, (_, i) => nft(String(i + 1))) : [nft('13')] } };
      },
    });
    renderWithProviders(<WalletNfts projectId="p1" address={address} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Ticket 13')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);

    mockFetch({ [`GET /api/v1-alpha1/wallets/${address}/nfts`]: { body: { nfts: [] } } });
    renderWithProviders(<WalletNfts projectId="p3" address={address} />);
    expect(await screen.findByRole('heading', { name: 'No NFTs yet' })).toBeInTheDocument();
  });
});
