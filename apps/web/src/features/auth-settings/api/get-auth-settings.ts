import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AuthSettings } from '../types/auth-settings';

export const authSettingsQueryKey = (projectId: string) => ['console', 'authSettings', projectId] as const;

export function authSettingsPath(projectId: string): string {
  return `/api/console/projects/${encodeURIComponent(projectId)}/auth-config`;
}

export async function getAuthSettings(projectId: string, signal?: AbortSignal): Promise<AuthSettings> {
  return apiFetch<AuthSettings>(authSettingsPath(projectId), { signal });
}

export function authSettingsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: authSettingsQueryKey(projectId), queryFn: ({ signal }) => getAuthSettings(projectId, signal) });
}

export function useAuthSettings(projectId: string) {
  return useQuery(authSettingsQueryOptions(projectId));
}
