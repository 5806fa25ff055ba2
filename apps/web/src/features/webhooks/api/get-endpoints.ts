import { queryOptions, useQuery } from '@tanstack/react-query';
import type { endpointListResponse } from '@keepsake/wire/console/webhooks';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';

export const endpointsQueryKey = (projectId: string) => ['console', 'webhooks', projectId] as const;

export function endpointsPath(projectId: string): string {
  return `/api/console/projects/${encodeURIComponent(projectId)}/webhooks`;
}

export function endpointPath(projectId: string, endpointId: string): string {
  return `${endpointsPath(projectId)}/${encodeURIComponent(endpointId)}`;
}

export async function getEndpoints(projectId: string, signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { endpoints } = await apiFetch<z.infer<typeof endpointListResponse>>(endpointsPath(projectId), { signal });
  return endpoints;
}

export function endpointsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: endpointsQueryKey(projectId), queryFn: ({ signal }) => getEndpoints(projectId, signal) });
}

export function useEndpoints(projectId: string) {
  return useQuery(endpointsQueryOptions(projectId));
}
