import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { CopyableValue } from '../../../components/ui/copyable-value';
import { Image } from '../../../components/ui/image';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { MessageKey } from '../../../lib/i18n/translate';
import { useNft, type NftDetail } from '../api/get-nft';
import { NftStatusBadge } from './nft-status-badge';

type HistoryStatus = NftDetail['history'][number]['status'];
const HISTORY_LABELS: Record<HistoryStatus, MessageKey> = {
  requested: 'nftDetail.history.requested',
  submitted: 'nftDetail.history.submitted',
  mined: 'nftDetail.history.mined',
  succeeded: 'nftDetail.history.succeeded',
  failed: 'nftDetail.history.failed',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function NftDetailSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('nftDetail.loading')} className="space-y-4">
      <div className="flex gap-4">
        <Skeleton className="size-32" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
      <Skeleton className="h-32" />
      <Skeleton className="h-24" />
    </div>
  );
}

/** Where the token is on chain: the explorer where the chain has one, else the RPC read (the devnet). */
function OnChain({ nft }: { nft: NftDetail }) {
  const t = useT();
  if (nft.explorer?.tokenUrl) {
    return (
      <a href={nft.explorer.tokenUrl} target="_blank" rel="noreferrer" className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
        {t('nftDetail.viewTokenOnExplorer')}
      </a>
    );
  }
  const read = nft.chainRead;
  if (!read) return <span className="text-slate-600 dark:text-slate-400">{t('nftDetail.notOnChainYet')}</span>;
  let outcome: string;
  if (read.error !== null || read.holdsToken === null) outcome = t('nftDetail.readFailed', { error: read.error ?? '' });
  else outcome = read.holdsToken ? t('nftDetail.holdsToken') : t('nftDetail.doesNotHoldToken');
  return (
    <div className="space-y-1">
      <p>
        <span className="text-slate-600 dark:text-slate-400">{t('nftDetail.rpcRead')}</span> <code className="font-mono text-xs">{read.call}</code>
        {read.rpcUrl && (
          <>
            {' '}
            <span className="text-slate-600 dark:text-slate-400">{t('nftDetail.rpcAt', { url: read.rpcUrl })}</span>
          </>
        )}
      </p>
      {read.holder && (
        <p>
          {t('nftDetail.holder')} <CopyableValue value={read.holder} copyLabel={t('nftDetail.copyHolder')} />
        </p>
      )}
      {read.balance !== null && <p>{t('nftDetail.balance', { balance: read.balance })}</p>}
      <p role={read.holdsToken === false || read.error !== null ? 'alert' : undefined}>{outcome}</p>
    </div>
  );
}

function NftDetailView({ nft }: { nft: NftDetail }) {
  const t = useT();
  const name = nft.metadata.name;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-4">
        <Image src={nft.metadata.image} alt={t('nftDetail.imageOf', { name })} seed={nft.id} loading="eager" className="size-32 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <span className="break-words">{name}</span>
            <NftStatusBadge status={nft.status} />
          </h2>
          {nft.metadata.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{nft.metadata.description}</p>}
          {nft.error && (
            <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
              {nft.error}
            </p>
          )}
        </div>
      </div>

      <Section id="nft-owner" title={t('nftDetail.ownerTitle')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          {nft.owner.email && <Fact label={t('nftDetail.mintedToEmail')}>{nft.owner.email}</Fact>}
          {nft.owner.userId && <Fact label={t('nftDetail.mintedToUser')}>{nft.owner.userId}</Fact>}
          <Fact label={t('nftDetail.ownerAddress')}>
            <CopyableValue value={nft.owner.address} copyLabel={t('nftDetail.copyOwnerAddress')} to={`/console/wallets/${nft.owner.address}`} />
          </Fact>
        </dl>
      </Section>

      <Section id="nft-token" title={t('nftDetail.tokenTitle')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={t('nfts.tokenId')}>
            {nft.tokenId !== null ? (
              <span className="font-mono">{nft.tokenId}</span>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">{t('nfts.notMinted')}</span>
            )}
          </Fact>
          <Fact label={t('nftDetail.standard')}>
            {nft.tokenStandard.toUpperCase()} · {nft.chainName}
          </Fact>
          <Fact label={t('nftDetail.contract')}>
            {nft.contractAddress ? <CopyableValue value={nft.contractAddress} copyLabel={t('nftDetail.copyContract')} /> : '—'}
          </Fact>
          <Fact label={t('nftDetail.transaction')}>
            {nft.transaction.hash ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                <CopyableValue value={nft.transaction.hash} copyLabel={t('nftDetail.copyTransaction')} />
                {nft.transaction.explorerUrl && (
                  <a
                    href={nft.transaction.explorerUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {t('nftDetail.viewTransaction')}
                  </a>
                )}
              </span>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">{t('nftDetail.noTransaction')}</span>
            )}
          </Fact>
          <Fact label={t('nftDetail.onChain')}>
            <OnChain nft={nft} />
          </Fact>
        </dl>
      </Section>

      <Section id="nft-attributes" title={t('nftDetail.attributesTitle')}>
        {nft.metadata.attributes.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('nftDetail.noAttributes')}</p>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-3">
            {nft.metadata.attributes.map((attribute, index) => (
              <Fact key={`${attribute.traitType ?? ''}-${index}`} label={attribute.traitType ?? t('nftDetail.attribute')}>
                {String(attribute.value)}
              </Fact>
            ))}
          </dl>
        )}
      </Section>

      <Section id="nft-history" title={t('nftDetail.historyTitle')}>
        <ol className="space-y-2 text-sm">
          {nft.history.map((event, index) => (
            <li key={`${event.status}-${index}`} className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-medium">{t(HISTORY_LABELS[event.status])}</span>
              <time dateTime={event.at} className="text-slate-600 dark:text-slate-400">
                {formatDateTime(event.at)}
              </time>
              {event.detail && <span className="text-slate-600 dark:text-slate-400">{event.detail}</span>}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** `created/nfts/{nftId}`: one NFT with its metadata, owner, token, transaction and status history (issue 11). */
export function NftDetailPage({ collectionId, nftId, onLoaded }: { collectionId: string; nftId: string; onLoaded?: (nft: NftDetail) => void }) {
  const t = useT();
  const nft = useNft(collectionId, nftId);
  const loaded = nft.data;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
  }, [loaded, onLoaded]);
  const back = (
    <Link
      to={`/console/collections/${collectionId}/created/nfts`}
      className="inline-block text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
    >
      {t('nftDetail.back')}
    </Link>
  );
  let content: ReactNode;
  if (nft.isPending) content = <NftDetailSkeleton />;
  else if (nft.isError) {
    const notFound = nft.error instanceof ApiError && (nft.error.status === 404 || nft.error.status === 400);
    content = notFound ? (
      <p role="alert" className="rounded-md bg-slate-50 p-4 text-sm dark:bg-slate-900">
        {t('nftDetail.notFound')}
      </p>
    ) : (
      <ErrorMessage error={nft.error} />
    );
  } else {
    content = <NftDetailView nft={nft.data} />;
  }
  return (
    <div className="space-y-4">
      {back}
      {content}
    </div>
  );
}
