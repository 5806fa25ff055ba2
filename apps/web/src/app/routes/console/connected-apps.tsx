import { useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useConnectedApps, useCreateConnectedApp, type CreatedConnectedApp } from '../../../features/connected-apps/api/connected-apps';
import { ConnectedAppForm } from '../../../features/connected-apps/components/connected-app-form';
import { ConnectedAppsList } from '../../../features/connected-apps/components/connected-apps-list';
import { CreatedSecret } from '../../../features/connected-apps/components/created-secret';
import { IdentityProviderSettings } from '../../../features/connected-apps/components/identity-provider-settings';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/projects/connected-apps`: the project's OpenID Connect identity provider and its connected apps (docs/identity-provider.md). */
export function Component() {
  return (
    <WithCurrentProject>
      {(project) => <ConnectedAppsPage key={project.id} projectId={project.id} canManage={canManageProject(project.role)} />}
    </WithCurrentProject>
  );
}

function ConnectedAppsPage({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const t = useT();
  const apps = useConnectedApps(projectId);
  const create = useCreateConnectedApp(projectId);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedConnectedApp | null>(null);
  return (
    <ConsolePage
      title={t('connectedApps.title')}
      actions={canManage && !adding && <Button onClick={() => (setCreated(null), setAdding(true))}>{t('connectedApps.add')}</Button>}
    >
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('connectedApps.intro')}</p>
      {!canManage && <p className="text-sm text-slate-500">{t('connectedApps.readOnly')}</p>}
      {apps.isPending && <LoadingState label={t('connectedApps.loading')} />}
      {apps.isError && <ErrorMessage error={apps.error} />}
      {created && <CreatedSecret created={created} onDone={() => setCreated(null)} />}
      {adding && (
        <ConnectedAppForm
          pending={create.isPending}
          error={create.error}
          onCancel={() => (create.reset(), setAdding(false))}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (answer) => {
                setAdding(false);
                setCreated(answer);
              },
            })
          }
        />
      )}
      {apps.data && (
        <div className="space-y-10">
          <ConnectedAppsList projectId={projectId} apps={apps.data.apps} canManage={canManage} />
          <IdentityProviderSettings
            key={apps.data.identityProvider.authorizationUrl ?? ''}
            projectId={projectId}
            provider={apps.data.identityProvider}
            canManage={canManage}
          />
        </div>
      )}
    </ConsolePage>
  );
}
