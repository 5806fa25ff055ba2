import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { isValidEmail } from '../../../lib/email';
import { PROJECT_ROLES } from '../../../lib/project-roles';
import type { ProjectRole } from '../../../lib/project-roles';
import type { Member } from '../types/member';
import { membersQueryKey } from './get-members';

export function inviteMemberSchema(invalidEmailMessage: string) {
  return z.object({
    email: z.string().trim().refine(isValidEmail, invalidEmailMessage),
    role: z.enum(PROJECT_ROLES),
  });
}
export type InviteMemberInput = z.input<ReturnType<typeof inviteMemberSchema>>;

export async function addMember(input: { projectId: string; email: string; role: ProjectRole }): Promise<Member> {
  const { member } = await apiFetch<{ member: Member }>('/api/console/projects/members', { method: 'POST', body: input });
  return member;
}

export function useAddMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: ProjectRole }) => addMember({ projectId, ...input }),
    // The form shows the server's message (e.g. 409 already a member).
    meta: { toast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) }),
  });
}
