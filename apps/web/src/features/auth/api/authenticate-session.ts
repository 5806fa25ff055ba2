import type { sessionAuthenticateBody, sessionAuthenticateResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type AuthenticateSessionResult = z.infer<typeof sessionAuthenticateResponse>;

/** Exchanges the auth session token for the product session cookie (step 4). */
export function authenticateSession(sessionToken: string): Promise<AuthenticateSessionResult> {
  return apiFetch<AuthenticateSessionResult>('/api/session/authenticate', {
    method: 'POST',
    body: { session_token: sessionToken } satisfies z.input<typeof sessionAuthenticateBody>,
  });
}
