import { Link, useParams } from 'react-router';
import { EndpointDetails } from '../../../features/webhooks/components/endpoint-details';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/webhooks/{endpointId}`: one endpoint of the current project and its attempts log. */
export function Component() {
  const t = useT();
  const { endpointId = '' } = useParams();
  return (
    <WithCurrentProject>
      {(project) => (
        <ConsolePage
          title={t('webhooks.detailsTitle')}
          actions={
            <Link to="/console/webhooks" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
              {t('webhooks.backToList')}
            </Link>
          }
        >
          <EndpointDetails key={`${project.id}/${endpointId}`} projectId={project.id} endpointId={endpointId} canManage={canManageProject(project.role)} />
        </ConsolePage>
      )}
    </WithCurrentProject>
  );
}
