import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Badge, BadgeList } from '../../../components/ui/badge';
import { LabelledValue } from './labelled-value';
import { useT } from '../../../lib/i18n/translate-context';
import { useDeleteConnectedApp, useUpdateConnectedApp, type ConnectedApp } from '../api/connected-apps';
import { ConnectedAppForm } from './connected-app-form';

/** The project's connected apps; owners and admins edit and delete them (after a confirmation). */
export function ConnectedAppsList({ projectId, apps, canManage }: { projectId: string; apps: ConnectedApp[]; canManage: boolean }) {
  const t = useT();
  const update = useUpdateConnectedApp(projectId);
  const remove = useDeleteConnectedApp(projectId);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConnectedApp | null>(null);

  if (apps.length === 0) return <EmptyState title={t('connectedApps.emptyTitle')} description={t('connectedApps.emptyDescription')} />;

  return (
    <>
      <ul aria-label={t('connectedApps.listLabel')} className="space-y-4">
        {apps.map((app) =>
          editing === app.clientId ? (
            <li key={app.clientId}>
              <ConnectedAppForm
                app={app}
                pending={update.isPending}
                error={update.error}
                onCancel={() => {
                  update.reset();
                  setEditing(null);
                }}
                onSubmit={({ clientAuth: _auth, ...changes }) =>
                  update.mutate(
                    { clientId: app.clientId, changes },
                    {
                      onSuccess: () => {
                        setEditing(null);
                        toast.success(t('connectedApps.saved', { name: changes.clientName }));
                      },
                    },
                  )
                }
              />
            </li>
          ) : (
            <li key={app.clientId} aria-label={app.clientName} className="space-y-3 rounded-md p-4 text-sm ring-1 ring-slate-200 dark:ring-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold break-all">{app.clientName}</h3>
                <Badge tone="neutral">{t(`connectedApps.type.${app.clientType}`)}</Badge>
                <Badge tone="neutral">{t(`connectedApps.auth.${app.clientAuth}`)}</Badge>
              </div>
              <LabelledValue label={t('connectedApps.clientId')} value={app.clientId} />
              {app.clientSecretHint && <p className="text-slate-600 dark:text-slate-400">{t('connectedApps.secretHint', { hint: app.clientSecretHint })}</p>}
              <div>
                <p className="font-medium">{t('connectedApps.redirectUris')}</p>
                <ul className="mt-1 space-y-0.5 break-all text-slate-600 dark:text-slate-400">
                  {app.redirectUris.map((uri) => (
                    <li key={uri}>{uri}</li>
                  ))}
                </ul>
              </div>
              <BadgeList label={t('connectedApps.scopes')} items={app.scopes} />
              {canManage && (
                <div className="flex flex-wrap gap-3">
                  <Button variant="secondary" aria-label={t('connectedApps.edit', { name: app.clientName })} onClick={() => setEditing(app.clientId)}>
                    {t('connectedApps.editShort')}
                  </Button>
                  <Button variant="danger" aria-label={t('connectedApps.delete', { name: app.clientName })} onClick={() => setDeleting(app)}>
                    {t('connectedApps.deleteShort')}
                  </Button>
                </div>
              )}
            </li>
          ),
        )}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('connectedApps.deleteTitle', { name: deleting?.clientName ?? '' })}
        description={t('connectedApps.deleteDescription')}
        confirmLabel={t('connectedApps.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.clientId, {
            onSuccess: () => {
              toast.success(t('connectedApps.deleted', { name: deleting.clientName }));
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
