import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AttemptsPage } from '../types/webhook';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export const ATTEMPTS_PER_PAGE = 20;

export const attemptsQueryKey = (projectId: string, endpointId: string) => [...endpointsQueryKey(projectId), endpointId, 'attempts'] as const;

export function getAttempts(projectId: string, endpointId: string, page: number, signal?: AbortSignal): Promise<AttemptsPage> {
  return apiFetch<AttemptsPage>(`${endpointPath(projectId, endpointId)}/attempts`, { query: { page, perPage: ATTEMPTS_PER_PAGE }, signal });
}

/** Refreshes every 2 s while a listed message is still being retried or just sent, else every 15 s. */
export function attemptsQueryOptions(projectId: string, endpointId: string, page: number, watching: boolean) {
  return queryOptions({
    queryKey: [...attemptsQueryKey(projectId, endpointId), page],
    queryFn: ({ signal }) => getAttempts(projectId, endpointId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (watching || query.state.data?.attempts.some((a) => a.messageStatus === 'pending') ? 2_000 : 15_000),
  });
}

export function useAttempts(projectId: string, endpointId: string, page: number, watching: boolean) {
  return useQuery(attemptsQueryOptions(projectId, endpointId, page, watching));
}
