import { useT } from '../lib/i18n/translate-context';
import { Spinner } from './spinner';

/** A centred spinner announced as a status. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  const text = label ?? t('common.loading');
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 p-8 text-sm text-slate-500">
      <Spinner className="size-5" />
      <span>{text}</span>
    </div>
  );
}

/** Grey placeholder rows while a list loads. */
export function SkeletonRows({ rows = 3, label }: { rows?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={label ?? t('common.loading')} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}
