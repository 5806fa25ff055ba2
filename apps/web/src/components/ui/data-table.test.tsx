import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Button } from './button';
import { CARD_MODE_QUERY, DataTable, type DataColumn } from './data-table';

type Key = { id: string; name: string; scopes: string };
const rows: Key[] = [
  { id: 'k1', name: 'Storefront', scopes: 'nfts.create' },
  { id: 'k2', name: 'Backoffice', scopes: 'wallets.read' },
];
const columns: DataColumn<Key>[] = [
  { id: 'name', header: 'Name', kind: 'primary', cell: (row) => row.name },
  { id: 'scopes', header: 'Scopes', cell: (row) => row.scopes },
  { id: 'actions', header: 'Actions', hideHeader: true, kind: 'actions', cell: (row) => <Button aria-label={`Revoke ${row.name}`}>Revoke</Button> },
];

/** A matchMedia whose answer for the card-mode query is `narrow`. */
function viewport(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === CARD_MODE_QUERY ? narrow : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('is a captioned table at 640 px and wider, the actions column pinned to the right edge', async () => {
    viewport(false);
    renderWithProviders(<DataTable caption="API keys" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Scopes', 'Actions']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Storefront', 'nfts.create', 'Revoke']);
    expect(within(firstRow).getByRole('button', { name: 'Revoke Storefront' }).closest('td')).toHaveClass('sticky', 'right-0');
  });

  it('turns each row into a card under 640 px: the primary column as title, labelled fields, actions at the bottom', async () => {
    viewport(true);
    renderWithProviders(<DataTable caption="API keys" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'API keys' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]!.firstElementChild).toHaveTextContent('Backoffice');
    expect(within(cards[1]!).getByRole('term')).toHaveTextContent('Scopes');
    expect(within(cards[1]!).getByRole('definition')).toHaveTextContent('wallets.read');
    // The hidden "Actions" heading is not printed on the card; the button is.
    expect(within(cards[1]!).queryByText('Actions')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Revoke Backoffice' })).toBeInTheDocument();
  });
});
