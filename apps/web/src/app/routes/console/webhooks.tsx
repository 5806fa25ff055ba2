import { useState } from 'react';
import { Button } from '../../../components/button';
import { CreateEndpointForm } from '../../../features/webhooks/components/create-endpoint-form';
import { EndpointsTable } from '../../../features/webhooks/components/endpoints-table';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/webhooks`: the current project's endpoints, and adding one. */
export function Component() {
  const t = useT();
  const [adding, setAdding] = useState(false);
  return (
    <WithCurrentProject>
      {(project) => {
        const canManage = canManageProject(project.role);
        return (
          <ConsolePage
            title={t('webhooks.title')}
            actions={canManage && !adding && <Button onClick={() => setAdding(true)}>{t('webhooks.addEndpoint')}</Button>}
          >
            <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('webhooks.intro')}</p>
            {!canManage && <p className="text-sm text-slate-500">{t('webhooks.readOnly')}</p>}
            {adding && <CreateEndpointForm key={project.id} projectId={project.id} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}
            <EndpointsTable key={project.id} projectId={project.id} canManage={canManage} />
          </ConsolePage>
        );
      }}
    </WithCurrentProject>
  );
}
