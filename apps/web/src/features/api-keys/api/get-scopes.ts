import { queryOptions, useQuery } from '@tanstack/react-query';
import type { scopesResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Scope } from '../types/api-key';

export async function getScopes(signal?: AbortSignal): Promise<Scope[]> {
  const { scopes } = await apiFetch<z.infer<typeof scopesResponse>>('/api/console/scopes', { signal });
  return scopes;
}

export function scopesQueryOptions() {
  return queryOptions({ queryKey: ['console', 'scopes'], queryFn: ({ signal }) => getScopes(signal), staleTime: Infinity });
}

export function useScopes() {
  return useQuery(scopesQueryOptions());
}
