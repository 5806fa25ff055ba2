import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiKeyDetails } from '../../../features/api-keys/components/api-key-details';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form';
import { useCurrentProject } from '../../../features/projects/hooks/use-current-project';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage } from './console-page';

/** `/console/projects/{id}/APIKeys/Create`, or a key's details with `?apiKeyId=`. */
export function Component() {
  const t = useT();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const apiKeyId = params.get('apiKeyId');
  const { projects, setProjectId } = useCurrentProject();
  const project = projects.find((item) => item.id === id);

  const back = (
    <Link to="/console/projects/apiKeys" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
      {t('apiKeys.backToList')}
    </Link>
  );

  if (!project) {
    return (
      <ConsolePage title={t('apiKeys.createTitle')} actions={back}>
        <p role="alert">{t('projects.notFound')}</p>
      </ConsolePage>
    );
  }

  if (apiKeyId) {
    return (
      <ConsolePage title={t('apiKeys.detailsTitle')} actions={back}>
        <ApiKeyDetails projectId={project.id} keyId={apiKeyId} />
      </ConsolePage>
    );
  }

  return (
    <ConsolePage title={t('apiKeys.createTitle')} actions={back}>
      <p className="text-sm text-slate-500">{t('apiKeys.forProject', { name: project.name })}</p>
      {canManageProject(project.role) ? (
        <CreateApiKeyForm
          projectId={project.id}
          onDone={() => {
            setProjectId(project.id);
            void navigate('/console/projects/apiKeys');
          }}
        />
      ) : (
        <p role="alert">{t('apiKeys.readOnly')}</p>
      )}
    </ConsolePage>
  );
}
