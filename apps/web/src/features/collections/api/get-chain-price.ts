import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainPriceResponse } from '@keepsake/wire/developer/prices';
import { apiFetch } from '../../../lib/api-client';

export function chainPriceQueryOptions(chain: string) {
  return queryOptions({
    queryKey: ['blockchain', chain, 'price'] as const,
    queryFn: ({ signal }) => apiFetch<ChainPriceResponse>(`/api/blockchain/${encodeURIComponent(chain)}/price`, { signal }),
    staleTime: 60_000,
  });
}

/** The rates checkout uses on `chain` (§7 GET /api/blockchain/{chain}/price), with whether they are dev rates. */
export function useChainPrice(chain: string) {
  return useQuery(chainPriceQueryOptions(chain));
}
