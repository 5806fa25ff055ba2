import type { ReactNode } from 'react';

/** The money of an order as a description list: label and amount per row, the last one (the total) in bold. */
export function MoneyRows({ label, rows }: { label: string; rows: ReadonlyArray<{ label: string; value: ReactNode; total?: boolean }> }) {
  return (
    <dl aria-label={label} className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
      {rows.map((row) => (
        <div key={row.label} className={`flex justify-between gap-4 py-2 ${row.total ? 'font-semibold text-slate-900 dark:text-slate-100' : ''}`}>
          <dt className="text-slate-600 dark:text-slate-300">{row.label}</dt>
          <dd className="text-right tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
