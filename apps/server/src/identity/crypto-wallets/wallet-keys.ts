// Wallet addresses in canonical form, and the Solana signature check (docs/decisions/099).
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { cryptoWalletTypes, type CryptoWalletType } from '@keepsake/wire/sdk/crypto-wallets';
import { InvalidCryptoWalletAddressError, InvalidCryptoWalletTypeError } from './errors.ts';

export type WalletKey = { walletType: CryptoWalletType; address: string };

const ethereumAddress = /^0x[0-9a-fA-F]{40}$/;

function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

/**
 * The wallet in the form it is stored and compared: an Ethereum address lower-cased (the same account whatever its
 * EIP-55 letter case), a Solana address as given (base58 is case-sensitive) once it decodes to 32 bytes.
 * @throws InvalidCryptoWalletTypeError, InvalidCryptoWalletAddressError
 */
export function walletKeyOf(type: string, address: string): WalletKey {
  const walletType = cryptoWalletTypes.find((known) => known === type.toLowerCase());
  if (!walletType) throw new InvalidCryptoWalletTypeError(type);
  if (walletType === 'ethereum') {
    if (!ethereumAddress.test(address)) throw new InvalidCryptoWalletAddressError(walletType);
    return { walletType, address: address.toLowerCase() };
  }
  if (decodeBase58(address)?.length !== 32) throw new InvalidCryptoWalletAddressError(walletType);
  return { walletType, address };
}

/** Whether `signature` (base58 of 64 bytes) is the ed25519 signature of the UTF-8 `message` by the Solana `address`. */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  const publicKey = decodeBase58(address);
  const bytes = decodeBase58(signature);
  if (publicKey?.length !== 32 || bytes?.length !== 64) return false;
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey);
  } catch {
    return false;
  }
}
