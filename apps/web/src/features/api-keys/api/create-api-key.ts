import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createApiKeyBody, createdApiKeyResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { ApiKey } from '../types/api-key';
import { apiKeysPath, apiKeysQueryKey } from './get-api-keys';

/** The form's values, and the body they become: the server's own schema checks the form (docs/decisions/087). */
export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export type CreatedApiKey = z.infer<typeof createdApiKeyResponse>;

export function createApiKey(projectId: string, input: CreateApiKeyBody): Promise<CreatedApiKey> {
  return apiFetch<CreatedApiKey>(apiKeysPath(projectId), { method: 'POST', body: input });
}

/**
 * Creates a key. The secret is handed to `onSecret` and never becomes the
 * mutation's data, so it stays out of every cache (the data is the key alone).
 */
export function useCreateApiKey(projectId: string, onSecret: (created: CreatedApiKey) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyBody): Promise<ApiKey> => {
      const created = await createApiKey(projectId, input);
      onSecret(created);
      return created.apiKey;
    },
    meta: { toast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(projectId) }),
  });
}
