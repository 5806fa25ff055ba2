import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge, BadgeList } from '../../../components/ui/badge';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import type { ApiKey } from '../types/api-key';
import { ApiKeyStatus } from './api-key-status';

export function ApiKeysTable({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const t = useT();
  const apiKeys = useApiKeys(projectId);
  const revoke = useRevokeApiKey(projectId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  if (apiKeys.isPending) return <SkeletonRows />;
  if (apiKeys.isError) return <ErrorMessage error={apiKeys.error} />;
  if (apiKeys.data.length === 0) return <EmptyState title={t('apiKeys.empty')} description={t('apiKeys.emptyBody')} />;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('apiKeys.revokedToast', { name: revoking.name }));
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  const columns: DataColumn<ApiKey>[] = [
    {
      id: 'name',
      header: t('apiKeys.name'),
      kind: 'primary',
      className: 'min-w-44',
      cell: (apiKey) => (
        <div className="space-y-1">
          <Link
            to={`/console/projects/${projectId}/APIKeys/Create?apiKeyId=${encodeURIComponent(apiKey.id)}`}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {apiKey.name}
          </Link>
          {/* Environment and status ride with the name: two short badges instead of two columns. */}
          <div className="flex flex-wrap gap-1">
            <Badge tone="info">{t(`apiKeys.env.${apiKey.environment}`)}</Badge>
            <ApiKeyStatus apiKey={apiKey} />
          </div>
        </div>
      ),
    },
    {
      id: 'scopes',
      wideInCard: true,
      header: t('apiKeys.scopes'),
      className: 'min-w-64',
      cell: (apiKey) =>
        apiKey.scopes.length > 0 ? (
          <BadgeList items={apiKey.scopes} label={t('apiKeys.scopesOf', { name: apiKey.name })} />
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t('apiKeys.noScopes')}</span>
        ),
    },
    { id: 'prefix', header: t('apiKeys.prefix'), cell: (apiKey) => <span className="font-mono text-xs whitespace-nowrap">{apiKey.prefix}…</span> },
    { id: 'created', header: t('common.created'), cell: (apiKey) => <DateTime value={apiKey.createdAt} dateOnly /> },
    {
      id: 'lastUsed',
      header: t('apiKeys.lastUsed'),
      cell: (apiKey) => (apiKey.lastUsedAt ? <DateTime value={apiKey.lastUsedAt} /> : t('apiKeys.never')),
      className: 'min-w-28',
    },
    {
      id: 'actions',
      header: t('common.actions'),
      hideHeader: true,
      kind: 'actions',
      cell: (apiKey) =>
        canManage && !apiKey.revokedAt ? (
          <Button variant="ghost-danger" size="sm" aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })} onClick={() => setRevoking(apiKey)}>
            {t('apiKeys.revoke')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <DataTable caption={t('apiKeys.title')} columns={columns} rows={apiKeys.data} rowKey={(apiKey) => apiKey.id} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('apiKeys.revokeTitle')}
        description={t('apiKeys.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      />
    </>
  );
}
