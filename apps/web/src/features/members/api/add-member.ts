import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isValidEmail } from '@keepsake/validation/email';
import { roleSchema, type addMemberBody, type memberResponse, type ProjectRole } from '@keepsake/wire/console/projects';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Member } from '../types/member';
import { membersQueryKey } from './get-members';

/** The server's email rule (§5) with the sign-in form's words, and the server's roles. */
export function inviteMemberSchema(invalidEmailMessage: string) {
  return z.object({
    email: z.string().trim().refine(isValidEmail, invalidEmailMessage),
    role: roleSchema,
  });
}
export type InviteMemberInput = z.input<ReturnType<typeof inviteMemberSchema>>;

export async function addMember(input: z.input<typeof addMemberBody>): Promise<Member> {
  const { member } = await apiFetch<z.infer<typeof memberResponse>>('/api/console/projects/members', { method: 'POST', body: input });
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
