import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { attemptsQueryKey } from './get-attempts';
import { endpointPath } from './get-endpoints';

export function resendMessage(projectId: string, endpointId: string, messageId: string): Promise<{ messageId: string }> {
  return apiFetch<{ messageId: string }>(`${endpointPath(projectId, endpointId)}/resend`, { method: 'POST', body: { messageId } });
}

export function useResendMessage(projectId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => resendMessage(projectId, endpointId, messageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptsQueryKey(projectId, endpointId) }),
  });
}
