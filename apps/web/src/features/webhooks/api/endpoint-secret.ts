import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export async function revealSecret(projectId: string, endpointId: string): Promise<string> {
  const { secret } = await apiFetch<{ secret: string }>(`${endpointPath(projectId, endpointId)}/secret`);
  return secret;
}

export function rotateSecret(projectId: string, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  return apiFetch<{ endpoint: WebhookEndpoint; secret: string }>(`${endpointPath(projectId, endpointId)}/secret/rotate`, { method: 'POST' });
}

/**
 * Reveal and rotate hand the secret to `onSecret`, never to a cache: the mutations' data is nothing, so the
 * secret lives only in the component that shows it.
 */
export function useEndpointSecret(projectId: string, endpointId: string, onSecret: (secret: string) => void) {
  const queryClient = useQueryClient();
  const reveal = useMutation({
    mutationFn: async (): Promise<void> => onSecret(await revealSecret(projectId, endpointId)),
  });
  const rotate = useMutation({
    mutationFn: async (): Promise<void> => onSecret((await rotateSecret(projectId, endpointId)).secret),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
  return { reveal, rotate };
}
