import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { allowConsole } from '../../../testing/console';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import type { ConsoleWallet } from '../types/wallet';
import { WalletsList } from './wallets-list';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function wallet(i: number, owner = `email:player${i}@example.com`): ConsoleWallet {
  return {
    id: `w${i}`,
    chainType: 'evm',
    type: 'custodial',
    address: `0x${String(i).padStart(40, 'a')}`,
    owner,
    ownerKind: owner.startsWith('email:') ? 'email' : 'userId',
    authUserId: null,
    createdAt: '2026-11-22T10:00:00Z',
  };
}

/** A fake console API holding `all` wallets: pages and searches them as the server does. */
function serveWallets(all: ConsoleWallet[]) {
  return mockFetch({
    'GET /api/v1-alpha1/wallets': (_init, url) => {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = search ? all.filter((w) => w.owner.includes(search) || w.address.includes(search)) : all;
      return { body: { wallets: matching.slice((page - 1) * perPage, page * perPage), page, perPage, total: matching.length } };
    },
  });
}

describe('WalletsList', () => {
  // Twenty rows of links, copy buttons and tooltips make jsdom's role queries slow on a loaded machine: more time, same checks.
  it('lists the project’s wallets with links to each one, and pages through them', { timeout: 15_000 }, async () => {
    const calls = serveWallets(Array.from({ length: 25 }, (_, i) => wallet(i)));
    const { router } = renderWithProviders(<WalletsList projectId="p1" />, { path: '/console/wallets' });

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Wallets' });
    expect(within(table).getAllByRole('row')).toHaveLength(21); // header + 20
    expect(screen.getByText('25 wallets')).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: wallet(0).address });
    expect(link).toHaveAttribute('href', `/console/wallets/${wallet(0).address}?projectId=p1`);
    expect(link).toHaveTextContent('0xaaaa…aaa0');
    expect(calls[0]!.url.searchParams.get('projectId')).toBe('p1');
    expect(calls[0]!.url.searchParams.get('perPage')).toBe('20');

    const pages = screen.getByRole('navigation', { name: 'Wallet pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Wallets' })).getAllByRole('row')).toHaveLength(6));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('searches by owner after a pause in typing, back on page 1, and says when nothing matches', async () => {
    const calls = serveWallets([wallet(1), wallet(2, 'userId:game-42'), wallet(3)]);
    const { router } = renderWithProviders(<WalletsList projectId="p1" />, { path: '/console/wallets?page=1' });
    await screen.findByRole('table', { name: 'Wallets' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallets' }), { target: { value: 'game' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 2000 });
    expect(screen.getByRole('cell', { name: 'userId:game-42' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=game');
    expect(calls.filter((c) => c.url.searchParams.get('search') === 'game')).toHaveLength(1); // debounced: one call

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallets' }), { target: { value: 'nobody' } });
    expect(await screen.findByRole('heading', { name: 'No wallets match “nobody”' }, { timeout: 2000 })).toBeInTheDocument();
  });

  it('has an empty state for a project without wallets, and an error state', async () => {
    serveWallets([]);
    renderWithProviders(<WalletsList projectId="p1" />);
    expect(await screen.findByRole('heading', { name: 'No wallets yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Wallet pages' })).not.toBeInTheDocument();

    allowConsole('error', /status of 403/);
    mockFetch({ 'GET /api/v1-alpha1/wallets': { status: 403, body: { status_code: 403, error_type: 'forbidden', error_message: 'Not allowed.' } } });
    renderWithProviders(<WalletsList projectId="p2" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('[403] Not allowed.');
  });
});
