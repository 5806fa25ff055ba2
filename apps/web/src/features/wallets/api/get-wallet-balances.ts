import { queryOptions, useQuery } from '@tanstack/react-query';
import type { walletBalancesResponse } from '@keepsake/wire/console/wallets';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { TokenBalance } from '../types/wallet';
import { walletPath } from './get-wallet';

export async function getWalletBalances(projectId: string, address: string, signal?: AbortSignal): Promise<TokenBalance[]> {
  const { balances } = await apiFetch<z.infer<typeof walletBalancesResponse>>(walletPath(address, '/balances'), { query: { projectId }, signal });
  return balances;
}

export function walletBalancesQueryOptions(projectId: string, address: string) {
  return queryOptions({
    queryKey: ['console', 'wallets', projectId, 'balances', address.toLowerCase()],
    queryFn: ({ signal }) => getWalletBalances(projectId, address, signal),
    meta: { toast: false },
  });
}

export function useWalletBalances(projectId: string, address: string) {
  return useQuery(walletBalancesQueryOptions(projectId, address));
}
