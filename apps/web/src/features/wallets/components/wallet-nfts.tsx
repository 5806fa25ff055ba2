import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { NftImage } from '../../../components/nft-image';
import { Pagination } from '../../../components/pagination';
import { useT } from '../../../lib/i18n/translate-context';
import { NFTS_PER_PAGE, useWalletNfts } from '../api/get-wallet-nfts';
import type { WalletNft } from '../types/wallet';
import { WalletSection } from './wallet-section';

/** One NFT: its image (through the IPFS gateway, or the gradient when it is missing or does not load), name, chain and token id. */
function NftCard({ nft }: { nft: WalletNft }) {
  const t = useT();
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <NftImage src={nft.metadata.image} name={nft.metadata.name} seed={nft.locator} className="aspect-square w-full" />
      <div className="space-y-1 p-3 text-sm">
        <p className="font-medium break-words">{nft.metadata.name}</p>
        <p className="text-slate-500">
          {nft.chain} · {t('wallets.tokenId', { tokenId: nft.tokenId })}
        </p>
      </div>
    </li>
  );
}

/** The project's NFTs the wallet holds, a page at a time. */
export function WalletNfts({ projectId, address }: { projectId: string; address: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const nfts = useWalletNfts(projectId, address, page);
  let content;
  if (nfts.isPending) content = <SkeletonRows rows={2} />;
  else if (nfts.isError) content = <ErrorMessage error={nfts.error} />;
  else if (nfts.data.length === 0 && page === 1) content = <EmptyState title={t('wallets.noNfts')} description={t('wallets.noNftsBody')} />;
  else
    content = (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy={nfts.isPlaceholderData || undefined}>
        {nfts.data.map((nft) => (
          <NftCard key={nft.locator} nft={nft} />
        ))}
      </ul>
    );
  return (
    <WalletSection id="wallet-nfts" title={t('wallets.nfts')}>
      {content}
      {nfts.data && (
        <Pagination
          label={t('wallets.nftPages')}
          page={page}
          hasNext={nfts.data.length === NFTS_PER_PAGE}
          busy={nfts.isPlaceholderData}
          onPageChange={setPage}
        />
      )}
    </WalletSection>
  );
}
