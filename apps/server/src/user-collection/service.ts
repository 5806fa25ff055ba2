import type { NftViews } from '../collections/nft-views.ts';
import type { IdentityService } from '../identity/service.ts';
import type { WalletService } from '../wallets/service.ts';

/**
 * The end user's collection (`/user/collection`, ADR 060): the NFTs held by the custodial wallets that any
 * project created for the signed-in platform user's verified email addresses. Read only.
 */
export function createUserCollectionService(deps: { identity: IdentityService; wallets: WalletService; nftViews: NftViews }) {
  return {
    /** A page of the user's NFTs, newest first, across projects and chains; with the total. */
    async list(platformUserId: string, page: number, perPage: number) {
      const owners = await deps.identity.emailOwnersAcrossProjects(platformUserId);
      const wallets = await deps.wallets.findWalletsForUsers(owners);
      const addresses = [...new Set(wallets.map((wallet) => wallet.address))];
      return deps.nftViews.listHeldByAddresses(addresses, page, perPage);
    },
  };
}

export type UserCollectionService = ReturnType<typeof createUserCollectionService>;
