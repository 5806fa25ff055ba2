import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { Image } from '../../../components/ui/image';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { Pagination } from '../../../components/pagination';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { COLLECTIONS_PER_PAGE, useCollections } from '../api/get-collections';
import type { Collection } from '../types/collection';
import { DeployStatusBadge } from './deploy-status-badge';

const linkClass = 'font-semibold text-indigo-700 hover:underline dark:text-indigo-300';

/** The project's collections, newest first, a page at a time. */
export function CollectionsTable({ projectId, canCreate }: { projectId: string; canCreate: boolean }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const collections = useCollections(projectId, page);

  if (collections.isPending) return <SkeletonRows label={t('collections.loading')} />;
  if (collections.isError) return <ErrorMessage error={collections.error} />;
  const { total } = collections.data;
  if (total === 0) {
    return (
      <EmptyState title={t('collections.empty')} description={t('collections.emptyBody')}>
        {canCreate && (
          <Link to="/console/create-collection" className={linkClass}>
            {t('collections.create')}
          </Link>
        )}
      </EmptyState>
    );
  }
  const columns: DataColumn<Collection>[] = [
    {
      id: 'name',
      header: t('collections.name'),
      kind: 'primary',
      cell: (collection) => (
        <div className="flex items-center gap-3">
          <Image src={collection.imagePreviewUrl} alt="" seed={collection.id} className="size-8 rounded" />
          <span>
            <Link to={`/console/collections/${collection.id}/dashboard`} className={linkClass}>
              {collection.metadata.name}
            </Link>
            {collection.metadata.symbol && <span className="ml-2 font-mono text-xs text-slate-600 dark:text-slate-400">{collection.metadata.symbol}</span>}
          </span>
        </div>
      ),
    },
    { id: 'chain', header: t('collections.chain'), cell: (collection) => collection.deploy.chainName, className: 'whitespace-nowrap' },
    { id: 'type', header: t('collections.type'), cell: (collection) => t(`collections.fungibility.${collection.fungibility}`), className: 'whitespace-nowrap' },
    { id: 'deploy', header: t('collections.deployStatus'), cell: (collection) => <DeployStatusBadge status={collection.onChain.status} /> },
    { id: 'created', header: t('common.created'), cell: (collection) => <DateTime value={collection.createdAt} dateOnly /> },
  ];
  return (
    <div className="space-y-3">
      <DataTable
        caption={t('collections.title')}
        columns={columns}
        rows={collections.data.collections}
        rowKey={(collection) => collection.id}
        busy={collections.isPlaceholderData}
      />
      <Pagination
        label={t('collections.pages')}
        page={page}
        pages={Math.max(1, Math.ceil(total / COLLECTIONS_PER_PAGE))}
        onPageChange={setPage}
        busy={collections.isPlaceholderData}
      />
    </div>
  );
}
