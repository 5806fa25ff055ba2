import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { membersQueryKey } from './get-members';

export async function removeMember(input: { projectId: string; userId: string }): Promise<void> {
  await apiFetch<{ removed: boolean }>('/api/console/projects/members', { method: 'DELETE', query: input });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ projectId, userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) }),
  });
}
