import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { endpointResponse, updateEndpointBody } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export type UpdateEndpointInput = z.input<typeof updateEndpointBody>;

export async function updateEndpoint(projectId: string, endpointId: string, input: UpdateEndpointInput): Promise<WebhookEndpoint> {
  const { endpoint } = await apiFetch<z.infer<typeof endpointResponse>>(endpointPath(projectId, endpointId), { method: 'PATCH', body: input });
  return endpoint;
}

/** Also used for the enable/disable switch. */
export function useUpdateEndpoint(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, ...input }: UpdateEndpointInput & { endpointId: string }) => updateEndpoint(projectId, endpointId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
}
