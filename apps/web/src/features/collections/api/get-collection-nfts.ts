import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MintStats, NftPage, NftStatus, RegisteredNfts } from '../../../lib/nfts';
import { collectionPath } from './get-collection';
import { DEPLOY_POLL_MS } from './get-collections';

export const COLLECTION_NFTS_PER_PAGE = 20;
export const TEMPLATES_PER_PAGE = 20;

/** Counts and lists refresh while mints are pending, so a page shows each one land. */
const whilePending = (pending: boolean) => (pending ? DEPLOY_POLL_MS : false);

export function mintStatsQueryOptions(collectionId: string) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'mint-stats'],
    queryFn: ({ signal }) => apiFetch<MintStats>(`${collectionPath(collectionId)}/mint-stats`, { signal }),
    refetchInterval: (query) => whilePending((query.state.data?.pending ?? 0) > 0),
    meta: { toast: false },
  });
}

export function useMintStats(collectionId: string) {
  return useQuery(mintStatsQueryOptions(collectionId));
}

export function collectionNftsQueryOptions(collectionId: string, status: NftStatus | undefined, page: number) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'nfts', status ?? 'all', page],
    queryFn: ({ signal }) => apiFetch<NftPage>(`${collectionPath(collectionId)}/nfts`, { query: { status, page, perPage: COLLECTION_NFTS_PER_PAGE }, signal }),
    refetchInterval: (query) => whilePending(query.state.data?.nfts.some((nft) => nft.status === 'pending') ?? false),
    meta: { toast: false },
  });
}

export function useCollectionNfts(collectionId: string, status: NftStatus | undefined, page: number) {
  return useQuery({ ...collectionNftsQueryOptions(collectionId, status, page), placeholderData: keepPreviousData });
}

export function registeredNftsQueryOptions(collectionId: string, page: number) {
  return queryOptions({
    queryKey: ['console', 'collection', collectionId, 'registered-nfts', page],
    queryFn: ({ signal }) =>
      apiFetch<RegisteredNfts>(`${collectionPath(collectionId)}/registered-nfts`, { query: { page, perPage: TEMPLATES_PER_PAGE }, signal }),
    meta: { toast: false },
  });
}

export function useRegisteredNfts(collectionId: string, page: number) {
  return useQuery({ ...registeredNftsQueryOptions(collectionId, page), placeholderData: keepPreviousData });
}
