// `client.cryptoWallets` (spec §7: `/crypto_wallets/authenticate/start/primary|secondary`, then
// `/crypto_wallets/authenticate` with the signature). The app asks the wallet to sign the challenge (Ethereum:
// EIP-1193 `personal_sign`; Solana: `signMessage`, signature in base58). For an Ethereum wallet the SIWE
// parameters are sent when the project requires SIWE (bootstrap's `siwe_required_for_crypto_wallets`), with the
// page's origin as the URI unless one is given, as the Stytch clients do.
import { defineProduct } from '../core/product.ts';
import { checkField, checkOptions, compact } from '../core/validate.ts';
import type {
  cryptoWalletAuthenticateBody,
  cryptoWalletAuthenticateResponse,
  cryptoWalletStartBody,
  cryptoWalletStartResponse,
  SiweParams,
} from '@keepsake/wire/sdk/crypto-wallets';
import type { z } from 'zod';
import type { SdkData } from '../types.ts';

/** Spec §7 wallet sign-in start: the wallet, and optional SIWE parameters (Ethereum). */
export type CryptoWalletStartOptions = Pick<z.input<typeof cryptoWalletStartBody>, 'crypto_wallet_address' | 'crypto_wallet_type'> & {
  siwe_params?: SiweParams;
};

/** Spec §7 wallet sign-in: the wallet and its signature of the challenge. */
export type CryptoWalletAuthenticateOptions = Pick<
  z.input<typeof cryptoWalletAuthenticateBody>,
  'crypto_wallet_address' | 'crypto_wallet_type' | 'signature' | 'session_duration_minutes'
>;

export type CryptoWalletStartResponse = SdkData<typeof cryptoWalletStartResponse>;
export type CryptoWalletAuthenticateResponse = SdkData<typeof cryptoWalletAuthenticateResponse>;

/** `client.cryptoWallets`. */
export type CryptoWalletsApi = {
  /**
   * The challenge for the wallet to sign. Signed in, the wallet is added to the user (secondary start).
   * @example
   * const { challenge } = await client.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'ethereum' });
   * const signature = await ethereum.request({ method: 'personal_sign', params: [challenge, address] });
   */
  authenticateStart(options: CryptoWalletStartOptions): Promise<CryptoWalletStartResponse>;
  /**
   * Signs in with the wallet's signature of the challenge (the user is created on first sign-in).
   * @example
   * await client.cryptoWallets.authenticate({ crypto_wallet_address: address, crypto_wallet_type: 'ethereum', signature, session_duration_minutes: 60 });
   */
  authenticate(options: CryptoWalletAuthenticateOptions): Promise<CryptoWalletAuthenticateResponse>;
};

/**
 * The crypto wallet product. Pass it to `createAuthClient({ products: [cryptoWallets] })`.
 * @example
 * import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
 */
export const cryptoWallets = defineProduct('cryptoWallets', (core): CryptoWalletsApi => ({
  async authenticateStart(options) {
    checkOptions('cryptoWallets.authenticateStart', options, {
      crypto_wallet_address: { kind: 'string', required: true },
      crypto_wallet_type: { kind: 'string', required: true },
    });
    if (options.siwe_params !== undefined) checkField('cryptoWallets.authenticateStart', 'siwe_params', options.siwe_params, 'object');
    const { siwe_required_for_crypto_wallets: siweRequired } = await core.bootstrap();
    const ethereum = options.crypto_wallet_type === 'ethereum';
    const siwe =
      ethereum && (siweRequired || options.siwe_params) ? { ...options.siwe_params, uri: options.siwe_params?.uri || window.location.origin } : undefined;
    return core.transport.request<CryptoWalletStartResponse>({
      method: 'POST',
      path: core.session.hasSession() ? '/crypto_wallets/authenticate/start/secondary' : '/crypto_wallets/authenticate/start/primary',
      body: compact({
        crypto_wallet_address: options.crypto_wallet_address,
        crypto_wallet_type: options.crypto_wallet_type,
        siwe_params: siwe,
      } satisfies z.input<typeof cryptoWalletStartBody>),
    });
  },
  async authenticate(options) {
    checkOptions('cryptoWallets.authenticate', options, {
      crypto_wallet_address: { kind: 'string', required: true },
      crypto_wallet_type: { kind: 'string', required: true },
      signature: { kind: 'string', required: true },
      session_duration_minutes: 'integer',
    });
    const data = await core.transport.request<CryptoWalletAuthenticateResponse>({
      method: 'POST',
      path: '/crypto_wallets/authenticate',
      body: compact({ ...options } satisfies z.input<typeof cryptoWalletAuthenticateBody>),
    });
    core.session.update(data);
    return data;
  },
}));
