import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { API_KEY_ENVIRONMENTS } from '../types/api-key';
import type { ApiKey, ApiKeyEnvironment } from '../types/api-key';
import { apiKeysPath, apiKeysQueryKey } from './get-api-keys';

export function createApiKeySchema(nameRequiredMessage: string) {
  return z.object({
    name: z.string().trim().min(1, nameRequiredMessage).max(64),
    environment: z.enum(API_KEY_ENVIRONMENTS),
    scopes: z.array(z.string()),
  });
}
export type CreateApiKeyInput = z.input<ReturnType<typeof createApiKeySchema>>;

export type CreatedApiKey = { apiKey: ApiKey; secret: string };

export function createApiKey(projectId: string, input: { name: string; environment: ApiKeyEnvironment; scopes: string[] }): Promise<CreatedApiKey> {
  return apiFetch<CreatedApiKey>(apiKeysPath(projectId), { method: 'POST', body: input });
}

/**
 * Creates a key. The secret is handed to `onSecret` and never becomes the
 * mutation's data, so it stays out of every cache (the data is the key alone).
 */
export function useCreateApiKey(projectId: string, onSecret: (created: CreatedApiKey) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; environment: ApiKeyEnvironment; scopes: string[] }): Promise<ApiKey> => {
      const created = await createApiKey(projectId, input);
      onSecret(created);
      return created.apiKey;
    },
    meta: { toast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(projectId) }),
  });
}
