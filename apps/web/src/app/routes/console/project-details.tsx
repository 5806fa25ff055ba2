import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useProject } from '../../../features/projects/api/get-project';
import { ProjectFacts } from '../../../features/projects/components/project-facts';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage } from './console-page';

export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const project = useProject(id);
  const back = (
    <Link to="/console/projects" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
      {t('projects.backToList')}
    </Link>
  );
  return (
    <ConsolePage title={project.data?.name ?? t('projects.detailsTitle')} actions={back}>
      {project.isPending && <LoadingState />}
      {project.isError &&
        (project.error instanceof ApiError && project.error.status === 404 ? (
          <p role="alert">{t('projects.notFound')}</p>
        ) : (
          <ErrorMessage error={project.error} />
        ))}
      {project.data && (
        <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
          <ProjectFacts project={project.data} />
        </div>
      )}
    </ConsolePage>
  );
}
