import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { useMintStats } from '../api/get-collection-nfts';
import type { Collection } from '../types/collection';

const KEYS = ['total', 'success', 'pending', 'failed'] as const;

/** The collection's mint counts (total, minted, minting, failed); refreshed while mints are pending. */
export function MintStats({ collection }: { collection: Collection }) {
  const t = useT();
  const stats = useMintStats(collection.id);
  const titleId = `mint-stats-${collection.id}`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('collections.dashboard.mints')}
      </h3>
      <div className="mt-3">
        {stats.isPending && <SkeletonRows rows={1} label={t('nfts.loadingStats')} />}
        {stats.isError && <ErrorMessage error={stats.error} />}
        {stats.data && (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-live="polite">
            {KEYS.map((key) => (
              <div key={key}>
                <dt className="text-sm text-slate-500">{t(`nfts.stats.${key}`)}</dt>
                <dd className="mt-1 text-2xl font-semibold">{stats.data[key].toLocaleString()}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
