import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WalletPage } from '../types/wallet';

export const WALLETS_PER_PAGE = 20;

export type WalletListParams = { projectId: string; page: number; perPage?: number; search?: string };

/** Spec §3 "Wallet list: projectId, page, perPage", plus a search by owner or address. */
export async function getWallets(params: WalletListParams, signal?: AbortSignal): Promise<WalletPage> {
  return apiFetch<WalletPage>('/api/v1-alpha1/wallets', {
    query: { projectId: params.projectId, page: params.page, perPage: params.perPage ?? WALLETS_PER_PAGE, search: params.search || undefined },
    signal,
  });
}

export function walletsQueryOptions(params: WalletListParams) {
  return queryOptions({
    queryKey: ['console', 'wallets', params.projectId, { page: params.page, perPage: params.perPage ?? WALLETS_PER_PAGE, search: params.search ?? '' }],
    queryFn: ({ signal }) => getWallets(params, signal),
    // The list shows its own error.
    meta: { toast: false },
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useWallets(params: WalletListParams) {
  return useQuery({ ...walletsQueryOptions(params), placeholderData: keepPreviousData });
}
