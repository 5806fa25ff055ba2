import { apiFetch } from '../../../lib/api-client';

export type AuthenticateSessionResult = { ok: boolean; status: number; error: string | null };

/** Exchanges the auth session token for the product session cookie (step 4). */
export function authenticateSession(sessionToken: string): Promise<AuthenticateSessionResult> {
  return apiFetch<AuthenticateSessionResult>('/api/session/authenticate', {
    method: 'POST',
    body: { session_token: sessionToken },
  });
}
