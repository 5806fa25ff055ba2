// `client.cryptoWallets` (spec §7: `/crypto_wallets/authenticate/start/primary|secondary`, then
// `/crypto_wallets/authenticate` with the signature). Not offered by this server yet: every method rejects with
// 'Provider crypto_wallets is not yet supported'.
import { defineProduct } from '../core/product.ts';
import type { AuthenticateResponse, ResponseCommon } from '../types.ts';
import { notSupported } from './not-supported.ts';

/** Spec §7 wallet sign-in start: the wallet, and optional SIWE parameters. */
export type CryptoWalletStartOptions = {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  siwe_params?: { domain?: string; uri?: string; chain_id?: string; statement?: string; issued_at?: string; not_before?: string };
};

/** Spec §7 wallet sign-in: the wallet and its signature of the challenge. */
export type CryptoWalletAuthenticateOptions = {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  signature: string;
  session_duration_minutes?: number;
};

/** `client.cryptoWallets` (rejects with 'Provider crypto_wallets is not yet supported'). */
export type CryptoWalletsApi = {
  authenticateStart(options: CryptoWalletStartOptions): Promise<ResponseCommon & { challenge: string }>;
  authenticate(options: CryptoWalletAuthenticateOptions): Promise<AuthenticateResponse>;
};

/**
 * The crypto wallet product (not supported by this server yet).
 * @example
 * import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
 */
export const cryptoWallets = defineProduct('cryptoWallets', (): CryptoWalletsApi => ({
  authenticateStart: notSupported('crypto_wallets', 'cryptoWallets.authenticateStart'),
  authenticate: notSupported('crypto_wallets', 'cryptoWallets.authenticate'),
}));
