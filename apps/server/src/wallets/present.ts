// The wallets as the developer API and the console show them: the wire's shapes (@keepsake/wire/developer/wallets,
// @keepsake/wire/console/wallets), filled from the service's wallets. The key is never part of them.
import type { consoleWalletSchema, walletChainSchema } from '@keepsake/wire/console/wallets';
import type { walletSchema } from '@keepsake/wire/developer/wallets';
import type { z } from 'zod';
import type { ChainConnection } from '../chains/runtime.ts';
import type { Wallet } from './service.ts';

export function presentWallet(wallet: Wallet): z.infer<typeof walletSchema> {
  return { chainType: wallet.chainType, type: wallet.type, address: wallet.address, owner: wallet.owner, createdAt: wallet.createdAt.toISOString() };
}

export function presentConsoleWallet(wallet: Wallet): z.infer<typeof consoleWalletSchema> {
  return { ...presentWallet(wallet), id: wallet.id, ownerKind: wallet.ownerKind, authUserId: wallet.authUserId };
}

export function presentWalletChain(connection: ChainConnection, address: string): z.infer<typeof walletChainSchema> {
  return {
    chain: connection.chain,
    displayName: connection.definition.displayName,
    kind: connection.definition.kind,
    chainId: connection.chainId,
    explorerUrl: connection.explorerUrl ? `${connection.explorerUrl}/address/${address}` : null,
  };
}
