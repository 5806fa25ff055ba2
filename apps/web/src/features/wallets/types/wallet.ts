// The wallet shapes of the console API (`/api/v1-alpha1/wallets`), derived from the server's schemas
// (@keepsake/wire; docs/decisions/087). Amounts are decimal strings: `rawAmount` in base units,
// `amount` = rawAmount / 10^decimals.
import type { consoleWalletSchema, walletChainSchema, walletDetailsSchema, walletListResponse } from '@keepsake/wire/console/wallets';
import type { heldNftSchema, tokenBalanceSchema } from '@keepsake/wire/developer/wallets';
import type { z } from 'zod';

/** A custodial wallet; `owner` is `email:<email>` or `userId:<id>`. */
export type ConsoleWallet = z.infer<typeof consoleWalletSchema>;

/** A chain this server reaches the wallet on; `explorerUrl` is null for the local devnet. */
export type WalletChain = z.infer<typeof walletChainSchema>;

export type WalletDetails = z.infer<typeof walletDetailsSchema>;

export type WalletPage = z.infer<typeof walletListResponse>;

export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

export type ChainBalance = TokenBalance['chains'][string];

export type WalletNft = z.infer<typeof heldNftSchema>;
