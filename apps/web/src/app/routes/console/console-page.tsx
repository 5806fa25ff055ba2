import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import type { Project } from '../../../features/projects/types/project';
import { useT } from '../../../lib/i18n/translate-context';

/** A console page: a heading, optional actions, then the content. */
export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** Renders `children` with the current project, or an empty state when the user has none. */
export function WithCurrentProject({ children }: { children: (project: Project) => ReactNode }) {
  const t = useT();
  const { project } = useCurrentProject();
  if (!project) {
    return (
      <EmptyState title={t('console.noProject')} description={t('console.noProjectBody')}>
        <Link to="/console/overview" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t('console.goToOverview')}
        </Link>
      </EmptyState>
    );
  }
  return <>{children(project)}</>;
}
