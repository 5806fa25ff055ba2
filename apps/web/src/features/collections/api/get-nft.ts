import { queryOptions, useQuery } from '@tanstack/react-query';
import type { consoleNftDetailResponse, consoleNftDetailSchema } from '@keepsake/wire/console/nft-detail';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { collectionPath } from './get-collection';
import { DEPLOY_POLL_MS } from './get-collections';

/** One NFT as the console's detail page shows it (ADR 093). */
export type NftDetail = z.infer<typeof consoleNftDetailSchema>;

export function nftPath(collectionId: string, nftId: string): string {
  return `${collectionPath(collectionId)}/nfts/${encodeURIComponent(nftId)}`;
}

/** Refreshes while the mint is pending, so the page shows it land. */
export function nftQueryOptions(collectionId: string, nftId: string) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'nft', nftId],
    queryFn: async ({ signal }) => (await apiFetch<z.infer<typeof consoleNftDetailResponse>>(nftPath(collectionId, nftId), { signal })).nft,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? DEPLOY_POLL_MS : false),
    // The page shows a missing NFT and other failures itself.
    meta: { toast: false },
  });
}

export function useNft(collectionId: string, nftId: string) {
  return useQuery(nftQueryOptions(collectionId, nftId));
}
