import { DataTable } from '../../../components/data-table';
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
    content = (
      <DataTable caption={t('wallets.balances')} headings={[t('wallets.token'), t('wallets.chain'), t('wallets.amount'), t('wallets.baseUnits')]}>
        {rows.map(({ token, chain, balance }) => (
          <tr key={`${token.symbol}:${token.decimals}:${chain}`}>
            <th scope="row" className="px-3 py-2 text-left font-medium">
              <span className="uppercase">{token.symbol}</span> <span className="font-normal text-slate-500">{token.name}</span>
            </th>
            <td className="px-3 py-2">{chain}</td>
            <td className="px-3 py-2 font-mono tabular-nums">{balance.amount}</td>
            <td className="px-3 py-2 font-mono text-xs text-slate-500 tabular-nums">{balance.rawAmount}</td>
          </tr>
        ))}
      </DataTable>
    );
  }
  return (
    <WalletSection id="wallet-balances" title={t('wallets.balances')}>
      {content}
    </WalletSection>
  );
}
