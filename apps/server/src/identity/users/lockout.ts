import type { Config } from '../../config.ts';
import type { Database } from '@keepsake/db/client';
import { RateLimitedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { clearFailures, recordFailure, type UserRow } from './store.ts';

/** The user is locked after too many failures: 429 `user_lock_limit_reached`, Retry-After until the lock ends. */
export class UserLockedError extends RateLimitedError {
  constructor(lockedUntil: Date) {
    super('Too many failed attempts. This account is locked for a while; please try again later.', errorTypes.userLocked, {
      retryAfterSeconds: (lockedUntil.getTime() - Date.now()) / 1000,
    });
  }
}

/**
 * The one user lockout of every sign-in method (passcodes on every channel, magic-link and reset PKCE
 * verifiers, passwords, TOTP and recovery codes): LOCKOUT_MAX_FAILURES failures lock the user for
 * LOCKOUT_MINUTES, and a success clears the count (docs/decisions/014, 015).
 */
export function createLockout(db: Database, config: Config['lockout']) {
  return {
    /** @throws UserLockedError (429 user_lock_limit_reached, Retry-After) while the user is locked. */
    assertNotLocked(user: Pick<UserRow, 'lockedUntil'>): void {
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw new UserLockedError(user.lockedUntil);
    },
    /** A failed factor of a known user; locks them at the limit. */
    failed: (userId: string) => recordFailure(db, userId, config.maxFailures, config.minutes),
    succeeded: (userId: string) => clearFailures(db, userId),
  };
}

export type Lockout = ReturnType<typeof createLockout>;
