import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { Pagination } from '../../../components/pagination';
import { formatDate } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { COLLECTIONS_PER_PAGE, useCollections } from '../api/get-collections';
import { DeployStatusBadge } from './deploy-status-badge';

const linkClass = 'font-semibold text-indigo-600 hover:underline dark:text-indigo-400';

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
  return (
    <div className="space-y-3">
      <DataTable
        caption={t('collections.title')}
        headings={[t('collections.name'), t('collections.chain'), t('collections.type'), t('collections.deployStatus'), t('common.created')]}
      >
        {collections.data.collections.map((collection) => (
          <tr key={collection.id}>
            <td className="px-3 py-2">
              <Link to={`/console/collections/${collection.id}/dashboard`} className={linkClass}>
                {collection.metadata.name}
              </Link>
              {collection.metadata.symbol && <span className="ml-2 font-mono text-xs text-slate-500">{collection.metadata.symbol}</span>}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{collection.deploy.chainName}</td>
            <td className="px-3 py-2 whitespace-nowrap">{t(`collections.fungibility.${collection.fungibility}`)}</td>
            <td className="px-3 py-2">
              <DeployStatusBadge status={collection.onChain.status} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(collection.createdAt)}</td>
          </tr>
        ))}
      </DataTable>
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
