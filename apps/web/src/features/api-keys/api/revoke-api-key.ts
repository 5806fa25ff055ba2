import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { apiKeyResponse, revokeApiKeyQuery } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { ApiKey } from '../types/api-key';
import { apiKeysPath, apiKeysQueryKey } from './get-api-keys';

export async function revokeApiKey(projectId: string, keyId: string): Promise<ApiKey> {
  const { apiKey } = await apiFetch<z.infer<typeof apiKeyResponse>>(apiKeysPath(projectId), {
    method: 'DELETE',
    query: { keyId } satisfies z.input<typeof revokeApiKeyQuery>,
  });
  return apiKey;
}

export function useRevokeApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(projectId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(projectId) }),
  });
}
