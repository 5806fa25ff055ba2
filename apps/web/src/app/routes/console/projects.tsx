import { EmptyState } from '../../../components/empty-state';
import { CreateProjectForm } from '../../../features/projects/components/create-project-form';
import { ProjectsTable } from '../../../features/projects/components/projects-table';
import { useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

export function Component() {
  const t = useT();
  const { projects } = useCurrentProject();
  return (
    <ConsolePage title={t('projects.title')}>
      <section aria-labelledby="new-project" className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="new-project" className="mb-4 text-lg font-semibold">
          {t('projects.new')}
        </h2>
        <CreateProjectForm />
      </section>
      {projects.length === 0 ? <EmptyState title={t('projects.empty')} /> : <ProjectsTable />}
    </ConsolePage>
  );
}
