import { useT } from '../lib/i18n/translate-context';
import { Button } from './button';

/**
 * Previous/next page controls. `pages` is the page count when it is known (a list with a total); without
 * it, `hasNext` says whether another page may follow.
 */
export function Pagination({
  label,
  page,
  pages,
  hasNext,
  onPageChange,
  busy = false,
}: {
  label: string;
  page: number;
  pages?: number;
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  busy?: boolean;
}) {
  const t = useT();
  const next = pages !== undefined ? page < pages : Boolean(hasNext);
  if (page <= 1 && !next) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4 pt-2">
      <Button variant="secondary" disabled={page <= 1 || busy} onClick={() => onPageChange(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-slate-500" aria-live="polite">
        {pages !== undefined ? t('pagination.pageOf', { page, pages }) : t('pagination.page', { page })}
      </p>
      <Button variant="secondary" disabled={!next || busy} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
