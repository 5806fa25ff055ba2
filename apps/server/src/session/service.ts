import type { IdentityService } from '../identity/service.ts';
import { DomainError, UnauthenticatedError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';

/** The token from the sign-in flow is not a live session of the platform project: 401 `invalid_session_token`. */
export class InvalidSessionTokenError extends UnauthenticatedError {
  constructor() {
    super('That session token is not valid.', errorTypes.invalidSessionToken);
  }
}

export const SESSION_COOKIE = 'keepsake_session';
/** Console sessions last a week; each authenticate call refreshes the JWT, not the expiry. */
export { CONSOLE_SESSION_MINUTES } from '@keepsake/wire/console/platform';

export type ConsoleUser = { userId: string; email: string; sessionId: string; expiresAt: Date };

/**
 * The product app session (spec §4 "App session"). The cookie holds the platform project's
 * session token, so signing out here revokes the same session the auth service issued.
 */
export function createProductSessionService(identity: IdentityService) {
  return {
    /**
     * Checks a token from the sign-in flow; returns the session's expiry.
     * @throws InvalidSessionTokenError when the session service refuses the token (unknown, expired, revoked).
     */
    async authenticate(sessionToken: string) {
      const tenant = await identity.platformTenant();
      const result = await identity.sessions.authenticate(tenant, sessionToken).catch((error: unknown) => {
        throw error instanceof DomainError ? new InvalidSessionTokenError() : error;
      });
      return { expiresAt: new Date(result.session.expires_at), userId: result.user_id };
    },

    /** The signed-in console user, or undefined. */
    async current(sessionToken: string | undefined): Promise<ConsoleUser | undefined> {
      if (!sessionToken || sessionToken.length > 200) return undefined;
      const tenant = await identity.platformTenant();
      const found = await identity.sessions.peek(tenant, sessionToken);
      if (!found) return undefined;
      const profile = await identity.platformUserProfile(found.user.id);
      return { userId: found.user.id, email: profile?.email ?? '', sessionId: found.session.id, expiresAt: found.session.expiresAt };
    },

    async signOut(sessionToken: string | undefined): Promise<void> {
      if (!sessionToken || sessionToken.length > 200) return;
      const tenant = await identity.platformTenant();
      await identity.sessions.revoke(tenant, sessionToken).catch(() => undefined);
    },
  };
}

export type ProductSessionService = ReturnType<typeof createProductSessionService>;
