import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { memberResponse, ProjectRole, updateMemberBody } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Member } from '../types/member';
import { membersQueryKey } from './get-members';

export async function updateMember(input: z.input<typeof updateMemberBody>): Promise<Member> {
  const { member } = await apiFetch<z.infer<typeof memberResponse>>('/api/console/projects/members', { method: 'PATCH', body: input });
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
