import { useOauthClients } from '../../../features/oauth-clients/api/oauth-clients';
import { WidgetPlaygroundSection } from '../../../features/widget-playground/components/widget-playground';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/projects/branding` (spec §2): the sign-in widget playground of the current project. */
export function Component() {
  const t = useT();
  return (
    <ConsolePage title={t('widgetPlayground.title')}>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">{t('widgetPlayground.intro')}</p>
      <WithCurrentProject>
        {(project) => <ProjectBranding key={project.id} projectId={project.id} publicToken={project.publicToken} editable={canManageProject(project.role)} />}
      </WithCurrentProject>
    </ConsolePage>
  );
}

function ProjectBranding({ projectId, publicToken, editable }: { projectId: string; publicToken: string; editable: boolean }) {
  // The providers the project has an OAuth client for; until they load (or if they fail) none are offered.
  const clients = useOauthClients(projectId);
  const providers = clients.data?.clients.map((client) => client.providerType) ?? [];
  return (
    <WidgetPlaygroundSection projectId={projectId} publicToken={publicToken} oauthProviders={providers} editable={editable} endpoint={window.location.origin} />
  );
}
