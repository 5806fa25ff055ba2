import { queryOptions, useQuery } from '@tanstack/react-query';
import type { apiKeyListResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { ApiKey } from '../types/api-key';

export const apiKeysQueryKey = (projectId: string) => ['console', 'apiKeys', projectId] as const;

export function apiKeysPath(projectId: string): string {
  return `/api/console/projects/${encodeURIComponent(projectId)}/apiKeys`;
}

export async function getApiKeys(projectId: string, signal?: AbortSignal): Promise<ApiKey[]> {
  const { apiKeys } = await apiFetch<z.infer<typeof apiKeyListResponse>>(apiKeysPath(projectId), { signal });
  return apiKeys;
}

export function apiKeysQueryOptions(projectId: string) {
  return queryOptions({ queryKey: apiKeysQueryKey(projectId), queryFn: ({ signal }) => getApiKeys(projectId, signal) });
}

export function useApiKeys(projectId: string) {
  return useQuery(apiKeysQueryOptions(projectId));
}
