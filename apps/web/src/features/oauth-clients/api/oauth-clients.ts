import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { oauthClientBody, oauthClientSchema, oauthClientsResponse } from '@keepsake/wire/console/oauth-clients';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/console/projects/{id}/oauth-providers` (server schema, docs/decisions/087). */
export type OauthClients = z.output<typeof oauthClientsResponse>;
export type OauthClient = z.output<typeof oauthClientSchema>;
export type OauthClientInput = z.input<typeof oauthClientBody>;

const key = (projectId: string) => ['console', 'oauthClients', projectId] as const;
const path = (projectId: string, provider?: string) =>
  `/api/console/projects/${encodeURIComponent(projectId)}/oauth-providers${provider ? `/${encodeURIComponent(provider)}` : ''}`;

export function useOauthClients(projectId: string) {
  return useQuery({ queryKey: key(projectId), queryFn: ({ signal }) => apiFetch<OauthClients>(path(projectId), { signal }) });
}

export function useSaveOauthClient(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: ({ provider, input }: { provider: string; input: OauthClientInput }) =>
      apiFetch<OauthClient>(path(projectId, provider), { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(projectId) }),
  });
}

export function useRemoveOauthClient(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) => apiFetch<{ deleted: true }>(path(projectId, provider), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(projectId) }),
  });
}
