import { NavLink } from 'react-router';
import { useT } from '../../../lib/i18n/translate-context';

const TABS = ['dashboard', 'details', 'branding', 'contract', 'registered/nfts', 'created/nfts'] as const;

/** The per-collection pages (spec §2: collections/{id}/dashboard, details, branding, contract, registered/nfts, created/nfts). */
export function CollectionTabs({ collectionId }: { collectionId: string }) {
  const t = useT();
  return (
    <nav aria-label={t('collections.tabs.label')} className="border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-4 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab}>
            <NavLink
              to={`/console/collections/${collectionId}/${tab}`}
              className={({ isActive }) =>
                `inline-block border-b-2 px-1 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'border-indigo-600 text-indigo-700 dark:text-indigo-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`
              }
            >
              {t(`collections.tabs.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
