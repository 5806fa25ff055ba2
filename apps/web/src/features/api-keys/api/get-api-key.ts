import { queryOptions, useQuery } from '@tanstack/react-query';
import type { apiKeyResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { ApiKey } from '../types/api-key';
import { apiKeysPath, apiKeysQueryKey } from './get-api-keys';

export async function getApiKey(projectId: string, keyId: string, signal?: AbortSignal): Promise<ApiKey> {
  const { apiKey } = await apiFetch<z.infer<typeof apiKeyResponse>>(apiKeysPath(projectId), { query: { keyId }, signal });
  return apiKey;
}

export function apiKeyQueryOptions(projectId: string, keyId: string) {
  return queryOptions({
    queryKey: [...apiKeysQueryKey(projectId), keyId],
    queryFn: ({ signal }) => getApiKey(projectId, keyId, signal),
    // The details view explains a 404 itself.
    meta: { toast: false },
  });
}

export function useApiKey(projectId: string, keyId: string) {
  return useQuery(apiKeyQueryOptions(projectId, keyId));
}
