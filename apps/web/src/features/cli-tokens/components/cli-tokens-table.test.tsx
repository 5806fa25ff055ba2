import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/render';
import { CliTokensTable } from './cli-tokens-table';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const path = '/api/console/account/cli-tokens';
const laptop = { id: 't1', hint: 'AbCd', deviceName: 'ada-laptop.local', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: '2026-11-25T09:30:00Z' };
// A token from before device names.
const server = { id: 't2', hint: 'wXyZ', deviceName: null, createdAt: '2026-11-21T10:00:00Z', lastUsedAt: null };

describe('CliTokensTable', () => {
  it('lists each token by its device and last characters, with when it signed in and was last used', async () => {
    mockFetch({ [`GET ${path}`]: { body: { tokens: [laptop, server] } } });
    renderWithProviders(<CliTokensTable />);
    const table = await screen.findByRole('table', { name: 'CLI tokens' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Device', 'Token', 'Signed in', 'Last used', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(rows[0]!)[0]).toHaveTextContent('ada-laptop.local');
    expect(cells(rows[0]!)[1]).toHaveTextContent('kst_cli_…AbCd');
    expect(cells(rows[1]!)[0]).toHaveTextContent('Unnamed device');
    expect(cells(rows[1]!)[1]).toHaveTextContent('kst_cli_…wXyZ');
    expect(cells(rows[1]!)[3]).toHaveTextContent('Never');
  });

  it('revokes only after the confirmation, then lists the tokens again', async () => {
    let tokens = [laptop, server];
    const calls = mockFetch({
      [`GET ${path}`]: () => ({ body: { tokens } }),
      [`DELETE ${path}/t1`]: () => {
        tokens = [server];
        return { body: { revoked: true } };
      },
    });
    renderWithProviders(<CliTokensTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke kst_cli_…AbCd' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the CLI token for ada-laptop.local?' });
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('kst_cli_…AbCd')).toBeNull());
    expect(calls.filter((c) => c.key === `DELETE ${path}/t1`)).toHaveLength(1);
    expect(screen.getByText('kst_cli_…wXyZ')).toBeInTheDocument();
  });

  it('names an unnamed device in the confirmation by the fallback', async () => {
    mockFetch({ [`GET ${path}`]: { body: { tokens: [laptop, server] } } });
    renderWithProviders(<CliTokensTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke kst_cli_…wXyZ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the CLI token for an unnamed device?' });
    expect(dialog).toHaveTextContent('The CLI signed in with kst_cli_…wXyZ will be signed out');
  });

  it('says so when there is no token, and shows an error it cannot list them', async () => {
    mockFetch({ [`GET ${path}`]: { body: { tokens: [] } } });
    const { unmount } = renderWithProviders(<CliTokensTable />);
    expect(await screen.findByText('No CLI tokens')).toBeInTheDocument();
    unmount();
    mockFetch({ [`GET ${path}`]: { status: 401, body: { status_code: 401, error_type: 'unauthorized', error_message: 'Sign in again.' } } });
    renderWithProviders(<CliTokensTable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in again.');
  });
});
