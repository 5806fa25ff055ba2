import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DeployableChain } from '../types/collection';

export function chainsQueryOptions() {
  return queryOptions({
    queryKey: ['console', 'chains'] as const,
    queryFn: async ({ signal }) => (await apiFetch<{ chains: DeployableChain[] }>('/api/console/chains', { signal })).chains,
    staleTime: Infinity,
  });
}

/** The chains this server deploys collections on. */
export function useChains() {
  return useQuery(chainsQueryOptions());
}
