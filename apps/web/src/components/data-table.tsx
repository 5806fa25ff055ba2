import type { ReactNode } from 'react';

/**
 * A bordered, horizontally scrolling table: a caption for screen readers, one column heading per entry of
 * `headings` (a heading can be visually hidden, e.g. for an actions column), and the rows as children.
 */
export function DataTable({ caption, headings, children }: { caption: string; headings: Array<string | { hidden: string }>; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-900">
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {typeof heading === 'string' ? heading : <span className="sr-only">{heading.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
