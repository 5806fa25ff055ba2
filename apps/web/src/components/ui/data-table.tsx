import { createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';
import { cn } from '../../lib/cn';

export type DataColumn<T> = {
  id: string;
  header: string;
  /** The heading is for screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /**
   * `primary`: the row's name, the card's title under 640 px. `actions`: buttons; the column stays pinned to the
   * table's right edge however far it scrolls, and sits at the bottom of the card.
   */
  kind?: 'primary' | 'actions';
  /** Extra classes of the column's cells (table mode). */
  className?: string;
  /** In a card, the field takes the card's full width (e.g. a list of badges) instead of half of it. */
  wideInCard?: boolean;
};

type DataTableProps<T> = {
  /** Names the table (its caption) or the list of cards. */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A newer page is on its way (placeholder data). */
  busy?: boolean;
};

/** Where rows become cards (Tailwind's `sm`). */
export const CARD_MODE_QUERY = '(max-width: 639.98px)';

const features = tableFeatures({});

/**
 * A table of records on TanStack Table (ADR 090). At 640 px and wider: a table whose actions column stays
 * visible at the right edge while wide content scrolls beneath it. Narrower: one card per row, the primary
 * column as its title, the other columns as label/value pairs two to a line and the actions at the bottom, so that nothing
 * wraps a character per line or ends up off-screen.
 */
export function DataTable<T extends RowData>({ caption, columns, rows, rowKey, busy = false }: DataTableProps<T>) {
  const cardMode = useMediaQuery(CARD_MODE_QUERY, false);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(columns.map((column) => helper.display({ id: column.id, header: column.header, cell: ({ row }) => column.cell(row.original) })));
  }, [columns]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({ features, columns: tableColumns, data, getRowId: (row: T) => rowKey(row) });
  const tableRows = table.getRowModel().rows;

  if (cardMode) {
    const primary = columns.find((column) => column.kind === 'primary');
    const actions = columns.filter((column) => column.kind === 'actions');
    const fields = columns.filter((column) => column.kind === undefined);
    return (
      <ul aria-label={caption} aria-busy={busy || undefined} data-mode="cards" className="space-y-3">
        {tableRows.map((row) => (
          <li key={row.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
            {primary && (
              <div data-cell className="min-w-0 font-medium break-words">
                {primary.cell(row.original)}
              </div>
            )}
            <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-2', primary && 'mt-2')}>
              {fields.map((column) => (
                <div key={column.id} className={cn('min-w-0', column.wideInCard && 'col-span-2')}>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{column.header}</dt>
                  <dd data-cell className="min-w-0 break-words">
                    {column.cell(row.original)}
                  </dd>
                </div>
              ))}
            </dl>
            {actions.length > 0 && (
              <div data-cell className="mt-3 flex flex-wrap justify-end gap-2 empty:hidden">
                {actions.map((column) => (
                  <span key={column.id} className="contents">
                    {column.cell(row.original)}
                  </span>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div data-mode="table" aria-busy={busy || undefined} className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-900">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(
                      'px-3 py-2 font-semibold whitespace-nowrap',
                      column?.kind === 'actions' && 'sticky right-0 bg-slate-50 text-right dark:bg-slate-900',
                    )}
                  >
                    {column?.hideHeader ? <span className="sr-only">{column.header}</span> : column?.header}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950">
          {tableRows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const column = byId.get(cell.column.id);
                return (
                  <td
                    key={cell.id}
                    className={cn(
                      'px-3 py-2 align-middle',
                      column?.kind === 'actions' &&
                        'sticky right-0 bg-white text-right whitespace-nowrap shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)] dark:bg-slate-950',
                      column?.className,
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
