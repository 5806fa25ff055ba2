// The NFT shapes the server's NFT views return (ADR 060–062), shared by the console's collection pages and the
// end user's collection; derived from the server's schemas (@keepsake/wire; docs/decisions/087).
import type { mintStatsResponse, nftViewSchema, registeredNftsResponse, collectionNftsResponse } from '@keepsake/wire/console/collection-nfts';
import type { z } from 'zod';

/** One NFT as the console's created/nfts page and the end user's collection receive it. */
export type NftView = z.infer<typeof nftViewSchema>;

export type NftStatus = NftView['status'];

export type NftPage = z.infer<typeof collectionNftsResponse>;

/** GET /api/console/collections/{id}/mint-stats */
export type MintStats = z.infer<typeof mintStatsResponse>;

/** GET /api/console/collections/{id}/registered-nfts */
export type RegisteredNfts = z.infer<typeof registeredNftsResponse>;

export type Supply = RegisteredNfts['supply'];
