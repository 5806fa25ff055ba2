import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { HostedSale } from '../types/checkout';

export function hostedSaleQueryOptions(collectionId: string, currency: string) {
  return queryOptions({
    queryKey: ['checkout', 'sale', collectionId, currency] as const,
    queryFn: ({ signal }) => apiFetch<HostedSale>(`/api/checkout/collections/${encodeURIComponent(collectionId)}`, { query: { currency }, signal }),
    retry: false,
    meta: { toast: false },
  });
}

/** GET /api/checkout/collections/{id}: the collection on sale, priced in the buyer's currency (ADR 109). */
export function useHostedSale(collectionId: string, currency: string, enabled = true) {
  return useQuery({ ...hostedSaleQueryOptions(collectionId, currency), enabled });
}
