import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { formatDate } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { useDeleteEndpoint } from '../api/delete-endpoint';
import { useEndpoints } from '../api/get-endpoints';
import type { WebhookEndpoint } from '../types/webhook';
import { EndpointStatus } from './endpoint-status';

export function EndpointsTable({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const t = useT();
  const endpoints = useEndpoints(projectId);
  const remove = useDeleteEndpoint(projectId);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  if (endpoints.isPending) return <SkeletonRows />;
  if (endpoints.isError) return <ErrorMessage error={endpoints.error} />;
  if (endpoints.data.length === 0) return <EmptyState title={t('webhooks.empty')} description={t('webhooks.emptyBody')} />;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('webhooks.deletedToast'));
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        caption={t('webhooks.endpoints')}
        headings={[t('webhooks.url'), t('webhooks.events'), t('webhooks.status'), t('common.created'), { hidden: t('common.actions') }]}
      >
        {endpoints.data.map((endpoint) => (
          <tr key={endpoint.id}>
            <td className="max-w-xs px-3 py-2">
              <Link to={`/console/webhooks/${endpoint.id}`} className="font-mono text-xs break-all text-indigo-600 hover:underline dark:text-indigo-400">
                {endpoint.url}
              </Link>
              {endpoint.description && <p className="mt-0.5 text-xs text-slate-500">{endpoint.description}</p>}
            </td>
            <td className="px-3 py-2 font-mono text-xs">{endpoint.eventTypes.join(', ')}</td>
            <td className="px-3 py-2">
              <EndpointStatus projectId={projectId} endpoint={endpoint} canManage={canManage} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(endpoint.createdAt)}</td>
            <td className="px-3 py-2 text-right">
              {canManage && (
                <Button
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  aria-label={t('webhooks.deleteLabel', { url: endpoint.url })}
                  onClick={() => setDeleting(endpoint)}
                >
                  {t('webhooks.delete')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('webhooks.deleteTitle')}
        description={t('webhooks.deleteBody', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </>
  );
}
