import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Member } from '../types/member';

export const membersQueryKey = (projectId: string) => ['console', 'members', projectId] as const;

export async function getMembers(projectId: string, signal?: AbortSignal): Promise<Member[]> {
  const { members } = await apiFetch<{ members: Member[] }>('/api/console/projects/members', { query: { projectId }, signal });
  return members;
}

export function membersQueryOptions(projectId: string) {
  return queryOptions({ queryKey: membersQueryKey(projectId), queryFn: ({ signal }) => getMembers(projectId, signal) });
}

export function useMembers(projectId: string) {
  return useQuery(membersQueryOptions(projectId));
}
