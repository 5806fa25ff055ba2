import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { queuedMessageResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { attemptsQueryKey } from './get-attempts';
import { endpointPath } from './get-endpoints';

/** `eventType` is one the server offers (`GET /api/console/webhooks/event-types`). */
export function sendTestEvent(projectId: string, endpointId: string, eventType: string): Promise<z.infer<typeof queuedMessageResponse>> {
  return apiFetch<z.infer<typeof queuedMessageResponse>>(`${endpointPath(projectId, endpointId)}/test`, { method: 'POST', body: { eventType } });
}

export function useSendTestEvent(projectId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventType: string) => sendTestEvent(projectId, endpointId, eventType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attemptsQueryKey(projectId, endpointId) }),
  });
}
