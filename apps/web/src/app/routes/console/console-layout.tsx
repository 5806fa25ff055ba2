import { NavLink, Outlet } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { RequireAuth } from '../../../components/require-auth';
import { ProjectSwitcher } from '../../../features/projects/components/project-switcher';
import { CurrentProjectProvider, useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { useT } from '../../../lib/i18n/translate-context';
import type { MessageKey } from '../../../lib/i18n/translate';

const NAV: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: '/console/overview', label: 'console.nav.overview' },
  { to: '/console/projects', label: 'console.nav.projects', end: true },
  { to: '/console/projects/apiKeys', label: 'console.nav.apiKeys' },
  { to: '/console/projects/addMember', label: 'console.nav.members' },
  { to: '/console/projects/settings', label: 'console.nav.settings' },
  { to: '/console/collections', label: 'console.nav.collections' },
  { to: '/console/webhooks', label: 'console.nav.webhooks' },
  { to: '/console/wallets', label: 'console.nav.wallets' },
];
const COMING_SOON: MessageKey[] = [];

const itemClass = 'flex items-center justify-between rounded-md px-3 py-2 text-sm font-medium';

function ConsoleShell() {
  const t = useT();
  const { isPending, error } = useCurrentProject();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
      <aside className="border-b border-slate-200 p-4 md:w-60 md:shrink-0 md:border-r md:border-b-0 dark:border-slate-800">
        <nav aria-label={t('console.nav.label')}>
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={({ isActive }) =>
                    `${itemClass} whitespace-nowrap ${isActive ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            {COMING_SOON.map((label) => (
              <li key={label}>
                <span aria-disabled="true" className={`${itemClass} cursor-not-allowed gap-2 whitespace-nowrap text-slate-400`}>
                  {t(label)}
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-semibold uppercase dark:bg-slate-800">{t('console.comingSoon')}</span>
                </span>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1 p-4 md:p-8">
        <div className="mb-6 flex items-center justify-end gap-2">
          <ProjectSwitcher />
        </div>
        {isPending ? <LoadingState /> : error ? <ErrorMessage error={error} /> : <Outlet />}
      </div>
    </div>
  );
}

/** `/console/*`: signed-in only, with the sidebar and project switcher. */
export function Component() {
  return (
    <RequireAuth>
      {() => (
        <CurrentProjectProvider>
          <ConsoleShell />
        </CurrentProjectProvider>
      )}
    </RequireAuth>
  );
}
