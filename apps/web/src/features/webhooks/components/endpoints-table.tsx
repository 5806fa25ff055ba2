import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BreakableUrl } from '../../../components/breakable-url';
import { BadgeList } from '../../../components/ui/badge';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { DateTime } from '../../../components/ui/date-time';
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

  const columns: DataColumn<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('webhooks.url'),
      kind: 'primary',
      className: 'max-w-md',
      cell: (endpoint) => (
        <>
          {/* A URL breaks only after its slashes and dots (<wbr>), never in the middle of a word or port. */}
          <Link to={`/console/webhooks/${endpoint.id}`} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300">
            <BreakableUrl url={endpoint.url} />
          </Link>
          {endpoint.description && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{endpoint.description}</p>}
        </>
      ),
    },
    {
      id: 'events',
      wideInCard: true,
      header: t('webhooks.events'),
      className: 'min-w-40',
      cell: (endpoint) => <BadgeList items={endpoint.eventTypes} label={t('webhooks.eventsOf', { url: endpoint.url })} />,
    },
    { id: 'status', header: t('webhooks.status'), cell: (endpoint) => <EndpointStatus projectId={projectId} endpoint={endpoint} canManage={canManage} /> },
    { id: 'created', header: t('common.created'), cell: (endpoint) => <DateTime value={endpoint.createdAt} dateOnly /> },
    {
      id: 'actions',
      header: t('common.actions'),
      hideHeader: true,
      kind: 'actions',
      cell: (endpoint) =>
        canManage ? (
          <Button variant="ghost-danger" size="sm" aria-label={t('webhooks.deleteLabel', { url: endpoint.url })} onClick={() => setDeleting(endpoint)}>
            {t('webhooks.delete')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <DataTable caption={t('webhooks.endpoints')} columns={columns} rows={endpoints.data} rowKey={(endpoint) => endpoint.id} />
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
