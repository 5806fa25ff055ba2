import { maxWalletSearchLength } from '@keepsake/wire/console/wallets';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { Pagination } from '../../../components/pagination';
import { TextField } from '../../../components/text-field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { useWallets } from '../api/get-wallets';
import type { ConsoleWallet } from '../types/wallet';
import { shortAddress } from '../utils/short-address';

function positiveInt(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function WalletsTable({ projectId, wallets, busy }: { projectId: string; wallets: ConsoleWallet[]; busy: boolean }) {
  const t = useT();
  return (
    <div aria-busy={busy || undefined}>
      <DataTable caption={t('wallets.title')} headings={[t('wallets.owner'), t('wallets.address'), t('wallets.chainType'), t('common.created')]}>
        {wallets.map((wallet) => (
          <tr key={wallet.id}>
            <td className="px-3 py-2 font-medium break-all">{wallet.owner}</td>
            <td className="px-3 py-2">
              <Link
                to={`/console/wallets/${wallet.address}?projectId=${encodeURIComponent(projectId)}`}
                className="font-mono text-xs text-indigo-600 hover:underline dark:text-indigo-400"
                aria-label={wallet.address}
                title={wallet.address}
              >
                {shortAddress(wallet.address)}
              </Link>
            </td>
            <td className="px-3 py-2 uppercase">{wallet.chainType}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(wallet.createdAt)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
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
        {data && <p className="text-sm text-slate-500">{t('wallets.total', { total: data.total })}</p>}
      </div>
      {content}
      {data && data.total > 0 && <Pagination label={t('wallets.pages')} page={page} pages={pages} busy={wallets.isPlaceholderData} onPageChange={goToPage} />}
    </div>
  );
}
