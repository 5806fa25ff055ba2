import { Link, Outlet, useMatches } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { RequireAuth } from '../../../components/require-auth';
import { ProjectSwitcher } from '../../../features/projects/components/project-switcher';
import { CurrentProjectProvider, useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { useT } from '../../../lib/i18n/translate-context';
import { activeSection, CONSOLE_SECTIONS } from '../../console-sections';

const itemClass = 'flex items-center rounded-md px-3 py-2 text-sm font-medium';

function ConsoleShell() {
  const t = useT();
  const { isPending, error } = useCurrentProject();
  const current = activeSection(useMatches().map((match) => match.id));
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
      {/* Below md the sections live in the header's menu (MobileMenu), not in a sideways strip. */}
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 p-4 md:block dark:border-slate-800">
        <ProjectSwitcher className="mb-4" />
        <nav aria-label={t('console.nav.label')}>
          <ul className="flex flex-col gap-1">
            {CONSOLE_SECTIONS.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  aria-current={item === current ? 'page' : undefined}
                  className={`${itemClass} ${item === current ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1 p-4 md:p-8">
        {/* On a phone the sidebar is hidden; the switcher heads the page instead. */}
        <ProjectSwitcher className="mb-6 md:hidden" />
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
