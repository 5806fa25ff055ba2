import { useT } from '../../../lib/i18n/translate-context';
import type { Collection } from '../types/collection';

/**
 * Where the dashboard's mint counts go. Minting is the next piece of work (issue 4, minting): it replaces the
 * body of this component with the real counts of `collection`. Until then it says so, and shows no number.
 */
export function MintStatsSlot({ collection }: { collection: Collection }) {
  const t = useT();
  return (
    <section aria-labelledby={`mint-stats-${collection.id}`} className="rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
      <h3 id={`mint-stats-${collection.id}`} className="text-sm font-semibold">
        {t('collections.dashboard.mints')}
      </h3>
      <p className="mt-1 text-sm text-slate-500">{t('collections.dashboard.mintsSoon')}</p>
    </section>
  );
}
