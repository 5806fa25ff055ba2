import { maxWalletSearchLength } from '@keepsake/wire/console/wallets';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyableValue } from '../../../components/ui/copyable-value';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { Pagination } from '../../../components/pagination';
import { TextField } from '../../../components/text-field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { useWallets } from '../api/get-wallets';
import type { ConsoleWallet } from '../types/wallet';

function positiveInt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function WalletsTable({ projectId, wallets, busy }: { projectId: string; wallets: ConsoleWallet[]; busy: boolean }) {
  const t = useT();
  const columns: DataColumn<ConsoleWallet>[] = [
    {
      id: 'owner',
      header: t('wallets.owner'),
      kind: 'primary',
      cell: (wallet) => <span className="font-medium [overflow-wrap:anywhere]">{wallet.owner}</span>,
    },
    {
      id: 'address',
      header: t('wallets.address'),
      cell: (wallet) => (
        <CopyableValue
          value={wallet.address}
          to={`/console/wallets/${wallet.address}?projectId=${encodeURIComponent(projectId)}`}
          copyLabel={t('wallets.copyAddressOf', { owner: wallet.owner })}
        />
      ),
    },
    { id: 'chainType', header: t('wallets.chainType'), cell: (wallet) => <span className="uppercase">{wallet.chainType}</span> },
    { id: 'created', header: t('common.created'), cell: (wallet) => <DateTime value={wallet.createdAt} /> },
  ];
  return <DataTable caption={t('wallets.title')} columns={columns} rows={wallets} rowKey={(wallet) => wallet.id} busy={busy} />;
}

/** The project's wallets, newest first, a page at a time, searchable by owner or address. Page and search live in the URL. */
export function WalletsList({ projectId }: { projectId: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'));
  const urlSearch = params.get('search') ?? '';
  const [searchInput, setSearchInput] = useState(urlSearch);
  const search = useDebouncedValue(searchInput.trim());
  const wallets = useWallets({ projectId, page, search: urlSearch });

  // A new search starts again at page 1.
  useEffect(() => {
    if (search === urlSearch) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (search) next.set('search', search);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [search, urlSearch, setParams]);

  const goToPage = (target: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  const data = wallets.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  let content;
  if (wallets.isPending) content = <SkeletonRows rows={5} />;
  else if (wallets.isError || !data) content = <ErrorMessage error={wallets.error} />;
  else if (data.total === 0 && urlSearch)
    content = <EmptyState title={t('wallets.noMatches', { search: urlSearch })} description={t('wallets.noMatchesBody')} />;
  else if (data.total === 0) content = <EmptyState title={t('wallets.empty')} description={t('wallets.emptyBody')} />;
  else content = <WalletsTable projectId={projectId} wallets={data.wallets} busy={wallets.isPlaceholderData} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TextField
          className="w-full max-w-sm"
          type="search"
          label={t('wallets.search')}
          placeholder={t('wallets.searchPlaceholder')}
          value={searchInput}
          maxLength={maxWalletSearchLength}
          onChange={(event) => setSearchInput(event.target.value)}
        />
        {data && <p className="text-sm text-slate-500">{t(data.total === 1 ? 'wallets.totalOne' : 'wallets.total', { total: data.total.toLocaleString() })}</p>}
      </div>
      {content}
      {data && data.total > 0 && <Pagination label={t('wallets.pages')} page={page} pages={pages} busy={wallets.isPlaceholderData} onPageChange={goToPage} />}
    </div>
  );
}
