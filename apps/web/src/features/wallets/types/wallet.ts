/** A custodial wallet as the console API returns it (`/api/v1-alpha1/wallets`). */
export type ConsoleWallet = {
  id: string;
  chainType: 'evm';
  type: 'custodial';
  address: string;
  /** `email:<email>` or `userId:<id>`. */
  owner: string;
  ownerKind: 'email' | 'userId';
  authUserId: string | null;
  createdAt: string;
};

/** A chain this server reaches the wallet on. */
export type WalletChain = {
  chain: string;
  displayName: string;
  kind: 'mainnet' | 'testnet' | 'local';
  chainId: number;
  /** The wallet's page on the block explorer; null for the local devnet. */
  explorerUrl: string | null;
};

export type WalletDetails = ConsoleWallet & { chains: WalletChain[] };

export type WalletPage = { wallets: ConsoleWallet[]; page: number; perPage: number; total: number };

export type ChainBalance = { locator: string; contractAddress?: string; amount: string; rawAmount: string };

/** Amounts are decimal strings: `rawAmount` in base units, `amount` = rawAmount / 10^decimals. */
export type TokenBalance = { symbol: string; name: string; decimals: number; amount: string; rawAmount: string; chains: Record<string, ChainBalance> };

export type WalletNft = {
  chain: string;
  contractAddress: string;
  tokenId: string;
  tokenStandard: 'erc-721' | 'erc-1155';
  locator: string;
  metadata: { name: string; image?: string; description?: string };
};
