import type { sessionAuthenticateBody } from '@keepsake/wire/sdk/sessions';
import type { z } from 'zod';
import { isUnrecoverableError } from '../errors.ts';
import type { Session, SessionAuthenticateResponse, SessionTokens } from '../types.ts';
import type { AuthCore } from './product.ts';
import { checkField, checkOptions } from './validate.ts';

type AuthenticateBody = NonNullable<z.input<typeof sessionAuthenticateBody>>;

/** Options of `session.authenticate`: `session_duration_minutes` extends the session to end that many minutes from now. */
export type SessionAuthenticateOptions = Pick<AuthenticateBody, 'session_duration_minutes'>;

/** Options of `session.revoke`. */
export type SessionRevokeOptions = {
  /** Clear the local session even when the server cannot be told (offline). */
  forceClear?: boolean;
};

/** `client.session`: the current session, its tokens, refresh and sign-out (spec §7 Session and user). */
export type SessionApi = {
  /**
   * The current session, or null. Synchronous: what the client last heard.
   * @example
   * const session = client.session.getSync();
   */
  getSync(): Session | null;
  /**
   * The session's tokens (from the `stytch_session` and `stytch_session_jwt` cookies), or null.
   * @example
   * const tokens = client.session.getTokens(); // { session_token, session_jwt }
   */
  getTokens(): SessionTokens | null;
  /**
   * Checks the session with the server now (`POST /sessions/authenticate`) and keeps the answer. Errors of the
   * four unrecoverable types clear the session.
   * @throws NoSessionError, ApiError, ApiUnreachableError
   * @example
   * await client.session.authenticate({ session_duration_minutes: 60 });
   */
  authenticate(options?: SessionAuthenticateOptions): Promise<SessionAuthenticateResponse>;
  /**
   * Signs out: `POST /sessions/revoke`, then the cookies and state are cleared (here and in other tabs).
   * @throws NoSessionError, ApiError, ApiUnreachableError
   * @example
   * await client.session.revoke();
   */
  revoke(options?: SessionRevokeOptions): Promise<void>;
  /**
   * Calls `listener` whenever the session changes (not when only `last_accessed_at` moves); returns the unsubscribe.
   * @example
   * const stop = client.session.onChange((session) => render(session));
   */
  onChange(listener: (session: Session | null) => void): () => void;
};

/** Builds `client.session` on a client's core. */
export function createSessionApi(core: AuthCore): SessionApi {
  const { session } = core;
  return {
    getSync: () => session.state()?.session ?? null,
    getTokens: () => session.tokens(),
    async authenticate(options) {
      const method = 'session.authenticate';
      checkOptions(method, options, { session_duration_minutes: 'integer' });
      session.requireSession();
      return session.authenticate(
        options?.session_duration_minutes === undefined
          ? undefined
          : ({ session_duration_minutes: options.session_duration_minutes } satisfies AuthenticateBody),
      );
    },
    async revoke(options) {
      checkOptions('session.revoke', options, { forceClear: 'boolean' });
      await session.settle();
      if (!session.hasSession() && options?.forceClear) return session.destroy();
      session.requireSession();
      session.suspendRefresh();
      try {
        await core.transport.request({ method: 'POST', path: '/sessions/revoke' });
        session.destroy();
      } catch (error) {
        if (options?.forceClear || isUnrecoverableError(error)) session.destroy();
        else session.resumeRefresh();
        throw error;
      }
    },
    onChange(listener) {
      checkField('session.onChange', 'listener', listener, 'function', true);
      return session.onSessionChange(listener);
    },
  };
}
