import { Link, useNavigate } from 'react-router';
import { CreateCollectionForm } from '../../../features/collections/components/create-collection-form';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/create-collection`: the create flow; on success, the new collection's dashboard. */
export function Component() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <WithCurrentProject>
      {(project) => (
        <ConsolePage
          title={t('collections.createTitle')}
          actions={
            <Link to="/console/collections" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
              {t('collections.backToList')}
            </Link>
          }
        >
          <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('collections.createIntro', { project: project.name })}</p>
          {canManageProject(project.role) ? (
            <CreateCollectionForm
              key={project.id}
              projectId={project.id}
              onCreated={(collection) => void navigate(`/console/collections/${collection.id}/dashboard`)}
            />
          ) : (
            <p role="alert">{t('collections.readOnly')}</p>
          )}
        </ConsolePage>
      )}
    </WithCurrentProject>
  );
}
