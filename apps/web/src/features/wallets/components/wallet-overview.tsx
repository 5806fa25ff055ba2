import { CopyButton } from '../../../components/copy-button';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { WalletDetails } from '../types/wallet';

/** Owner, address (with copy), type, created at, and the chains this server reaches the wallet on. */
export function WalletOverview({ wallet }: { wallet: WalletDetails }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <dt className="text-sm font-medium text-slate-500">{t('wallets.owner')}</dt>
        <dd className="font-medium break-all">
          {wallet.owner} <span className="text-sm font-normal text-slate-500">({t(`wallets.kind.${wallet.ownerKind}`)})</span>
        </dd>
        <dt className="text-sm font-medium text-slate-500">{t('wallets.address')}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <code className="rounded bg-slate-100 px-2 py-1 text-sm break-all dark:bg-slate-800">{wallet.address}</code>
          <CopyButton value={wallet.address} label={t('wallets.copyAddress')} />
        </dd>
        <dt className="text-sm font-medium text-slate-500">{t('wallets.type')}</dt>
        <dd>
          {t(`wallets.type.${wallet.type}`)} · <span className="uppercase">{wallet.chainType}</span>
        </dd>
        <dt className="text-sm font-medium text-slate-500">{t('wallets.authUser')}</dt>
        <dd className="font-mono text-sm break-all">{wallet.authUserId ?? <span className="font-sans text-slate-500">{t('wallets.noAuthUser')}</span>}</dd>
        <dt className="text-sm font-medium text-slate-500">{t('common.created')}</dt>
        <dd>{formatDateTime(wallet.createdAt)}</dd>
      </dl>

      <section aria-labelledby="wallet-chains" className="space-y-2">
        <h2 id="wallet-chains" className="text-lg font-semibold">
          {t('wallets.chains')}
        </h2>
        <p className="text-sm text-slate-500">{t('wallets.chainsBody')}</p>
        {wallet.chains.length === 0 ? (
          <p className="text-sm text-slate-500">{t('wallets.noChains')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {wallet.chains.map((chain) => (
              <li key={chain.chain} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span>
                  <span className="font-medium">{chain.displayName}</span>{' '}
                  <span className="text-slate-500">
                    ({t('wallets.chainFacts', { chain: chain.chain, kind: t(`wallets.kindLabel.${chain.kind}`), chainId: chain.chainId })})
                  </span>
                </span>
                {chain.explorerUrl ? (
                  <a href={chain.explorerUrl} target="_blank" rel="noreferrer" className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
                    {t('wallets.explorer', { chain: chain.displayName })}
                  </a>
                ) : (
                  <span className="text-slate-500">{t('wallets.noExplorer')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
