import { queryOptions, useQuery } from '@tanstack/react-query';
import type { membersQuery, membersResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Member } from '../types/member';

export const membersQueryKey = (projectId: string) => ['console', 'members', projectId] as const;

export async function getMembers(projectId: string, signal?: AbortSignal): Promise<Member[]> {
  const { members } = await apiFetch<z.infer<typeof membersResponse>>('/api/console/projects/members', {
    query: { projectId } satisfies z.input<typeof membersQuery>,
    signal,
  });
  return members;
}

export function membersQueryOptions(projectId: string) {
  return queryOptions({ queryKey: membersQueryKey(projectId), queryFn: ({ signal }) => getMembers(projectId, signal) });
}

export function useMembers(projectId: string) {
  return useQuery(membersQueryOptions(projectId));
}
