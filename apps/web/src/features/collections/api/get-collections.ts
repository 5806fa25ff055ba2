import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CollectionsPage } from '../types/collection';

export const COLLECTIONS_PER_PAGE = 20;
/** How often a list or page with a deploy in flight refreshes. */
export const DEPLOY_POLL_MS = 1500;

export const collectionsQueryKey = (projectId: string) => ['console', 'collections', projectId] as const;

export function getCollections(projectId: string, page: number, signal?: AbortSignal): Promise<CollectionsPage> {
  return apiFetch<CollectionsPage>('/api/v1-alpha1/collections', { query: { projectId, page, perPage: COLLECTIONS_PER_PAGE }, signal });
}

export function collectionsQueryOptions(projectId: string, page: number) {
  return queryOptions({
    queryKey: [...collectionsQueryKey(projectId), page],
    queryFn: ({ signal }) => getCollections(projectId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.collections.some((c) => c.onChain.status === 'pending') ? DEPLOY_POLL_MS : false),
  });
}

export function useCollections(projectId: string, page: number) {
  return useQuery(collectionsQueryOptions(projectId, page));
}
