import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { Collection } from '../types/collection';
import { DeployStatusBadge } from './deploy-status-badge';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** The contract: chain, address, owner, deploy status and transaction, metadata URLs, and the explorer link. */
export function ContractPanel({ collection }: { collection: Collection }) {
  const t = useT();
  const { onChain, deploy } = collection;
  const address = onChain.status === 'success' ? onChain.contractAddress : undefined;
  return (
    <div className="space-y-6">
      <dl className="max-w-3xl space-y-3">
        <Row term={t('collections.chain')}>
          {deploy.chainName} <span className="font-mono text-xs text-slate-500">({onChain.chain})</span>
          {deploy.chainKind === 'local' && <p className="text-xs text-slate-500">{t('collections.contract.localChain')}</p>}
        </Row>
        <Row term={t('collections.type')}>{onChain.type === 'erc-721' ? 'ERC-721' : 'ERC-1155'}</Row>
        <Row term={t('collections.deployStatus')}>
          <DeployStatusBadge status={onChain.status} />
          {deploy.error && (
            <p role={onChain.status === 'failed' ? 'alert' : undefined} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {deploy.error}
            </p>
          )}
        </Row>
        <Row term={t('collections.contract.address')}>
          {address ? (
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs break-all">{address}</code>
              <CopyButton value={address} label={t('collections.contract.copyAddress')} />
            </span>
          ) : (
            <span className="text-slate-500">{t('collections.contract.notYet')}</span>
          )}
        </Row>
        <Row term={t('collections.contract.owner')}>{onChain.owner ? <code className="font-mono text-xs break-all">{onChain.owner}</code> : '—'}</Row>
        <Row term={t('collections.contract.transaction')}>{onChain.txId ? <code className="font-mono text-xs break-all">{onChain.txId}</code> : '—'}</Row>
        <Row term={t('collections.contract.deployedAt')}>{formatDateTime(deploy.deployedAt)}</Row>
        <Row term={t('collections.contract.explorer')}>
          {deploy.explorerUrl ? (
            <a href={deploy.explorerUrl} target="_blank" rel="noreferrer" className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
              {t('collections.contract.viewOnExplorer')}
            </a>
          ) : (
            <span className="text-slate-500">
              {deploy.chainKind === 'local' ? t('collections.contract.noExplorerLocal') : t('collections.contract.noExplorer')}
            </span>
          )}
        </Row>
        <Row term={t('collections.contract.tokenUri')}>
          <code className="font-mono text-xs break-all">{`${deploy.baseUri}{tokenId}`}</code>
        </Row>
        <Row term={t('collections.contract.contractUri')}>
          <a
            href={deploy.contractUri}
            target="_blank"
            rel="noreferrer"
            className="font-mono text-xs break-all text-indigo-600 hover:underline dark:text-indigo-400"
          >
            {deploy.contractUri}
          </a>
        </Row>
      </dl>
    </div>
  );
}
