import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import type { AuthenticationFactor } from '@keepsake/db/schema';
import type { AppContext } from '../../context.ts';
import { ResourceNotFoundError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { ProjectNotFoundError, UnauthorizedCredentialsError } from '../errors.ts';
import { randomToken, sha256Hex } from '../../platform/secrets.ts';
import { findTenantById, type Tenant } from '../tenants.ts';
import { presentUser, type WireUser } from '../users/present.ts';
import { JWT_ALG, type SigningKeyring } from './signing-keys.ts';
import {
  addSessionFactor,
  consumeIntermediateSession,
  findLiveIntermediateSession,
  findLiveSessionById,
  prepareLiveSessionsLookup,
  insertIntermediateSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  type LiveSession,
  type SessionRow,
} from './store.ts';
import { createSessionAccessWriter } from './access-writer.ts';
import { createBatcher } from './batcher.ts';
import { createUserDirectory, type UserFactors, type UserRow } from '../users/directory.ts';

/** When the session's user last proved who they are: its newest factor, else when the session started. */
function lastAuthenticated(session: SessionRow): Date {
  const times = session.authenticationFactors.map((factor) => Date.parse(factor.last_authenticated_at)).filter((time) => Number.isFinite(time));
  return new Date(Math.max(session.startedAt.getTime(), ...times));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §9: the widget's default session length. */
export const DEFAULT_SESSION_MINUTES = 30;
/** The longest session a caller may ask for: one year. */
export const MAX_SESSION_MINUTES = 525_600;
/** Session JWTs are short-lived; clients refresh them through sessions/authenticate. */
export const SESSION_JWT_SECONDS = 5 * 60;
/** Spec §9: the intermediate session token (cookie) lives 10 minutes. */
export const INTERMEDIATE_SESSION_MINUTES = 10;
/** last_accessed_at moves at most this often per session (and is written behind: docs/decisions/081). */
export const TOUCH_INTERVAL_MS = 30_000;
/**
 * Session lookups (and extension writes) in flight at once on PostgreSQL, within half the pool; lookups made
 * meanwhile gather into the next one (docs/decisions/081). PGlite runs one query at a time anyway.
 */
const MAX_LOOKUPS_IN_FLIGHT = 4;
/**
 * A session's JWT is re-signed at most this often while the session itself has not changed, so that a JWT
 * handed out always has at least 4 of its 5 minutes left (docs/decisions/019).
 */
export const JWT_REUSE_MS = 60_000;
const JWT_CACHE_MAX = 50_000;

export type WireSession = ReturnType<typeof presentSession>;

export function presentSession(session: SessionRow) {
  return {
    session_id: session.id,
    user_id: session.userId,
    started_at: session.startedAt.toISOString(),
    last_accessed_at: session.lastAccessedAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    authentication_factors: session.authenticationFactors,
    attributes: { ip_address: session.ipAddress ?? '', user_agent: session.userAgent ?? '' },
    custom_claims: {} as Record<string, unknown>,
    roles: [] as string[],
  };
}

/** A live session as sessions/authenticate answers it. */
export type ActiveSession = {
  session_token: string;
  session_jwt: string;
  session: WireSession;
  user: WireUser;
  user_id: string;
};

/**
 * What an authentication method answers: a session, or (MFA pending) an intermediate session token with empty
 * session fields, the way the provider answers a first factor that still needs a second (docs/decisions/015).
 */
export type AuthenticatedSession = Omit<ActiveSession, 'session'> & {
  session: WireSession | null;
  intermediate_session_token: string;
  mfa_required: boolean;
};

export class SessionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Session could not be found or has expired.', errorTypes.sessionNotFound);
  }
}

export class IntermediateSessionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('The intermediate session could not be found, has expired or was already used. Please sign in again.', errorTypes.intermediateSessionNotFound);
  }
}

type Attributes = { durationMinutes: number | undefined; ipAddress: string | undefined; userAgent: string | undefined };

/** Who is adding a second factor, and how to finish once it checks out. */
export type SecondFactorContext = {
  user: UserRow;
  /** Finishes the flow with `factor` added: a new session (the intermediate one used up), or the same session with one more factor (step-up). */
  complete(factor: AuthenticationFactor, attributes: Attributes): Promise<AuthenticatedSession>;
};

export function createSessionService(ctx: AppContext, keyring: SigningKeyring) {
  const directory = createUserDirectory(ctx.db);
  // Signed JWTs by session state (id, last access, expiry, factors): signing dominates an authenticate call otherwise.
  const signed = new Map<string, { jwt: string; at: number }>();
  const { database } = ctx.config;
  const maxInFlight = database.kind === 'postgres' ? Math.max(1, Math.min(MAX_LOOKUPS_IN_FLIGHT, Math.floor(database.poolSize / 2))) : 1;
  const lookUp = prepareLiveSessionsLookup(ctx.db, ctx.dbKind);
  const findLive = createBatcher<{ projectId: string; tokenHash: string }, LiveSession | undefined>(lookUp, { maxInFlight, maxBatchSize: 256 });
  const findLiveSession = (projectId: string, tokenHash: string) => findLive({ projectId, tokenHash });
  const access = createSessionAccessWriter(ctx.db, { maxInFlight, log: ctx.log });

  async function sign(tenant: Tenant, session: SessionRow): Promise<string> {
    // A step-up appends a factor, or moves a repeated one to the end with its new time (docs/decisions/080).
    const factors = session.authenticationFactors;
    const key = `${session.id}:${session.lastAccessedAt.getTime()}:${session.expiresAt.getTime()}:${factors.length}:${factors.at(-1)?.last_authenticated_at}`;
    const hit = signed.get(key);
    if (hit && Date.now() - hit.at < JWT_REUSE_MS) return hit.jwt;
    const jwt = await signFresh(tenant, session);
    if (signed.size >= JWT_CACHE_MAX) signed.clear();
    signed.set(key, { jwt, at: Date.now() });
    return jwt;
  }

  async function signFresh(tenant: Tenant, session: SessionRow): Promise<string> {
    const key = await keyring.active(tenant.projectId);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      'https://stytch.com/session': {
        id: session.id,
        started_at: session.startedAt.toISOString(),
        last_accessed_at: session.lastAccessedAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        attributes: { ip_address: session.ipAddress ?? '', user_agent: session.userAgent ?? '' },
        authentication_factors: session.authenticationFactors,
      },
    })
      .setProtectedHeader({ alg: JWT_ALG, kid: key.kid, typ: 'JWT' })
      .setSubject(session.userId)
      .setAudience([tenant.projectId])
      .setIssuer(`${ctx.config.publicUrl}/${tenant.projectId}`)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(Math.min(now + SESSION_JWT_SECONDS, Math.floor(session.expiresAt.getTime() / 1000)))
      .sign(key.privateKey);
  }

  async function respond(tenant: Tenant, session: SessionRow, user: UserRow, factors: UserFactors, token: string): Promise<ActiveSession> {
    return {
      session_token: token,
      session_jwt: await sign(tenant, session),
      session: presentSession(session),
      user: presentUser(user, factors),
      user_id: user.id,
    };
  }

  async function loadUser(tenant: Tenant, userId: string) {
    const found = await directory.findUserWithFactors(tenant.projectId, userId);
    if (!found) throw new SessionNotFoundError();
    return found;
  }

  /** A new session with a fresh token (never a caller-chosen one: no fixation). */
  async function issue(tenant: Tenant, userId: string, factors: AuthenticationFactor[], attributes: Attributes) {
    const token = randomToken(32);
    const minutes = attributes.durationMinutes ?? DEFAULT_SESSION_MINUTES;
    const session = await insertSession(ctx.db, {
      id: randomUUID(),
      projectId: tenant.projectId,
      userId,
      tokenHash: sha256Hex(token),
      authenticationFactors: factors,
      ipAddress: attributes.ipAddress ?? null,
      userAgent: attributes.userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    const { user, factors: userFactors } = await loadUser(tenant, userId);
    const active = await respond(tenant, session, user, userFactors, token);
    return { ...active, intermediate_session_token: '', mfa_required: false };
  }

  /**
   * A step-up: `factor` joins the caller's live session, which keeps its id and token (what the client
   * library's callers assume; docs/decisions/080); the JWT is signed again with the new factor list.
   * `durationMinutes` moves the expiry to now + minutes; without it the expiry stays.
   * @returns undefined when the session ended meanwhile (revoked or expired).
   */
  async function addFactor(
    tenant: Tenant,
    session: { id: string; token: string },
    factor: AuthenticationFactor,
    durationMinutes: number | undefined,
  ): Promise<AuthenticatedSession | undefined> {
    const expiresAt = durationMinutes === undefined ? undefined : new Date(Date.now() + durationMinutes * 60_000);
    const updated = await addSessionFactor(ctx.db, session.id, factor, expiresAt);
    if (!updated) return undefined;
    const { user, factors } = await loadUser(tenant, updated.userId);
    const active = await respond(tenant, updated, user, factors, session.token);
    return { ...active, intermediate_session_token: '', mfa_required: false };
  }

  async function findSession(tenant: Tenant, token: string) {
    const found = await findLiveSession(tenant.projectId, sha256Hex(token));
    if (!found) throw new SessionNotFoundError();
    return found;
  }

  return {
    /**
     * Finishes a first factor of any sign-in method (every method ends here, so MFA applies to all of them). A new
     * session (a fresh token on every sign-in: no fixation), unless the project requires MFA and the user has a
     * verified TOTP: then an intermediate session token only (docs/decisions/015). A factor added to a live
     * session of the same user is a step-up instead: {@link addFactor}.
     */
    async create(params: {
      tenant: Tenant;
      user: UserRow;
      factor: AuthenticationFactor;
      durationMinutes: number | undefined;
      ipAddress: string | undefined;
      userAgent: string | undefined;
    }): Promise<AuthenticatedSession> {
      const { tenant } = params;
      if (tenant.authConfig.mfa.required && (await directory.hasVerifiedTotp(params.user.id))) {
        const token = randomToken(32);
        await insertIntermediateSession(ctx.db, {
          id: randomUUID(),
          projectId: tenant.projectId,
          userId: params.user.id,
          tokenHash: sha256Hex(token),
          authenticationFactors: [params.factor],
          expiresAt: new Date(Date.now() + INTERMEDIATE_SESSION_MINUTES * 60_000),
        });
        const { user, factors } = await loadUser(tenant, params.user.id);
        return {
          session_token: '',
          session_jwt: '',
          session: null,
          user: presentUser(user, factors),
          user_id: user.id,
          intermediate_session_token: token,
          mfa_required: true,
        };
      }
      return issue(tenant, params.user.id, [params.factor], params);
    },

    addFactor,

    /** A session for factors already checked by the caller (impersonation). */
    issue: (tenant: Tenant, userId: string, factors: AuthenticationFactor[], attributes: Attributes) => issue(tenant, userId, factors, attributes),

    /**
     * The context of a second factor (TOTP, recovery code): an intermediate session token, else a full session
     * (step-up). Neither is used up until `complete`.
     * @throws IntermediateSessionNotFoundError, SessionNotFoundError, or 401 when neither token was sent.
     */
    async secondFactor(tenant: Tenant, tokens: { intermediate: string | undefined; session: string | undefined }): Promise<SecondFactorContext> {
      if (tokens.intermediate) {
        const pending = await findLiveIntermediateSession(ctx.db, tenant.projectId, sha256Hex(tokens.intermediate));
        if (!pending) throw new IntermediateSessionNotFoundError();
        const { user } = await loadUser(tenant, pending.userId);
        return {
          user,
          async complete(factor, attributes) {
            if (!(await consumeIntermediateSession(ctx.db, pending.id))) throw new IntermediateSessionNotFoundError();
            return issue(tenant, user.id, [...pending.authenticationFactors, factor], attributes);
          },
        };
      }
      if (tokens.session) {
        const found = await findSession(tenant, tokens.session);
        const token = tokens.session;
        return {
          user: found.user,
          async complete(factor, attributes) {
            // Step-up: the factor joins the same session; its token stays (docs/decisions/080).
            const result = await addFactor(tenant, { id: found.session.id, token }, factor, attributes.durationMinutes);
            if (!result) throw new SessionNotFoundError();
            return result;
          },
        };
      }
      throw new UnauthorizedCredentialsError('Send a session token (Basic auth) or an intermediate_session_token.');
    },

    /**
     * Checks a session token. `extendMinutes` moves the expiry to now + minutes (spec §7 sessions/authenticate).
     * @throws SessionNotFoundError when the token is unknown, revoked or expired.
     */
    async authenticate(tenant: Tenant, token: string, extendMinutes?: number): Promise<ActiveSession> {
      const found = await findSession(tenant, token);
      let session = found.session;
      const now = new Date();
      if (extendMinutes !== undefined) {
        // Written before the answer: the next call may reach another process (docs/decisions/081).
        const extended = await access.extend(session.id, now, new Date(now.getTime() + extendMinutes * 60_000));
        if (!extended) throw new SessionNotFoundError();
        session = { ...session, ...extended };
      } else {
        const buffered = access.lastAccess(session.id);
        const last = buffered && buffered > session.lastAccessedAt ? buffered : session.lastAccessedAt;
        if (now.getTime() - last.getTime() > TOUCH_INTERVAL_MS) {
          access.touch(session.id, now);
          session = { ...session, lastAccessedAt: now };
        } else if (last !== session.lastAccessedAt) {
          session = { ...session, lastAccessedAt: last };
        }
      }
      return respond(tenant, session, found.user, found.factors, token);
    },

    /** Writes the last-access times still buffered (graceful shutdown). */
    flush: () => access.flush(),

    /** Looks a session up without refreshing anything (the product session's read path). */
    async peek(tenant: Tenant, token: string) {
      return findLiveSession(tenant.projectId, sha256Hex(token));
    },

    /** The signed-in user of a live session, as the wire shows it. @throws SessionNotFoundError. */
    /** `lastAuthenticatedAt`: when the user last proved who they are (the newest factor, else the session's start). */
    async currentUser(tenant: Tenant, token: string): Promise<{ user: UserRow; wire: WireUser; sessionId: string; lastAuthenticatedAt: Date }> {
      const found = await findSession(tenant, token);
      return {
        user: found.user,
        wire: presentUser(found.user, found.factors),
        sessionId: found.session.id,
        lastAuthenticatedAt: lastAuthenticated(found.session),
      };
    },

    /** @throws SessionNotFoundError when the token is not a live session. */
    async revoke(tenant: Tenant, token: string): Promise<void> {
      const found = await findSession(tenant, token);
      await revokeSession(ctx.db, found.session.id);
    },

    /**
     * Ends every other session of the user, full and intermediate, keeping only `kept` (the one just issued).
     * Password resets call this so that whoever held the old password is signed out everywhere.
     */
    async revokeAllExcept(tenant: Tenant, userId: string, kept: AuthenticatedSession): Promise<number> {
      return revokeUserSessions(ctx.db, tenant.projectId, userId, {
        sessionId: kept.session?.session_id,
        intermediateTokenHash: kept.intermediate_session_token ? sha256Hex(kept.intermediate_session_token) : undefined,
      });
    },

    /** The wire user by id (after a change to it). */
    async wireUser(tenant: Tenant, userId: string): Promise<WireUser> {
      const { user, factors } = await loadUser(tenant, userId);
      return presentUser(user, factors);
    },

    /**
     * A new session (new token) for the user of a live session whose JWT this is, with the same factors: how a
     * client holding only a session JWT gets a session token (the product app's exchange-access-token, ADR 104).
     * Answers undefined for a JWT that does not verify (signature, issuer, audience, expiry) or whose session ended.
     */
    async exchangeJwt(tenant: Tenant, jwt: string, attributes: Attributes): Promise<AuthenticatedSession | undefined> {
      const keys = createLocalJWKSet(await keyring.jwks(tenant.projectId));
      const verified = await jwtVerify(jwt, keys, {
        algorithms: [JWT_ALG],
        issuer: `${ctx.config.publicUrl}/${tenant.projectId}`,
        audience: tenant.projectId,
      }).catch(() => undefined);
      const claim = verified?.payload['https://stytch.com/session'] as { id?: unknown } | undefined;
      if (!verified || typeof claim?.id !== 'string' || !uuidPattern.test(claim.id)) return undefined;
      const session = await findLiveSessionById(ctx.db, tenant.projectId, claim.id);
      if (!session || session.userId !== verified.payload.sub) return undefined;
      return issue(tenant, session.userId, session.authenticationFactors, attributes);
    },

    /**
     * The public keys that verify the project's session JWTs.
     * @throws ProjectNotFoundError when no project has that id.
     */
    async jwks(projectId: string) {
      const tenant = await findTenantById(ctx.db, projectId);
      if (!tenant) throw new ProjectNotFoundError('No project has that id.');
      return keyring.jwks(tenant.projectId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
