import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cliTokenRevokeResponse } from '@keepsake/wire/console/cli-auth';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { cliTokensPath, cliTokensQueryKey } from './get-cli-tokens';

export async function revokeCliToken(id: string): Promise<z.infer<typeof cliTokenRevokeResponse>> {
  return apiFetch<z.infer<typeof cliTokenRevokeResponse>>(`${cliTokensPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeCliToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCliToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cliTokensQueryKey }),
  });
}
