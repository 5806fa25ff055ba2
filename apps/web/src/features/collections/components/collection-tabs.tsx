import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate-context';

const TABS = ['dashboard', 'details', 'branding', 'payments', 'orders', 'contract', 'registered/nfts', 'created/nfts'] as const;

/** The per-collection pages (spec §2: collections/{id}/dashboard, details, branding, payments, orders, contract, registered/nfts, created/nfts). */
export function CollectionTabs({ collectionId }: { collectionId: string }) {
  const t = useT();
  return (
    // Under 640 px the six tabs wrap onto a second line as pills (all visible, the current one filled) rather than
    // scrolling sideways with the current tab possibly off-screen; from 640 px they are one underlined row.
    <nav aria-label={t('collections.tabs.label')} className="sm:border-b sm:border-slate-200 sm:dark:border-slate-800">
      <ul className="flex flex-wrap gap-2 sm:-mb-px sm:flex-nowrap sm:gap-4">
        {TABS.map((tab) => (
          <li key={tab}>
            <NavLink
              to={`/console/collections/${collectionId}/${tab}`}
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap ring-1 ring-inset sm:rounded-none sm:border-b-2 sm:px-1 sm:ring-0',
                  isActive
                    ? 'bg-indigo-50 text-indigo-700 ring-indigo-200 sm:border-indigo-600 sm:bg-transparent dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-800 sm:dark:bg-transparent'
                    : 'text-slate-600 ring-slate-200 hover:text-slate-900 sm:border-transparent dark:text-slate-300 dark:ring-slate-700 dark:hover:text-white',
                )
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
