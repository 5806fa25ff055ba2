import { queryOptions, useQuery } from '@tanstack/react-query';
import type { chainsResponse } from '@keepsake/wire/console/collections';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export function chainsQueryOptions() {
  return queryOptions({
    queryKey: ['console', 'chains'] as const,
    queryFn: async ({ signal }) => (await apiFetch<z.infer<typeof chainsResponse>>('/api/console/chains', { signal })).chains,
    staleTime: Infinity,
  });
}

/** The chains this server deploys collections on. */
export function useChains() {
  return useQuery(chainsQueryOptions());
}
