import { queryOptions, useQuery } from '@tanstack/react-query';
import type { eventTypesResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEventType } from '../types/webhook';

export async function getEventTypes(signal?: AbortSignal): Promise<WebhookEventType[]> {
  const { eventTypes } = await apiFetch<z.infer<typeof eventTypesResponse>>('/api/console/webhooks/event-types', { signal });
  return eventTypes;
}

export function eventTypesQueryOptions() {
  return queryOptions({ queryKey: ['console', 'webhookEventTypes'], queryFn: ({ signal }) => getEventTypes(signal), staleTime: Infinity });
}

export function useEventTypes() {
  return useQuery(eventTypesQueryOptions());
}
