import { apiFetch } from '../../../lib/api-client';

export type GetOrCreateUserResult = {
  hasProject: boolean;
  loginTemplateId?: string;
  signupTemplateId?: string;
};

/** Registers the email with the product (step 1 of sign-in). */
export function getOrCreateUser(email: string): Promise<GetOrCreateUserResult> {
  return apiFetch<GetOrCreateUserResult>('/api/sdk/auth/user/get-or-create', { method: 'POST', body: { email } });
}
