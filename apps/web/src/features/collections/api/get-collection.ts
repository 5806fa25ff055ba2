import { queryOptions, useQuery } from '@tanstack/react-query';
import type { consoleCollectionResponse } from '@keepsake/wire/console/collections';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Collection } from '../types/collection';
import { DEPLOY_POLL_MS } from './get-collections';

export const collectionQueryKey = (collectionId: string) => ['console', 'collection', collectionId] as const;

export function collectionPath(collectionId: string): string {
  return `/api/console/collections/${encodeURIComponent(collectionId)}`;
}

export async function getCollection(collectionId: string, signal?: AbortSignal): Promise<Collection> {
  const { collection } = await apiFetch<z.infer<typeof consoleCollectionResponse>>(collectionPath(collectionId), { signal });
  return collection;
}

/** Refreshes while the contract is deploying, so the pages show it the moment it is on chain. */
export function collectionQueryOptions(collectionId: string) {
  return queryOptions({
    queryKey: collectionQueryKey(collectionId),
    queryFn: ({ signal }) => getCollection(collectionId, signal),
    refetchInterval: (query) => (query.state.data?.onChain.status === 'pending' ? DEPLOY_POLL_MS : false),
    // The page shows a missing collection itself.
    meta: { toast: false },
  });
}

export function useCollection(collectionId: string) {
  return useQuery(collectionQueryOptions(collectionId));
}
