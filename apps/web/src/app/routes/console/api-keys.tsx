import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { ApiKeysTable } from '../../../features/api-keys/components/api-keys-table';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

export function Component() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <WithCurrentProject>
      {(project) => (
        <ConsolePage
          title={t('apiKeys.title')}
          actions={
            canManageProject(project.role) && (
              <Button onClick={() => void navigate(`/console/projects/${project.id}/APIKeys/Create`)}>{t('apiKeys.create')}</Button>
            )
          }
        >
          {!canManageProject(project.role) && <p className="text-sm text-slate-500">{t('apiKeys.readOnly')}</p>}
          <ApiKeysTable key={project.id} projectId={project.id} canManage={canManageProject(project.role)} />
        </ConsolePage>
      )}
    </WithCurrentProject>
  );
}
