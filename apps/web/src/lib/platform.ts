import { queryOptions, useQuery } from '@tanstack/react-query';
import type { platformResponse } from '@keepsake/wire/console/platform';
import type { z } from 'zod';
import { apiFetch } from './api-client';

/** `GET /api/platform`: the platform project's public token, its sign-in widget, whether Farcaster is offered, whether the server runs in dev mode. */
export type Platform = z.infer<typeof platformResponse>;

export function platformQueryOptions() {
  return queryOptions({
    queryKey: ['platform'] as const,
    queryFn: ({ signal }) => apiFetch<Platform>('/api/platform', { signal }),
    staleTime: Infinity,
    // Only hints depend on it (the dev mailbox link): a failure shows nothing.
    meta: { toast: false },
  });
}

export function usePlatform() {
  return useQuery(platformQueryOptions());
}
