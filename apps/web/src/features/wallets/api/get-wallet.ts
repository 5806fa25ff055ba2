import { queryOptions, useQuery } from '@tanstack/react-query';
import type { walletResponse } from '@keepsake/wire/console/wallets';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WalletDetails } from '../types/wallet';

export function walletPath(address: string, part = ''): string {
  return `/api/v1-alpha1/wallets/${encodeURIComponent(address)}${part}`;
}

export async function getWallet(projectId: string, address: string, signal?: AbortSignal): Promise<WalletDetails> {
  const { wallet } = await apiFetch<z.infer<typeof walletResponse>>(walletPath(address), { query: { projectId }, signal });
  return wallet;
}

export function walletQueryOptions(projectId: string, address: string) {
  return queryOptions({
    queryKey: ['console', 'wallets', projectId, 'wallet', address.toLowerCase()],
    queryFn: ({ signal }) => getWallet(projectId, address, signal),
    // The page explains a 404 itself.
    meta: { toast: false },
  });
}

export function useWallet(projectId: string, address: string) {
  return useQuery(walletQueryOptions(projectId, address));
}
