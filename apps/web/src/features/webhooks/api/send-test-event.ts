import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { attemptsQueryKey } from './get-attempts';
import { endpointPath } from './get-endpoints';

export function sendTestEvent(projectId: string, endpointId: string, eventType: string): Promise<{ messageId: string }> {
  return apiFetch<{ messageId: string }>(`${endpointPath(projectId, endpointId)}/test`, { method: 'POST', body: { eventType } });
}

export function useSendTestEvent(projectId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventType: string) => sendTestEvent(projectId, endpointId, eventType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptsQueryKey(projectId, endpointId) }),
  });
}
