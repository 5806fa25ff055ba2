import { Link } from 'react-router';
import { buttonClassName } from '../../../components/button';
import { CollectionsTable } from '../../../features/collections/components/collections-table';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/collections`: the current project's collections. */
export function Component() {
  const t = useT();
  return (
    <WithCurrentProject>
      {(project) => {
        const canCreate = canManageProject(project.role);
        return (
          <ConsolePage
            title={t('collections.title')}
            actions={
              canCreate && (
                <Link to="/console/create-collection" className={buttonClassName()}>
                  {t('collections.create')}
                </Link>
              )
            }
          >
            <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('collections.intro')}</p>
            {!canCreate && <p className="text-sm text-slate-500">{t('collections.readOnly')}</p>}
            <CollectionsTable key={project.id} projectId={project.id} canCreate={canCreate} />
          </ConsolePage>
        );
      }}
    </WithCurrentProject>
  );
}
