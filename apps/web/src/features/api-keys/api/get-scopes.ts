import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Scope } from '../types/api-key';

export async function getScopes(signal?: AbortSignal): Promise<Scope[]> {
  const { scopes } = await apiFetch<{ scopes: Scope[] }>('/api/console/scopes', { signal });
  return scopes;
}

export function scopesQueryOptions() {
  return queryOptions({ queryKey: ['console', 'scopes'], queryFn: ({ signal }) => getScopes(signal), staleTime: Infinity });
}

export function useScopes() {
  return useQuery(scopesQueryOptions());
}
