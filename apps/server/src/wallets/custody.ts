// Custodial wallet keys (ADR 035): generated on the server with viem, sealed with the master key before they
// reach the database (platform/secrets.ts: AES-256-GCM under a fresh data key per key, the data key wrapped by
// the master key), and unsealed only into a viem account in memory. A viem account has no private-key
// property, so logging one shows its address and nothing else. Nothing here logs.
import type { Address, LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { seal, unseal } from '../platform/secrets.ts';

export type NewWalletKey = { address: Address; sealedPrivateKey: string };

/** A fresh EVM key: its address and the sealed private key. The plaintext key leaves this function only sealed. */
export function generateWalletKey(masterKey: Buffer): NewWalletKey {
  const privateKey = generatePrivateKey();
  return { address: privateKeyToAccount(privateKey).address, sealedPrivateKey: seal(masterKey, privateKey) };
}

export class WalletKeyMismatchError extends Error {
  override name = 'WalletKeyMismatchError';
  constructor(address: string) {
    super(`The sealed key of wallet ${address} does not open to that address.`);
  }
}

/**
 * Opens a sealed wallet key into a signing account. Throws if the master key is wrong, the envelope was
 * tampered with, or the key does not belong to `address`.
 */
export function openWalletKey(masterKey: Buffer, sealedPrivateKey: string, address: string): LocalAccount {
  const account = privateKeyToAccount(unseal(masterKey, sealedPrivateKey) as `0x${string}`);
  if (account.address !== address) throw new WalletKeyMismatchError(address);
  return account;
}
