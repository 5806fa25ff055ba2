// The port through which the wallets domain lists the NFTs a wallet holds (ADR 039). The collections domain
// implements it over its NFT records (collections/nft-holdings.ts); the minting task keeps that
// implementation in step with its tables. Wallets never query another domain's tables.
import type { NftMetadata } from '@keepsake/db/schema';

/** One NFT as GET /wallets/{locator}/nfts shows it. */
export type HeldNft = {
  chain: string;
  contractAddress: string;
  /** A uint256 as a decimal string. */
  tokenId: string;
  tokenStandard: 'erc-721' | 'erc-1155';
  metadata: NftMetadata;
};

export type ListHeldNftsParameters = {
  projectId: string;
  /** EIP-55 checksummed. */
  address: string;
  /** Only these chains (at least one). */
  chains: readonly string[];
  page: number;
  perPage: number;
};

export type NftHoldingsReader = {
  /**
   * The NFTs minted by `projectId` that `address` holds on `chains`, newest first, one page. Only NFTs that
   * exist on chain (status success, with a contract address and token id) are held.
   */
  listHeld(parameters: ListHeldNftsParameters): Promise<HeldNft[]>;
};
