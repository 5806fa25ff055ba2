import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CliToken, cliTokensResponse } from '@keepsake/wire/console/cli-auth';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const cliTokensQueryKey = ['console', 'account', 'cliTokens'] as const;
export const cliTokensPath = '/api/console/account/cli-tokens';

/** The signed-in developer's live CLI tokens (ADR 114), newest first. */
export async function getCliTokens(signal?: AbortSignal): Promise<CliToken[]> {
  const { tokens } = await apiFetch<z.infer<typeof cliTokensResponse>>(cliTokensPath, { signal });
  return tokens;
}

export function cliTokensQueryOptions() {
  return queryOptions({ queryKey: cliTokensQueryKey, queryFn: ({ signal }) => getCliTokens(signal) });
}

export function useCliTokens() {
  return useQuery(cliTokensQueryOptions());
}
