// The platform's signing keys: generated here, sealed with the master key (envelope AES-256-GCM) before they
// touch the database, unsealed into viem accounts in memory only. A viem account carries no private key
// property, so a logged account shows only its address.
import { randomUUID } from 'node:crypto';
import type { Database } from '@keepsake/db/client';
import type { Address, LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { seal, unseal } from '../platform/secrets.ts';
import { insertSignerIfAbsent, listSigners } from './store.ts';

export type PlatformSigner = { slot: number; address: Address; account: LocalAccount };

/**
 * The first `count` platform signers, creating the missing ones. Safe to run from several processes at once:
 * slots are unique, and each process reads back what won.
 */
export async function ensurePlatformSigners(db: Database, masterKey: Buffer, count: number): Promise<PlatformSigner[]> {
  let rows = await listSigners(db, count);
  if (rows.length < count) {
    const taken = new Set(rows.map((r) => r.slot));
    for (let slot = 0; slot < count; slot++) {
      if (taken.has(slot)) continue;
      const privateKey = generatePrivateKey();
      const account = privateKeyToAccount(privateKey);
      await insertSignerIfAbsent(db, { id: randomUUID(), slot, address: account.address, sealedPrivateKey: seal(masterKey, privateKey) });
    }
    rows = await listSigners(db, count);
  }
  return rows.map((row) => {
    const account = privateKeyToAccount(unseal(masterKey, row.sealedPrivateKey) as `0x${string}`);
    if (account.address !== row.address) throw new Error(`Platform signer ${row.slot} does not match its sealed key`);
    return { slot: row.slot, address: account.address, account };
  });
}
