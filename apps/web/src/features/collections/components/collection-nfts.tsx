import { useState } from 'react';
import { Link } from 'react-router';
import { CopyableValue } from '../../../components/ui/copyable-value';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { ExplorerLink } from '../../../components/explorer-link';
import { SkeletonRows } from '../../../components/loading-state';
import { NftImage } from '../../../components/nft-image';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/ui/select';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { COLLECTION_NFTS_PER_PAGE, useCollectionNfts } from '../api/get-collection-nfts';
import type { Collection } from '../types/collection';
import type { NftStatus, NftView } from '../../../lib/nfts';
import { NftStatusBadge } from './nft-status-badge';

const FILTERS = ['all', 'pending', 'success', 'failed'] as const;
type Filter = (typeof FILTERS)[number];

function useNftColumns(collectionId: string, showExplorer: boolean): DataColumn<NftView>[] {
  const t = useT();
  const columns: DataColumn<NftView>[] = [
    {
      id: 'name',
      header: t('nfts.name'),
      kind: 'primary',
      cell: (nft) => (
        <div className="flex min-w-40 items-center gap-3">
          <NftImage src={nft.metadata.image} name={nft.metadata.name} seed={nft.id} className="size-10 rounded" />
          <Link
            to={`/console/collections/${collectionId}/created/nfts/${nft.id}`}
            className="font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {nft.metadata.name}
          </Link>
        </div>
      ),
    },
    { id: 'status', header: t('nfts.statusHeading'), cell: (nft) => <NftStatusBadge status={nft.status} /> },
    {
      id: 'tokenId',
      header: t('nfts.tokenId'),
      cell: (nft) =>
        nft.tokenId ? (
          <span className="font-mono whitespace-nowrap">{nft.tokenId}</span>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t('nfts.notMinted')}</span>
        ),
    },
    {
      id: 'owner',
      header: t('nfts.owner'),
      cell: (nft) => <CopyableValue value={nft.ownerAddress} copyLabel={t('nfts.copyOwner', { name: nft.metadata.name })} />,
    },
    {
      id: 'created',
      header: t('nfts.created'),
      cell: (nft) => <DateTime value={nft.createdAt} className="text-slate-600 dark:text-slate-400" />,
    },
  ];
  // A chain without a block explorer (the devnet) gets no column of "No explorer".
  if (showExplorer) {
    columns.push({
      id: 'explorer',
      header: t('nfts.explorer'),
      cell: (nft) => (nft.explorerUrl ? <ExplorerLink href={nft.explorerUrl} name={nft.metadata.name} /> : <span className="text-slate-600">—</span>),
      className: 'whitespace-nowrap',
    });
  }
  return columns;
}

function NftTable({ collection, nfts, busy }: { collection: Collection; nfts: NftView[]; busy: boolean }) {
  const t = useT();
  const columns = useNftColumns(
    collection.id,
    nfts.some((nft) => nft.explorerUrl),
  );
  return <DataTable caption={t('nfts.caption', { name: collection.metadata.name })} columns={columns} rows={nfts} rowKey={(nft) => nft.id} busy={busy} />;
}

/** `created/nfts`: the collection's NFTs in every status, newest first, with a status filter and pages. */
export function CollectionNfts({ collection }: { collection: Collection }) {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const status: NftStatus | undefined = filter === 'all' ? undefined : filter;
  const nfts = useCollectionNfts(collection.id, status, page);
  const pages = nfts.data ? Math.max(1, Math.ceil(nfts.data.total / COLLECTION_NFTS_PER_PAGE)) : undefined;

  let content;
  if (nfts.isPending) content = <SkeletonRows rows={4} label={t('nfts.loading')} />;
  else if (nfts.isError) content = <ErrorMessage error={nfts.error} />;
  else if (nfts.data.total === 0)
    content =
      filter === 'all' ? (
        <EmptyState title={t('nfts.empty')} description={t('nfts.emptyBody')} />
      ) : (
        <EmptyState title={t('nfts.noMatches')} description={t('nfts.noMatchesBody')} />
      );
  else content = <NftTable collection={collection} nfts={nfts.data.nfts} busy={nfts.isPlaceholderData} />;

  return (
    <section aria-labelledby="created-nfts-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="created-nfts-title" className="text-base font-semibold">
            {t('nfts.createdTitle')}
          </h2>
          {nfts.data && (
            <p className="text-sm text-slate-500">{t(nfts.data.total === 1 ? 'nfts.totalOne' : 'nfts.total', { total: nfts.data.total.toLocaleString() })}</p>
          )}
        </div>
        <SelectField
          label={t('nfts.filter')}
          value={filter}
          onValueChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
          options={FILTERS.map((value) => ({ value, label: t(`nfts.filter.${value}`) }))}
          fieldClassName="w-48"
        />
      </div>
      {content}
      {nfts.data && pages !== undefined && (
        <Pagination label={t('nfts.pages')} page={page} pages={pages} busy={nfts.isPlaceholderData} onPageChange={setPage} />
      )}
    </section>
  );
}
