import type { AuthenticationFactor } from '@keepsake/db/schema';
import type { AppContext } from '../context.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import { hmacHex } from '../platform/secrets.ts';
import type { AuthenticatedSession, SessionService } from './sessions/service.ts';
import type { Tenant } from './tenants.ts';
import type { Lockout } from './users/lockout.ts';
import type { UserRow } from './users/directory.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * A stable, random-looking UUID for an identifier that has no account, so that a response about an unknown
 * address carries ids shaped and behaving (same value on every call) like a real one. See ADR 012.
 */
export function standInId(key: Buffer, ...parts: string[]): string {
  const hex = hmacHex(key, `stand-in:${parts.join(':')}`);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Who is signing in: the project, the session token they present (if any), and where they call from. */
export type SignInCaller = { tenant: Tenant; sessionToken: string | undefined; ip: string; userAgent: string | undefined };

/** A session factor proven through an email address. */
export function emailFactor(type: string, deliveryMethod: string, email: { id: string; email: string }): AuthenticationFactor {
  return {
    type,
    delivery_method: deliveryMethod,
    last_authenticated_at: new Date().toISOString(),
    email_factor: { email_id: email.id, email_address: email.email },
  };
}

/**
 * What every sign-in method shares: rate limits, the user lockout and issuing the session.
 * Buckets: `send:ip:<ip>` (every email or text sent), `send:<kind>:<project>:<identifier>`, `auth:ip:<ip>` (every
 * attempt at a code, link, password, TOTP, recovery code or passkey), `challenge:ip:<ip>` (every passkey ceremony
 * or wallet challenge started), `wallet-start:ip:<ip>` and `wallet-start:<project>:<type>:<address>` (wallet
 * challenges, ADR 131), `strength:ip:<ip>`, `lookup:ip:<ip>` and `lookup:<project>:<identifier>`. Each request counts
 * once per bucket it names.
 */
export function createSignInKit(ctx: AppContext, deps: { sessions: SessionService; limiter: RateLimiter; lockout: Lockout }) {
  const { windowSeconds, otpPerIdentifier, otpPerIp } = ctx.config.rateLimits;
  return {
    /** Counts one outgoing message to `identifier`. @throws TooManyRequestsError */
    async limitSend(ip: string, kind: string, tenant: Tenant, identifier: string): Promise<void> {
      await deps.limiter.hit(`send:ip:${ip}`, otpPerIp, windowSeconds);
      await deps.limiter.hit(`send:${kind}:${tenant.projectId}:${identifier}`, otpPerIdentifier, windowSeconds);
    },
    /** Counts one authentication attempt (a code, a token, a password) from `ip`. @throws TooManyRequestsError */
    async limitAuth(ip: string): Promise<void> {
      await deps.limiter.hit(`auth:ip:${ip}`, otpPerIp * 4, windowSeconds);
    },
    /** Counts a passkey ceremony started from `ip` (each stores a challenge). @throws TooManyRequestsError */
    async limitChallenge(ip: string): Promise<void> {
      await deps.limiter.hit(`challenge:ip:${ip}`, otpPerIp * 4, windowSeconds);
    },
    /**
     * Counts a wallet challenge started from `ip` for `wallet` (after `limitChallenge`): RATE_LIMIT_OTP_PER_IP per IP,
     * as passcode sends, and `perWallet` per address, so that nobody can fill a wallet with challenges (ADR 131).
     * The IP is counted first: a caller refused there spends nothing of the wallet's own allowance.
     * @throws TooManyRequestsError
     */
    async limitWalletStart(ip: string, tenant: Tenant, wallet: { walletType: string; address: string }, perWallet: number): Promise<void> {
      await deps.limiter.hit(`wallet-start:ip:${ip}`, otpPerIp, windowSeconds);
      await deps.limiter.hit(`wallet-start:${tenant.projectId}:${wallet.walletType}:${wallet.address}`, perWallet, windowSeconds);
    },
    /** Counts a password strength check; generous, as the widget checks while the user types. @throws TooManyRequestsError */
    async limitStrengthCheck(ip: string): Promise<void> {
      await deps.limiter.hit(`strength:ip:${ip}`, otpPerIp * 20, windowSeconds);
    },
    /** Counts a lookup such as users/search, per IP and per identifier. @throws TooManyRequestsError */
    async limitLookup(ip: string, tenant: Tenant, identifier: string): Promise<void> {
      await deps.limiter.hit(`lookup:ip:${ip}`, otpPerIp * 4, windowSeconds);
      await deps.limiter.hit(`lookup:${tenant.projectId}:${identifier}`, otpPerIdentifier * 4, windowSeconds);
    },
    /** The user lockout shared with TOTP: check before a factor, count a failure, clear on success. */
    lockout: deps.lockout,
    /**
     * Finishes a successful factor. When the caller presents a live session of the same user, the factor joins
     * that session, which keeps its token (a step-up, spec §7 `send/secondary`: docs/decisions/080). Otherwise
     * (no session, another user's, or one that ended meanwhile) a new session with a fresh token (no fixation),
     * or an intermediate session when MFA applies.
     */
    async issueSession(
      caller: SignInCaller & { sessionDurationMinutes: number | undefined },
      user: UserRow,
      factor: AuthenticationFactor,
    ): Promise<AuthenticatedSession> {
      await deps.lockout.succeeded(user.id);
      const current = caller.sessionToken ? await deps.sessions.peek(caller.tenant, caller.sessionToken) : undefined;
      if (current && caller.sessionToken && current.user.id === user.id) {
        const added = await deps.sessions.addFactor(
          caller.tenant,
          { id: current.session.id, token: caller.sessionToken },
          factor,
          caller.sessionDurationMinutes,
        );
        if (added) return added;
      }
      return deps.sessions.create({
        tenant: caller.tenant,
        user: { ...user, status: 'active', failedAttempts: 0, lockedUntil: null },
        factor,
        durationMinutes: caller.sessionDurationMinutes,
        ipAddress: caller.ip,
        userAgent: caller.userAgent,
      });
    },
  };
}

export type SignInKit = ReturnType<typeof createSignInKit>;
