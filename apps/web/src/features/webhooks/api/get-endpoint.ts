import { queryOptions, useQuery } from '@tanstack/react-query';
import type { endpointResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';
import { endpointPath, endpointsQueryKey } from './get-endpoints';

export async function getEndpoint(projectId: string, endpointId: string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  const { endpoint } = await apiFetch<z.infer<typeof endpointResponse>>(endpointPath(projectId, endpointId), { signal });
  return endpoint;
}

export function endpointQueryOptions(projectId: string, endpointId: string) {
  return queryOptions({
    queryKey: [...endpointsQueryKey(projectId), endpointId],
    queryFn: ({ signal }) => getEndpoint(projectId, endpointId, signal),
    // The details page explains a 404 itself.
    meta: { toast: false },
  });
}

export function useEndpoint(projectId: string, endpointId: string) {
  return useQuery(endpointQueryOptions(projectId, endpointId));
}
