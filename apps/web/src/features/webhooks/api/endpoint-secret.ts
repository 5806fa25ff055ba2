import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { endpointWithSecretResponse, secretResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export async function revealSecret(projectId: string, endpointId: string): Promise<string> {
  const { secret } = await apiFetch<z.infer<typeof secretResponse>>(`${endpointPath(projectId, endpointId)}/secret`);
  return secret;
}

export function rotateSecret(projectId: string, endpointId: string): Promise<z.infer<typeof endpointWithSecretResponse>> {
  return apiFetch<z.infer<typeof endpointWithSecretResponse>>(`${endpointPath(projectId, endpointId)}/secret/rotate`, { method: 'POST' });
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
