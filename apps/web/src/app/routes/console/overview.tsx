import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { OverviewOnboarding } from './overview-onboarding';
import { CreateProjectForm } from '../../../features/projects/components/create-project-form';
import { ProjectFacts } from '../../../features/projects/components/project-facts';
import { useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { useT } from '../../../lib/i18n/translate-context';
import type { MessageKey } from '../../../lib/i18n/translate';
import { ConsolePage } from './console-page';

const QUICK_LINKS: { to: string; title: MessageKey; body: MessageKey }[] = [
  { to: '/console/projects/apiKeys', title: 'overview.apiKeysTitle', body: 'overview.apiKeysBody' },
  { to: '/console/projects/addMember', title: 'overview.membersTitle', body: 'overview.membersBody' },
  { to: '/console/projects/settings', title: 'overview.settingsTitle', body: 'overview.settingsBody' },
];

export function Component() {
  const t = useT();
  const { project } = useCurrentProject();

  if (!project) {
    return (
      <ConsolePage title={t('console.nav.overview')}>
        <EmptyState title={t('overview.emptyTitle')} description={t('overview.emptyBody')}>
          <div className="mx-auto max-w-md text-left">
            <CreateProjectForm />
          </div>
        </EmptyState>
      </ConsolePage>
    );
  }

  return (
    <ConsolePage title={t('console.nav.overview')}>
      <section aria-labelledby="current-project" className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="current-project" className="mb-4 text-sm font-semibold text-slate-500 uppercase">
          {t('overview.currentProject')}
        </h2>
        <ProjectFacts project={project} showId={false} />
      </section>
      <OverviewOnboarding projectId={project.id} />
      <section aria-labelledby="quick-links">
        <h2 id="quick-links" className="text-lg font-semibold">
          {t('overview.quickLinks')}
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block h-full rounded-lg border border-slate-200 p-4 hover:border-indigo-400 dark:border-slate-800">
                <span className="font-semibold">{t(link.title)}</span>
                <span className="mt-1 block text-sm text-slate-500">{t(link.body)}</span>
              </Link>
            </li>
          ))}
          <li>
            <a href="/docs" className="block h-full rounded-lg border border-slate-200 p-4 hover:border-indigo-400 dark:border-slate-800">
              <span className="font-semibold">{t('overview.docs')}</span>
              <span className="mt-1 block text-sm text-slate-500">{t('overview.docsBody')}</span>
            </a>
          </li>
        </ul>
      </section>
    </ConsolePage>
  );
}
