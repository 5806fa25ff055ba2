import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { endpointDeletedResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export async function deleteEndpoint(projectId: string, endpointId: string): Promise<void> {
  await apiFetch<z.infer<typeof endpointDeletedResponse>>(endpointPath(projectId, endpointId), { method: 'DELETE' });
}

export function useDeleteEndpoint(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => deleteEndpoint(projectId, endpointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
}
