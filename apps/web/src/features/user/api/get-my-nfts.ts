import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { myNftSchema, myNftsResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const MY_NFTS_PER_PAGE = 12;

/** One of the signed-in user's NFTs, with its collection's name. */
export type MyNft = z.infer<typeof myNftSchema>;
export type MyNftPage = z.infer<typeof myNftsResponse>;

export function myNftsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['session', 'nfts', page],
    queryFn: ({ signal }) => apiFetch<MyNftPage>('/api/session/nfts', { query: { page, perPage: MY_NFTS_PER_PAGE }, signal }),
    meta: { toast: false },
  });
}

/** GET /api/session/nfts: a page of the signed-in user's NFTs (ADR 060). */
export function useMyNfts(page: number) {
  return useQuery({ ...myNftsQueryOptions(page), placeholderData: keepPreviousData });
}
