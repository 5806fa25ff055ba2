import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { ExplorerLink } from '../../../components/explorer-link';
import { SkeletonRows } from '../../../components/loading-state';
import { NftImage } from '../../../components/nft-image';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { COLLECTION_NFTS_PER_PAGE, useCollectionNfts } from '../api/get-collection-nfts';
import type { Collection } from '../types/collection';
import type { NftStatus, NftView } from '../../../lib/nfts';
import { NftStatusBadge } from './nft-status-badge';

const FILTERS = ['all', 'pending', 'success', 'failed'] as const;
type Filter = (typeof FILTERS)[number];

function NftRow({ nft }: { nft: NftView }) {
  const t = useT();
  return (
    <tr>
      <td className="px-3 py-2">
        <div className="flex items-center gap-3">
          <NftImage src={nft.metadata.image} name={nft.metadata.name} placeholder={t('nfts.noImage')} className="size-10 shrink-0 rounded" />
          <span className="font-medium break-words">{nft.metadata.name}</span>
        </div>
      </td>
      <td className="px-3 py-2">
        <NftStatusBadge status={nft.status} />
      </td>
      <td className="px-3 py-2 font-mono whitespace-nowrap">{nft.tokenId ?? <span className="text-slate-500">{t('nfts.notMinted')}</span>}</td>
      <td className="px-3 py-2">
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs break-all">{nft.ownerAddress}</span>
          <CopyButton value={nft.ownerAddress} label={t('nfts.copyOwner', { name: nft.metadata.name })} />
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-slate-500">{formatDateTime(nft.createdAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {nft.explorerUrl ? (
          <ExplorerLink href={nft.explorerUrl} name={nft.metadata.name} />
        ) : (
          <span className="text-slate-500">{nft.tokenId ? t('nfts.noExplorer') : '—'}</span>
        )}
      </td>
    </tr>
  );
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
  else
    content = (
      <div aria-busy={nfts.isPlaceholderData || undefined}>
        <DataTable
          caption={t('nfts.caption', { name: collection.metadata.name })}
          headings={[t('nfts.name'), t('nfts.statusHeading'), t('nfts.tokenId'), t('nfts.owner'), t('nfts.created'), t('nfts.explorer')]}
        >
          {nfts.data.nfts.map((nft) => (
            <NftRow key={nft.id} nft={nft} />
          ))}
        </DataTable>
      </div>
    );

  return (
    <section aria-labelledby="created-nfts-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="created-nfts-title" className="text-base font-semibold">
            {t('nfts.createdTitle')}
          </h2>
          {nfts.data && <p className="text-sm text-slate-500">{t('nfts.total', { total: nfts.data.total.toLocaleString() })}</p>}
        </div>
        <SelectField
          label={t('nfts.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
          options={FILTERS.map((value) => ({ value, label: t(`nfts.filter.${value}`) }))}
          className="w-48"
        />
      </div>
      {content}
      {nfts.data && pages !== undefined && (
        <Pagination label={t('nfts.pages')} page={page} pages={pages} busy={nfts.isPlaceholderData} onPageChange={setPage} />
      )}
    </section>
  );
}
