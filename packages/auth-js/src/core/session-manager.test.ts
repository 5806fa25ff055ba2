// @vitest-environment jsdom
// The spec §4 auth-session rules on jsdom's real cookie jar and localStorage. No call reaches a server here
// (the refresh timer is faked and never run; a start-up check never gets an answer); refresh, backoff and
// cross-tab sync are tested in Chromium against a running server (e2e/auth-sdk-*.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, User } from '../types.ts';
import { createCookieJar, parseCookies, resolveCookieSettings } from './cookies.ts';
import { createSessionManager } from './session-manager.ts';
import type { Telemetry } from './telemetry.ts';
import type { Transport } from './transport.ts';

const user = { user_id: 'user-1', emails: [{ email_id: 'e1', email: 'ada@example.com', verified: true }] } as unknown as User;
const session = {
  session_id: 'session-1',
  user_id: 'user-1',
  last_accessed_at: '2026-11-22T10:00:00.000Z',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  authentication_factors: [],
} as unknown as Session;
const storageKey = 'keepsake_auth_state:public-token-test-1';

function cookies(): Map<string, string[]> {
  return parseCookies(document.cookie);
}

function manager({ customEndpoint = false } = {}) {
  const settings = resolveCookieSettings(undefined, window.location.hostname);
  // A start-up check (when a session cookie exists) stays in flight: these tests are about local rules only.
  const transport = { request: () => new Promise(() => undefined), authorization: () => '' } as unknown as Transport;
  const telemetry: Telemetry = { track: () => undefined, flush: () => undefined, destroy: () => undefined };
  const created = createSessionManager({
    storageKey,
    storage: window.localStorage,
    cookies: createCookieJar(settings, document, () => undefined),
    cookieNames: settings.names,
    customEndpoint,
    openChannel: () => ({ post: () => undefined, close: () => undefined }),
    transport: () => transport,
    telemetry,
    warn: () => undefined,
  });
  return { manager: created };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const name of cookies().keys()) document.cookie = `${name}=; Path=/; Max-Age=0`;
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('auth session rules (spec §4)', () => {
  it('an update with both tokens stores state and tokens and clears the intermediate token', () => {
    document.cookie = 'stytch_intermediate_session_token=ist-1; Path=/';
    const { manager: m } = manager();
    const heard: Array<Session | null> = [];
    m.onSessionChange((s) => heard.push(s));
    m.update({ user, session, session_token: 'tok-1', session_jwt: 'jwt-1' });

    expect(cookies().get('stytch_session')).toEqual(['tok-1']);
    expect(cookies().get('stytch_session_jwt')).toEqual(['jwt-1']);
    expect(cookies().has('stytch_intermediate_session_token')).toBe(false);
    expect(m.state()).toEqual({ user, session });
    expect(m.tokens()).toEqual({ session_token: 'tok-1', session_jwt: 'jwt-1' });
    expect(JSON.parse(window.localStorage.getItem(storageKey)!)).toEqual({ user, session });
    expect(heard).toEqual([session]);
  });

  it('listeners hear only real changes: last_accessed_at alone is not one', () => {
    const { manager: m } = manager();
    const sessions: Array<Session | null> = [];
    const users: Array<User | null> = [];
    m.onSessionChange((s) => sessions.push(s));
    m.onUserChange((u) => users.push(u));
    m.update({ user, session, session_token: 'tok-1', session_jwt: 'jwt-1' });
    m.update({ user, session: { ...session, last_accessed_at: '2026-11-22T10:03:00.000Z' }, session_token: 'tok-1', session_jwt: 'jwt-2' });
    expect(sessions).toHaveLength(1);
    expect(users).toHaveLength(1);
    m.setUser({ ...user, untrusted_metadata: { a: 1 } });
    expect(sessions).toHaveLength(1);
    expect(users).toHaveLength(2);
  });

  it('an update without tokens removes the cookies and keeps an intermediate token for 10 minutes', () => {
    const { manager: m } = manager();
    m.update({ user, session, session_token: 'tok-1', session_jwt: 'jwt-1' });
    m.update({ user, session: null, session_token: '', session_jwt: '', intermediate_session_token: 'ist-2' });
    expect(cookies().has('stytch_session')).toBe(false);
    expect(cookies().has('stytch_session_jwt')).toBe(false);
    expect(cookies().get('stytch_intermediate_session_token')).toEqual(['ist-2']);
    expect(m.intermediateToken()).toBe('ist-2');
    expect(m.state()).toBeNull();
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it('destroy removes the cookies and clears the state', () => {
    const { manager: m } = manager();
    const heard: Array<Session | null> = [];
    m.update({ user, session, session_token: 'tok-1', session_jwt: 'jwt-1' });
    m.onSessionChange((s) => heard.push(s));
    m.destroy();
    expect(cookies().size).toBe(0);
    expect(m.state()).toBeNull();
    expect(m.hasSession()).toBe(false);
    expect(heard).toEqual([null]);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it('clears the stored state at start when there is no session cookie and no custom endpoint', () => {
    window.localStorage.setItem(storageKey, JSON.stringify({ user, session }));
    expect(manager().manager.state()).toBeNull();
    expect(window.localStorage.getItem(storageKey)).toBeNull();

    window.localStorage.setItem(storageKey, JSON.stringify({ user, session }));
    expect(manager({ customEndpoint: true }).manager.state()).toEqual({ user, session });

    document.cookie = 'stytch_session=tok-1; Path=/';
    expect(manager().manager.state()).toEqual({ user, session });
  });

  it('drops a stored session that has expired', () => {
    document.cookie = 'stytch_session=tok-1; Path=/';
    window.localStorage.setItem(storageKey, JSON.stringify({ user, session: { ...session, expires_at: '2020-01-01T00:00:00.000Z' } }));
    expect(manager().manager.state()).toBeNull();
  });
});
