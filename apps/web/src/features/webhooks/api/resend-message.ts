import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { queuedMessageResponse, resendBody } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { attemptsQueryKey } from './get-attempts';
import { endpointPath } from './get-endpoints';

export function resendMessage(projectId: string, endpointId: string, messageId: string): Promise<z.infer<typeof queuedMessageResponse>> {
  return apiFetch<z.infer<typeof queuedMessageResponse>>(`${endpointPath(projectId, endpointId)}/resend`, {
    method: 'POST',
    body: { messageId } satisfies z.input<typeof resendBody>,
  });
}

export function useResendMessage(projectId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => resendMessage(projectId, endpointId, messageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptsQueryKey(projectId, endpointId) }),
  });
}
