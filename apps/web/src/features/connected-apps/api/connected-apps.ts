import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectedApp,
  ConnectedAppCreateInput,
  ConnectedAppUpdateInput,
  connectedAppCreateResponse,
  connectedAppsResponse,
  identityProviderSchema,
} from '@keepsake/wire/console/connected-apps';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/console/projects/{id}/connected-apps` (server schema, docs/decisions/087). */
export type ConnectedApps = z.output<typeof connectedAppsResponse>;
export type CreatedConnectedApp = z.output<typeof connectedAppCreateResponse>;
export type IdentityProvider = z.output<typeof identityProviderSchema>;
export type { ConnectedApp, ConnectedAppCreateInput, ConnectedAppUpdateInput };

const key = (projectId: string) => ['console', 'connectedApps', projectId] as const;
const base = (projectId: string) => `/api/console/projects/${encodeURIComponent(projectId)}`;
const appPath = (projectId: string, clientId?: string) => `${base(projectId)}/connected-apps${clientId ? `/${encodeURIComponent(clientId)}` : ''}`;

export function useConnectedApps(projectId: string) {
  return useQuery({ queryKey: key(projectId), queryFn: ({ signal }) => apiFetch<ConnectedApps>(appPath(projectId), { signal }) });
}

function useInvalidating<Args, Result>(projectId: string, mutationFn: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ meta: { toast: false }, mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key(projectId) }) });
}

export function useCreateConnectedApp(projectId: string) {
  return useInvalidating(projectId, (input: ConnectedAppCreateInput) => apiFetch<CreatedConnectedApp>(appPath(projectId), { method: 'POST', body: input }));
}

export function useUpdateConnectedApp(projectId: string) {
  return useInvalidating(projectId, ({ clientId, changes }: { clientId: string; changes: ConnectedAppUpdateInput }) =>
    apiFetch<ConnectedApp>(appPath(projectId, clientId), { method: 'PATCH', body: changes }),
  );
}

export function useDeleteConnectedApp(projectId: string) {
  return useInvalidating(projectId, (clientId: string) => apiFetch<{ deleted: true }>(appPath(projectId, clientId), { method: 'DELETE' }));
}

export function useSetAuthorizationUrl(projectId: string) {
  return useInvalidating(projectId, (authorizationUrl: string | null) =>
    apiFetch<IdentityProvider>(`${base(projectId)}/identity-provider`, { method: 'PUT', body: { authorizationUrl } }),
  );
}
