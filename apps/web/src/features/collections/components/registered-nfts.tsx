import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { NftImage } from '../../../components/nft-image';
import { Pagination } from '../../../components/pagination';
import { useT } from '../../../lib/i18n/translate-context';
import { TEMPLATES_PER_PAGE, useRegisteredNfts } from '../api/get-collection-nfts';
import type { Collection } from '../types/collection';
import type { Supply } from '../../../lib/nfts';

function SupplyFacts({ supply }: { supply: Supply }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-3 gap-4">
      <div>
        <dt className="text-sm text-slate-500">{t('nfts.supply.minted')}</dt>
        <dd className="mt-1 text-2xl font-semibold">{supply.minted.toLocaleString()}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500">{t('nfts.supply.pending')}</dt>
        <dd className="mt-1 text-2xl font-semibold">{supply.pending.toLocaleString()}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500">{t('nfts.supply.limit')}</dt>
        <dd className="mt-1 text-2xl font-semibold">{supply.limit === null ? t('collections.unlimited') : supply.limit.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

/** "3 of 10" (with a limit) or "3 (no limit)". */
function usedOf(t: ReturnType<typeof useT>, supply: Supply): string {
  return supply.limit === null
    ? t('nfts.supply.usedUnlimited', { used: supply.minted.toLocaleString() })
    : t('nfts.supply.usedOf', { used: supply.minted.toLocaleString(), limit: supply.limit.toLocaleString() });
}

/**
 * `registered/nfts` (ADR 062): what the collection has registered for minting. A semi-fungible collection's
 * templates, each with its supply minted, pending and allowed; a non-fungible collection's supply.
 */
export function RegisteredNfts({ collection }: { collection: Collection }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const registered = useRegisteredNfts(collection.id, page);
  const semi = collection.fungibility === 'semi-fungible';

  if (registered.isPending) return <SkeletonRows rows={3} label={t('nfts.loadingRegistered')} />;
  if (registered.isError) return <ErrorMessage error={registered.error} />;
  const { supply, templates, total } = registered.data;
  const templateColumns: DataColumn<(typeof templates)[number]>[] = [
    {
      id: 'name',
      header: t('nfts.name'),
      kind: 'primary',
      cell: (template) => (
        <div className="flex items-center gap-3">
          <NftImage src={template.metadata.image} name={template.metadata.name} seed={String(template.templateId)} className="size-10 rounded" />
          <span className="font-medium break-words">{template.metadata.name}</span>
        </div>
      ),
    },
    { id: 'tokenId', header: t('nfts.tokenId'), cell: (template) => <span className="font-mono">{template.tokenId}</span> },
    { id: 'used', header: t('nfts.registered.used'), cell: (template) => usedOf(t, template.supply), className: 'whitespace-nowrap' },
    { id: 'pending', header: t('nfts.supply.pending'), cell: (template) => template.supply.pending.toLocaleString() },
  ];

  return (
    <div className="space-y-6">
      <section aria-labelledby="registered-supply-title" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="registered-supply-title" className="mb-3 text-base font-semibold">
          {t('nfts.registered.supplyTitle')}
        </h2>
        <SupplyFacts supply={supply} />
        {!semi && <p className="mt-3 text-sm text-slate-500">{t('nfts.registered.nonFungible')}</p>}
      </section>
      {semi && (
        <section aria-labelledby="registered-templates-title" className="space-y-4">
          <h2 id="registered-templates-title" className="text-base font-semibold">
            {t('nfts.registered.templatesTitle')}
          </h2>
          {total === 0 ? (
            <EmptyState title={t('nfts.registered.empty')} description={t('nfts.registered.emptyBody')} />
          ) : (
            <DataTable
              caption={t('nfts.registered.caption', { name: collection.metadata.name })}
              columns={templateColumns}
              rows={templates}
              rowKey={(template) => String(template.templateId)}
              busy={registered.isPlaceholderData}
            />
          )}
          <Pagination
            label={t('nfts.registered.pages')}
            page={page}
            pages={Math.max(1, Math.ceil(total / TEMPLATES_PER_PAGE))}
            busy={registered.isPlaceholderData}
            onPageChange={setPage}
          />
        </section>
      )}
      <Link
        to={`/console/collections/${collection.id}/created/nfts`}
        className="inline-block text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400"
      >
        {t('nfts.registered.seeCreated')}
      </Link>
    </div>
  );
}
