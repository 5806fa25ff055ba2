import type { getOrCreateUserBody, getOrCreateUserResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/**
 * `POST /api/sdk/auth/user/get-or-create`: whether the email has a project, and the passcode email template the
 * server picked for it (spec §7: `signin_otp` / `signup_otp`). The server names it `templateId`.
 */
export type GetOrCreateUserResult = z.infer<typeof getOrCreateUserResponse>;

/** Registers the email with the product (step 1 of sign-in). */
export function getOrCreateUser(email: string): Promise<GetOrCreateUserResult> {
  return apiFetch<GetOrCreateUserResult>('/api/sdk/auth/user/get-or-create', { method: 'POST', body: { email } satisfies z.input<typeof getOrCreateUserBody> });
}
