import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export async function deleteEndpoint(projectId: string, endpointId: string): Promise<void> {
  await apiFetch<{ deleted: true }>(endpointPath(projectId, endpointId), { method: 'DELETE' });
}

export function useDeleteEndpoint(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => deleteEndpoint(projectId, endpointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
}
