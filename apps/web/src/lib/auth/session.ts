import type { sessionResponse, sessionUserSchema, signedInSessionSchema, signoutQuery, signoutResponse } from '@keepsake/wire/console/session';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../api-client';

/** The product user as `GET /api/session` returns it. */
export type SessionUser = z.infer<typeof sessionUserSchema>;

export type Session = z.infer<typeof signedInSessionSchema>;

/**
 * The product session, or null when signed out: an empty object, no data or a
 * 401/403 all mean no session (spec §4 App session).
 */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const body = await apiFetch<z.infer<typeof sessionResponse> | undefined>('/api/session', { signal });
    return body?.user ? (body as Session) : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/**
 * Ends the session; resolves to the URL to go to (`callbackUrl`, or `/`). The auth SDK's own copy of the
 * session (its cookies and state, loaded only now) goes first; the product session is the same session, so
 * the server's sign-out then only clears its cookie.
 */
export async function signOut(callbackUrl = '/'): Promise<string> {
  await import('./auth-client').then(({ endAuthSession }) => endAuthSession()).catch(() => undefined);
  const { url } = await apiFetch<z.infer<typeof signoutResponse>>('/api/session/signout', {
    method: 'POST',
    query: { callbackUrl } satisfies z.input<typeof signoutQuery>,
  });
  return url || '/';
}
