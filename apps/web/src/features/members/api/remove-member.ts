import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { removeMemberQuery, removeMemberResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { membersQueryKey } from './get-members';

export async function removeMember(input: z.input<typeof removeMemberQuery>): Promise<void> {
  await apiFetch<z.infer<typeof removeMemberResponse>>('/api/console/projects/members', { method: 'DELETE', query: input });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ projectId, userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) }),
  });
}
