import type { Session, User } from '../types.ts';

/** Spec §3 Session state: the signed-in user and session, or null for both. */
export type SessionState = { user: User; session: Session } | null;

/** A JSON value's canonical text: object keys sorted, so key order never makes two states differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two sessions are the same for listeners: equal apart from `last_accessed_at` (spec §3). */
export function sameSession(a: Session | null | undefined, b: Session | null | undefined): boolean {
  if (!a || !b) return !a === !b;
  const { last_accessed_at: _a, ...left } = a;
  const { last_accessed_at: _b, ...right } = b;
  return canonical(left) === canonical(right);
}

/** Whether two users are the same for listeners. */
export function sameUser(a: User | null | undefined, b: User | null | undefined): boolean {
  if (!a || !b) return !a === !b;
  return canonical(a) === canonical(b);
}

/**
 * Whether two session states are the same for listeners: equal apart from `session.last_accessed_at`.
 *
 * @example
 * sameState(before, { ...before, session: { ...before.session, last_accessed_at: later } }); // true
 */
export function sameState(a: SessionState, b: SessionState): boolean {
  return a === b || (sameSession(a?.session, b?.session) && sameUser(a?.user, b?.user));
}

/** Parses a stored or broadcast state; anything malformed is null (no session). */
export function parseState(text: string | null | undefined): SessionState {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { user?: unknown; session?: unknown } | null;
    const user = value?.user as Partial<User> | undefined;
    const session = value?.session as Partial<Session> | undefined;
    if (typeof user?.user_id !== 'string' || typeof session?.session_id !== 'string' || typeof session.expires_at !== 'string') return null;
    return { user: user as User, session: session as Session };
  } catch {
    return null;
  }
}
