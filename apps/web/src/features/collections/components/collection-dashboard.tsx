import { Link } from 'react-router';
import { Stat } from '../../../components/stat';
import { useT } from '../../../lib/i18n/translate-context';
import type { Collection } from '../types/collection';
import { DeployStatusBadge } from './deploy-status-badge';
import { MintStats } from './mint-stats';

/** Status at a glance: the deploy, the supply limit and templates; the mint counts. */
export function CollectionDashboard({ collection }: { collection: Collection }) {
  const t = useT();
  const status = collection.onChain.status;
  return (
    <div className="space-y-6">
      <section aria-labelledby="deploy-status-title" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="deploy-status-title" className="flex items-center gap-2 text-base font-semibold">
          {t('collections.dashboard.contract')} <DeployStatusBadge status={status} />
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {t(`collections.dashboard.status.${status}`, { chain: collection.deploy.chainName })}
        </p>
        {collection.deploy.error && <p className="mt-1 text-xs text-slate-500">{collection.deploy.error}</p>}
        <Link
          to={`/console/collections/${collection.id}/contract`}
          className="mt-2 inline-block text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {t('collections.dashboard.seeContract')}
        </Link>
      </section>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label={t('collections.type')} value={t(`collections.fungibility.${collection.fungibility}`)} />
        {collection.fungibility === 'non-fungible' ? (
          <Stat
            label={t('collections.supplyLimit')}
            value={collection.supplyLimit === null ? t('collections.unlimited') : collection.supplyLimit.toLocaleString()}
          />
        ) : (
          <Stat label={t('collections.templates')} value={collection.templates.toLocaleString()} />
        )}
        <Stat label={t('collections.chain')} value={collection.deploy.chainName} />
      </dl>
      <MintStats collection={collection} />
    </div>
  );
}
