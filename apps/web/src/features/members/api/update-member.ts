import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ProjectRole } from '../../../lib/project-roles';
import type { Member } from '../types/member';
import { membersQueryKey } from './get-members';

export async function updateMember(input: { projectId: string; userId: string; role: ProjectRole }): Promise<Member> {
  const { member } = await apiFetch<{ member: Member }>('/api/console/projects/members', { method: 'PATCH', body: input });
  return member;
}

export function useUpdateMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; role: ProjectRole }) => updateMember({ projectId, ...input }),
    // Refetch on failure too, so the select shows the real role again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) }),
  });
}
