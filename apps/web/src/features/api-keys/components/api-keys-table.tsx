import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { formatDate, formatDateTime } from '../../../lib/format-date';
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

  return (
    <>
      <DataTable
        caption={t('apiKeys.title')}
        headings={[
          t('apiKeys.name'),
          t('apiKeys.environment'),
          t('apiKeys.scopes'),
          t('apiKeys.prefix'),
          t('common.created'),
          t('apiKeys.lastUsed'),
          t('apiKeys.status'),
          { hidden: t('common.actions') },
        ]}
      >
        {apiKeys.data.map((apiKey) => (
          <tr key={apiKey.id}>
            <td className="px-3 py-2 font-medium">
              <Link
                to={`/console/projects/${projectId}/APIKeys/Create?apiKeyId=${encodeURIComponent(apiKey.id)}`}
                className="text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {apiKey.name}
              </Link>
            </td>
            <td className="px-3 py-2">{t(`apiKeys.env.${apiKey.environment}`)}</td>
            <td className="px-3 py-2">
              {apiKey.scopes.length > 0 ? (
                <span className="font-mono text-xs">{apiKey.scopes.join(', ')}</span>
              ) : (
                <span className="text-slate-500">{t('apiKeys.noScopes')}</span>
              )}
            </td>
            <td className="px-3 py-2 font-mono text-xs">{apiKey.prefix}…</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(apiKey.createdAt)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('apiKeys.never')}</td>
            <td className="px-3 py-2">
              <ApiKeyStatus apiKey={apiKey} />
            </td>
            <td className="px-3 py-2 text-right">
              {canManage && !apiKey.revokedAt && (
                <Button variant="ghost" className="text-red-600 dark:text-red-400" onClick={() => setRevoking(apiKey)}>
                  {t('apiKeys.revoke')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
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
