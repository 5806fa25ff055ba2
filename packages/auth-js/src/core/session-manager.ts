// The auth session of one client (spec §4 "Auth session"):
//   - an update with both tokens stores the state and the tokens and clears the intermediate token;
//   - an update without tokens removes the session cookies;
//   - destroy removes the cookies and clears the state;
//   - the initial state is cleared when there is no session token cookie and no custom API endpoint;
//   - the state is kept in step across tabs; listeners hear only real changes (`last_accessed_at` ignored);
//   - while a session exists it is refreshed every 180000 ms; a failed refresh is retried with backoff, and
//     the four unrecoverable error types end it ("logged out").
import { isUnrecoverableError, NoSessionError, type ApiError } from '../errors.ts';
import type { Session, SessionAuthenticateResponse, SessionTokens, User } from '../types.ts';
import { backoffDelay, REFRESH_INTERVAL_MS } from './backoff.ts';
import { INTERMEDIATE_COOKIE_SECONDS, type CookieJar, type CookieSettings } from './cookies.ts';
import type { TabChannel } from './cross-tab.ts';
import { parseState, sameSession, sameUser, type SessionState } from './session-state.ts';
import type { Telemetry } from './telemetry.ts';
import type { Transport } from './transport.ts';

/** What sign-in calls answer: a session with its tokens, or (MFA pending) an intermediate token only. */
export type SessionUpdate = {
  user?: User | undefined;
  session?: Session | null | undefined;
  session_token?: string | undefined;
  session_jwt?: string | undefined;
  intermediate_session_token?: string | undefined;
};

/** What the session manager needs from its client. */
/** One client's session: state, tokens, listeners and the refresh schedule. */
export type SessionManagerDeps = {
  storageKey: string;
  storage: Storage | undefined;
  cookies: CookieJar;
  cookieNames: CookieSettings['names'];
  /** A custom API endpoint was configured (spec §4: then the initial state is kept without a cookie). */
  customEndpoint: boolean;
  openChannel: (onText: (text: string | null) => void) => TabChannel;
  transport: () => Transport;
  telemetry: Telemetry;
  warn: (message: string) => void;
  random?: () => number;
};

export type SessionManager = ReturnType<typeof createSessionManager>;

/** Creates the session of one client, reading what a previous page left (cookies, storage). */
export function createSessionManager(deps: SessionManagerDeps) {
  const { cookies, cookieNames: names } = deps;
  const sessionListeners = new Set<(session: Session | null) => void>();
  const userListeners = new Set<(user: User | null) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let inflight: Promise<unknown> | undefined;
  let destroyed = false;

  const readStored = (): string | null => {
    try {
      return deps.storage?.getItem(deps.storageKey) ?? null;
    } catch {
      return null;
    }
  };
  const writeStored = (text: string | null) => {
    try {
      if (text === null) deps.storage?.removeItem(deps.storageKey);
      else deps.storage?.setItem(deps.storageKey, text);
    } catch {
      // storage refused (private mode): this tab keeps the state in memory
    }
  };

  let state: SessionState = parseState(readStored());
  if (state && Date.parse(state.session.expires_at) <= Date.now()) state = null;
  if (!cookies.get(names.session) && !deps.customEndpoint) state = null;
  if (!state) writeStored(null);

  const channel = deps.openChannel((text) => setState(parseState(text), { share: false }));

  function notify(previous: SessionState, next: SessionState) {
    if (!sameSession(previous?.session, next?.session)) {
      for (const listener of sessionListeners) listener(next?.session ?? null);
    }
    if (!sameUser(previous?.user, next?.user)) {
      for (const listener of userListeners) listener(next?.user ?? null);
    }
  }

  /** Replaces the state; `share: false` for a state that came from another tab (already stored). */
  function setState(next: SessionState, { share = true } = {}) {
    const previous = state;
    state = next;
    if (share) {
      const text = next ? JSON.stringify(next) : null;
      writeStored(text);
      channel.post(text);
    }
    if (next && !previous) scheduleRefresh(REFRESH_INTERVAL_MS);
    if (!next) stopRefresh();
    notify(previous, next);
  }

  function stopRefresh() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    attempt = 0;
  }

  function scheduleRefresh(delay: number) {
    if (destroyed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void backgroundRefresh();
    }, delay);
  }

  const hasSession = () => Boolean(cookies.get(names.session)) || state !== null;

  /** Sends sessions/authenticate and applies the answer. Unrecoverable errors end the session. */
  async function authenticate(body: Record<string, unknown> | undefined, retry: boolean): Promise<SessionAuthenticateResponse> {
    const call = deps.transport().request<SessionAuthenticateResponse>({ method: 'POST', path: '/sessions/authenticate', body, retry });
    inflight = call;
    try {
      const data = await call;
      update(data);
      return data;
    } catch (error) {
      if (isUnrecoverableError(error)) destroy();
      throw error;
    } finally {
      if (inflight === call) inflight = undefined;
    }
  }

  async function backgroundRefresh() {
    if (!hasSession()) return stopRefresh();
    try {
      // The backoff below is the retry schedule of the refresh, so no transport retry on top.
      await authenticate(undefined, false);
      attempt = 0;
      scheduleRefresh(REFRESH_INTERVAL_MS);
    } catch (error) {
      const apiError = error as Partial<ApiError>;
      const failure = { error_code: apiError.error_type, http_status_code: apiError.status_code, error_description: (error as Error).message?.slice(0, 1000) };
      if (isUnrecoverableError(error)) {
        deps.telemetry.track('session_logged_out', failure);
        deps.warn(`@keepsake/auth-js: the session could not be refreshed (${error.error_type}); the user has been signalled as logged out.`);
        return;
      }
      deps.telemetry.track('session_refresh_failed', { ...failure, details: { attempt } });
      scheduleRefresh(backoffDelay(attempt++, deps.random));
    }
  }

  /** Spec §4 update: both tokens store state and tokens and clear the intermediate token; otherwise cookies go. */
  function update(data: SessionUpdate) {
    if (data.session_token && data.session_jwt && data.session && data.user) {
      const expires = new Date(data.session.expires_at);
      cookies.set(names.session, data.session_token, { expires });
      cookies.set(names.jwt, data.session_jwt, { expires });
      cookies.remove(names.intermediate);
      setState({ user: data.user, session: data.session });
      return;
    }
    cookies.remove(names.session);
    cookies.remove(names.jwt);
    if (data.intermediate_session_token) {
      cookies.set(names.intermediate, data.intermediate_session_token, { maxAgeSeconds: INTERMEDIATE_COOKIE_SECONDS });
    }
    setState(data.session && data.user ? { user: data.user, session: data.session } : null);
  }

  /** Spec §4 destroy: the cookies go and the state is cleared. */
  function destroy() {
    cookies.remove(names.session);
    cookies.remove(names.jwt);
    cookies.remove(names.intermediate);
    setState(null);
  }

  // A session found at start-up is checked at once (in flight from here on, so a revoke waits for it), then
  // refreshed on schedule.
  if (hasSession()) void backgroundRefresh();

  return {
    state: () => state,
    tokens(): SessionTokens | null {
      const token = cookies.get(names.session);
      return token ? { session_token: token, session_jwt: cookies.get(names.jwt) ?? '' } : null;
    },
    intermediateToken: () => cookies.get(names.intermediate),
    hasSession,
    /** @throws NoSessionError when there is no session to act for. */
    requireSession() {
      if (!hasSession()) throw new NoSessionError();
    },
    update,
    destroy,
    /** Keeps the session and replaces the user (after user calls that answer the new user). */
    setUser(user: User) {
      if (state) setState({ ...state, user });
    },
    authenticate: (body: Record<string, unknown> | undefined) => authenticate(body, true).finally(() => state && scheduleRefresh(REFRESH_INTERVAL_MS)),
    /** Stops the refresh schedule (while a revoke is in flight, so that no refresh races it). */
    suspendRefresh: stopRefresh,
    /** Restarts the refresh schedule if there still is a session (after a revoke that failed). */
    resumeRefresh() {
      if (hasSession()) scheduleRefresh(REFRESH_INTERVAL_MS);
    },
    /** Waits for a refresh in flight (so a revoke never races it). */
    settle: () =>
      (inflight ?? Promise.resolve()).then(
        () => undefined,
        () => undefined,
      ),
    onSessionChange(listener: (session: Session | null) => void) {
      sessionListeners.add(listener);
      return () => void sessionListeners.delete(listener);
    },
    onUserChange(listener: (user: User | null) => void) {
      userListeners.add(listener);
      return () => void userListeners.delete(listener);
    },
    close() {
      destroyed = true;
      stopRefresh();
      channel.close();
    },
  };
}
