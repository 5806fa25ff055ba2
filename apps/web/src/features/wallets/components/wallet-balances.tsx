import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { useWalletBalances } from '../api/get-wallet-balances';
import { WalletSection } from './wallet-section';

/** The wallet's balances per token and chain, read from the chains; amounts are shown as the decimal strings they are. */
export function WalletBalances({ projectId, address }: { projectId: string; address: string }) {
  const t = useT();
  const balances = useWalletBalances(projectId, address);
  let content;
  if (balances.isPending) content = <SkeletonRows rows={2} />;
  else if (balances.isError) content = <ErrorMessage error={balances.error} />;
  else if (balances.data.length === 0) content = <EmptyState title={t('wallets.noBalances')} description={t('wallets.noBalancesBody')} />;
  else {
    const rows = balances.data.flatMap((token) => Object.entries(token.chains).map(([chain, balance]) => ({ token, chain, balance })));
    type BalanceRow = (typeof rows)[number];
    const columns: DataColumn<BalanceRow>[] = [
      {
        id: 'token',
        header: t('wallets.token'),
        kind: 'primary',
        cell: ({ token }) => (
          <>
            <span className="font-medium uppercase">{token.symbol}</span> <span className="text-slate-600 dark:text-slate-400">{token.name}</span>
          </>
        ),
      },
      { id: 'chain', header: t('wallets.chain'), cell: ({ chain }) => chain },
      { id: 'amount', header: t('wallets.amount'), cell: ({ balance }) => <span className="font-mono tabular-nums">{balance.amount}</span> },
      {
        id: 'raw',
        wideInCard: true,
        header: t('wallets.baseUnits'),
        cell: ({ balance }) => (
          <span className="font-mono text-xs text-slate-600 tabular-nums [overflow-wrap:anywhere] dark:text-slate-400">{balance.rawAmount}</span>
        ),
      },
    ];
    content = (
      <DataTable caption={t('wallets.balances')} columns={columns} rows={rows} rowKey={({ token, chain }) => `${token.symbol}:${token.decimals}:${chain}`} />
    );
  }
  return (
    <WalletSection id="wallet-balances" title={t('wallets.balances')}>
      {content}
    </WalletSection>
  );
}
