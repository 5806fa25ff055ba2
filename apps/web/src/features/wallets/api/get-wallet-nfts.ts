import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { walletNftsResponse } from '@keepsake/wire/console/wallets';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WalletNft } from '../types/wallet';
import { walletPath } from './get-wallet';

export const NFTS_PER_PAGE = 12;

export async function getWalletNfts(projectId: string, address: string, page: number, signal?: AbortSignal): Promise<WalletNft[]> {
  const { nfts } = await apiFetch<z.infer<typeof walletNftsResponse>>(walletPath(address, '/nfts'), {
    query: { projectId, page, perPage: NFTS_PER_PAGE },
    signal,
  });
  return nfts;
}

export function walletNftsQueryOptions(projectId: string, address: string, page: number) {
  return queryOptions({
    queryKey: ['console', 'wallets', projectId, 'nfts', address.toLowerCase(), page],
    queryFn: ({ signal }) => getWalletNfts(projectId, address, page, signal),
    meta: { toast: false },
  });
}

export function useWalletNfts(projectId: string, address: string, page: number) {
  return useQuery({ ...walletNftsQueryOptions(projectId, address, page), placeholderData: keepPreviousData });
}
