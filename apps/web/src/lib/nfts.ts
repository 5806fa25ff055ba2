// The NFT shapes the server's NFT views return (ADR 060–062), shared by the console's collection pages and the
// end user's collection.
export type NftStatus = 'pending' | 'success' | 'failed';

/** One NFT as the console's created/nfts page and the end user's collection receive it. */
export type NftView = {
  id: string;
  chain: string;
  chainName: string;
  status: NftStatus;
  tokenStandard: 'erc-721' | 'erc-1155';
  contractAddress: string | null;
  /** A uint256 as a decimal string; null until minted. */
  tokenId: string | null;
  ownerAddress: string;
  metadata: { name: string; image: string | null; description: string | null };
  /** The token on the chain's block explorer; null where there is none (the devnet) or before it is minted. */
  explorerUrl: string | null;
  createdAt: string;
};

export type NftPage = { nfts: NftView[]; page: number; perPage: number; total: number };

/** GET /api/console/collections/{id}/mint-stats */
export type MintStats = { pending: number; success: number; failed: number; total: number };

export type Supply = { limit: number | null; minted: number; pending: number };

/** GET /api/console/collections/{id}/registered-nfts */
export type RegisteredNfts = {
  supply: Supply;
  templates: Array<{ templateId: string; tokenId: string; metadata: NftView['metadata']; supply: Supply; createdAt: string }>;
  page: number;
  perPage: number;
  total: number;
};
