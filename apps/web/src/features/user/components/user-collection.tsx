import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { ExplorerLink } from '../../../components/explorer-link';
import { LoadingState } from '../../../components/loading-state';
import { NftImage } from '../../../components/nft-image';
import { Pagination } from '../../../components/pagination';
import { useT } from '../../../lib/i18n/translate-context';
import { MY_NFTS_PER_PAGE, useMyNfts, type MyNft } from '../api/get-my-nfts';

function NftCard({ nft }: { nft: MyNft }) {
  const t = useT();
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <NftImage src={nft.metadata.image} name={nft.metadata.name} seed={nft.id} className="aspect-square w-full" />
      <div className="space-y-1 p-3 text-sm">
        <p className="font-medium break-words">{nft.metadata.name}</p>
        <p className="break-words text-slate-600 dark:text-slate-300">{nft.collection.name}</p>
        <p className="text-slate-500">
          {nft.chainName} · {t('collection.tokenId', { tokenId: nft.tokenId ?? '' })}
        </p>
        {nft.explorerUrl && <ExplorerLink href={nft.explorerUrl} name={nft.metadata.name} className="inline-block" />}
      </div>
    </li>
  );
}

/** `/user/collection`: the signed-in user's NFTs from their email wallets, a page at a time (ADR 060). */
export function UserCollection() {
  const t = useT();
  const [page, setPage] = useState(1);
  const nfts = useMyNfts(page);
  let content;
  if (nfts.isPending) content = <LoadingState label={t('collection.loading')} />;
  else if (nfts.isError) content = <ErrorMessage error={nfts.error} />;
  else if (nfts.data.total === 0)
    content = (
      <EmptyState title={t('collection.empty')} description={t('collection.emptyBody')}>
        <Link to="/user" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t('collection.back')}
        </Link>
      </EmptyState>
    );
  else
    content = (
      <>
        <p className="text-sm text-slate-500">
          {t(nfts.data.total === 1 ? 'collection.totalOne' : 'collection.total', { total: nfts.data.total.toLocaleString() })}
        </p>
        <ul
          aria-label={t('collection.listLabel')}
          aria-busy={nfts.isPlaceholderData || undefined}
          className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
        >
          {nfts.data.nfts.map((nft) => (
            <NftCard key={nft.id} nft={nft} />
          ))}
        </ul>
        <Pagination
          label={t('collection.pages')}
          page={page}
          pages={Math.max(1, Math.ceil(nfts.data.total / MY_NFTS_PER_PAGE))}
          busy={nfts.isPlaceholderData}
          onPageChange={setPage}
        />
      </>
    );
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12" aria-labelledby="user-collection-title">
      <h1 id="user-collection-title" className="text-2xl font-bold">
        {t('collection.title')}
      </h1>
      <div className="mt-8">{content}</div>
    </section>
  );
}
