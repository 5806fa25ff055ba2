import type { AuthenticationFactor } from '@keepsake/db/schema';
import type { AppContext } from '../../context.ts';
import { InvalidInputError, UnauthenticatedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { RESET_PASSWORD_EMAILED_MESSAGE, RESET_PASSWORD_NOT_EMAILED_MESSAGE } from '@keepsake/wire/sdk/password-reset';
import { MissingSessionTokenError } from '../errors.ts';
import { passwordResetEmail } from '../../mail/templates.ts';
import { assertPkcePresent, createEmailTokens } from '../magic-links/tokens.ts';
import { sendOrFail } from '../magic-links/service.ts';
import { isAllowedRedirect, resolveRedirectUrl, tokenLink } from '../redirect-urls.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import { emailFactor, type SignInCaller, type SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import type { BreachChecker } from './breach.ts';
import { hashPassword, verifyPassword } from './hashing.ts';
import { BREACHED_PASSWORD_MESSAGE, checkStrength, type StrengthResult } from './strength.ts';
import { findPasswordByUser, markRequiresReset, upsertPassword } from './store.ts';
import { createUserDirectory, type EmailRow, type UserRow } from '../users/directory.ts';

type Caller = SignInCaller;

/** Wrong email or password (alike, so that neither is revealed): 401 `unauthorized_credentials`. */
export class InvalidCredentialsError extends UnauthenticatedError {
  constructor() {
    super('The email or password is incorrect.', errorTypes.unauthorizedCredentials);
  }
}

/** The password must be reset first (spec §4 Password Dedupe, breached at login): 400 `reset_password`. */
export class ResetPasswordError extends InvalidInputError {
  /** @param emailed whether the server emailed a reset link; the message says which (the widget reads it). */
  constructor(emailed: boolean) {
    super(emailed ? RESET_PASSWORD_EMAILED_MESSAGE : RESET_PASSWORD_NOT_EMAILED_MESSAGE, errorTypes.resetPassword);
  }
}

const knowledgeFactor = (): AuthenticationFactor => ({ type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date().toISOString() });

/** The password appears in known breaches: 400 `breached_password` (spec §5 words). */
export class BreachedPasswordError extends InvalidInputError {
  constructor() {
    super(BREACHED_PASSWORD_MESSAGE, errorTypes.breachedPassword);
  }
}

/** The password does not meet the project's strength policy: 400 `weak_password`, with the policy's feedback. */
export class WeakPasswordError extends InvalidInputError {
  constructor(message: string) {
    super(message, errorTypes.weakPassword);
  }
}

/** Why a password was refused, in the spec §5 words where the spec has them. */
function refusal(strength: StrengthResult): BreachedPasswordError | WeakPasswordError | undefined {
  if (strength.valid_password) return undefined;
  if (strength.breached_password) return new BreachedPasswordError();
  // luds: the spec §5 messages as they are, one sentence each; zxcvbn: its warning and suggestions (full sentences).
  const message =
    strength.strength_policy === 'luds'
      ? strength.feedback.suggestions.join('. ')
      : [strength.feedback.warning || 'This password is too easy to guess.', ...strength.feedback.suggestions].join(' ');
  return new WeakPasswordError(message);
}

export function createPasswordService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit; breach: BreachChecker }) {
  const directory = createUserDirectory(ctx.db);
  const { kit } = deps;
  const tokens = createEmailTokens(ctx, kit);

  async function assertStrong(tenant: Tenant, password: string, email: string | undefined): Promise<void> {
    const error = refusal(await checkStrength(ctx.passwordScorer, deps.breach, tenant.authConfig.passwords, password, email));
    if (error) throw error;
  }

  /** Emails a reset link (and a one-click login link when a login URL is known). */
  async function sendResetEmail(
    tenant: Tenant,
    user: UserRow,
    email: EmailRow,
    options: { resetUrl: string; loginUrl: string | undefined; minutes: number | undefined; codeChallenge: string | undefined },
  ): Promise<void> {
    const minutes = options.minutes ?? tenant.authConfig.passwords.resetExpirationMinutes;
    const issue = (kind: 'password_reset' | 'magic_link') =>
      tokens.issue({ tenant, kind, userId: user.id, emailId: email.id, codeChallenge: options.codeChallenge, expiresInMinutes: minutes });
    const resetUrl = tokenLink(options.resetUrl, 'reset_password', await issue('password_reset'));
    const loginUrl = options.loginUrl ? tokenLink(options.loginUrl, 'login', await issue('magic_link')) : undefined;
    await sendOrFail(ctx, passwordResetEmail({ to: email.email, projectName: tenant.name, resetUrl, loginUrl, expiresInMinutes: minutes }), 'password reset');
  }

  /**
   * The reset email the server sends on its own (a breached password, a dedupe), with the project's default URLs.
   * @returns whether it was sent (the reset_password answer says so)
   */
  async function sendAutomaticReset(tenant: Tenant, user: UserRow, email: EmailRow, ip: string): Promise<boolean> {
    const urls = tenant.authConfig.redirectUrls;
    const resetUrl = urls.resetPassword ?? urls.login;
    if (!resetUrl) {
      ctx.log.warn({ projectId: tenant.projectId }, 'no reset-password redirect URL is configured; the reset email was not sent');
      return false;
    }
    // Over the address's limit, the reset_password answer still stands; only the email is skipped.
    const allowed = await kit.limitSend(ip, 'email', tenant, email.email).then(
      () => true,
      () => false,
    );
    if (!allowed) return false;
    await sendResetEmail(tenant, user, email, { resetUrl, loginUrl: urls.login, minutes: undefined, codeChallenge: undefined });
    return true;
  }

  async function setPassword(tenant: Tenant, userId: string, password: string): Promise<void> {
    await upsertPassword(ctx.db, tenant.projectId, userId, await hashPassword(password));
  }

  /** The user and stored hash behind an email, if any. */
  async function lookup(tenant: Tenant, address: string) {
    const email = await directory.findEmail(tenant.projectId, address);
    const user = email ? await directory.findUser(tenant.projectId, email.userId) : undefined;
    const password = user ? await findPasswordByUser(ctx.db, user.id) : undefined;
    return { email, user, password };
  }

  /**
   * Verifies an email and password pair; counts failures toward the lockout.
   * @throws InvalidCredentialsError, UserLockedError
   */
  async function verifyCredentials(tenant: Tenant, address: string, password: string) {
    const found = await lookup(tenant, address);
    if (found.user) kit.lockout.assertNotLocked(found.user);
    const ok = await verifyPassword(found.password?.hash, password);
    if (!ok || !found.user || !found.email || !found.password) {
      if (found.user) await kit.lockout.failed(found.user.id);
      throw new InvalidCredentialsError();
    }
    return { user: found.user, email: found.email, password: found.password };
  }

  /** After a reset: the new session (or intermediate token), and every other session of the user ends. */
  async function afterReset(caller: Caller & { sessionDurationMinutes: number }, user: UserRow, factor: AuthenticationFactor) {
    const session = await kit.issueSession(caller, user, factor);
    await deps.sessions.revokeAllExcept(caller.tenant, user.id, session);
    return session;
  }

  return {
    /** `POST /passwords/strength_check`: the policy verdict, zxcvbn feedback and breach status. */
    async strengthCheck(tenant: Tenant, password: string, email: string | undefined, ip: string): Promise<StrengthResult> {
      await kit.limitStrengthCheck(ip);
      return checkStrength(ctx.passwordScorer, deps.breach, tenant.authConfig.passwords, password, email);
    },

    /**
     * `POST /passwords`: creates a user with a password and signs them in. An address that already has an account
     * gets a reset email and `reset_password` instead (spec §4: Password Dedupe), so only its owner can set one.
     * @throws WeakPasswordError, BreachedPasswordError, ResetPasswordError
     */
    async create(params: Caller & { email: string; password: string; sessionDurationMinutes: number }) {
      const { tenant } = params;
      await kit.limitAuth(params.ip);
      await assertStrong(tenant, params.password, params.email);
      const existing = await lookup(tenant, params.email);
      if (existing.user && existing.email) {
        throw new ResetPasswordError(await sendAutomaticReset(tenant, existing.user, existing.email, params.ip));
      }
      const { user, email, created } = await directory.getOrCreateUserByEmail(tenant.projectId, params.email);
      if (!created) {
        throw new ResetPasswordError(await sendAutomaticReset(tenant, user, email, params.ip));
      }
      await setPassword(tenant, user.id, params.password);
      await directory.activateUser(user.id);
      const session = await kit.issueSession(params, user, knowledgeFactor());
      return { ...session, email_id: email.id };
    },

    /**
     * `POST /passwords/authenticate`. A correct password that is breached (or flagged) is refused with
     * `reset_password` and a reset email is sent (spec §4).
     * @throws InvalidCredentialsError, UserLockedError, ResetPasswordError
     */
    async authenticate(params: Caller & { email: string; password: string; sessionDurationMinutes: number }) {
      const { tenant } = params;
      await kit.limitAuth(params.ip);
      const { user, email, password } = await verifyCredentials(tenant, params.email, params.password);
      const breached = tenant.authConfig.passwords.breachCheckOnLogin && (await deps.breach.isBreached(params.password));
      if (password.requiresReset || breached) {
        await markRequiresReset(ctx.db, user.id);
        throw new ResetPasswordError(await sendAutomaticReset(tenant, user, email, params.ip));
      }
      const session = await kit.issueSession(params, user, knowledgeFactor());
      return { ...session, email_id: email.id };
    },

    /**
     * `POST /passwords/email/reset/start`: emails a reset link. An unknown address gets the same answer, no email.
     * @throws InvalidRedirectUrlError, PkceMismatchError (PKCE required and no challenge), TooManyRequestsError
     */
    async resetStart(params: {
      tenant: Tenant;
      email: string;
      resetUrl: string | undefined;
      loginUrl: string | undefined;
      expirationMinutes: number | undefined;
      codeChallenge: string | undefined;
      /** The calling app's origin, if the project admits it: test projects' default link target (ADR 076). */
      appOrigin: string | undefined;
      ip: string;
    }): Promise<Record<string, never>> {
      const { tenant } = params;
      assertPkcePresent(tenant.authConfig.passwords.pkceRequiredForResets, params.codeChallenge);
      const resetUrl = resolveRedirectUrl(tenant, 'resetPassword', params.resetUrl, params.appOrigin);
      const configuredLogin = tenant.authConfig.redirectUrls.login;
      const loginUrl =
        params.loginUrl !== undefined
          ? resolveRedirectUrl(tenant, 'login', params.loginUrl)
          : configuredLogin && isAllowedRedirect(tenant, configuredLogin)
            ? configuredLogin
            : undefined;
      await kit.limitSend(params.ip, 'email', tenant, params.email);
      const found = await lookup(tenant, params.email);
      if (found.user && found.email) {
        await sendResetEmail(tenant, found.user, found.email, { resetUrl, loginUrl, minutes: params.expirationMinutes, codeChallenge: params.codeChallenge });
      }
      return {};
    },

    /**
     * `POST /passwords/email/reset`: sets a new password with a reset token (and its PKCE verifier) and signs in.
     * The token is used up only once the new password passes the policy.
     * @throws UnableToAuthMagicLinkError, PkceMismatchError, WeakPasswordError, BreachedPasswordError, UserLockedError
     */
    async resetByEmail(params: Caller & { token: string; password: string; codeVerifier: string | undefined; sessionDurationMinutes: number }) {
      const { tenant } = params;
      await kit.limitAuth(params.ip);
      const { row, user, email } = await tokens.verify(tenant, 'password_reset', params.token, params.codeVerifier);
      await assertStrong(tenant, params.password, email.email);
      await tokens.consume(row);
      await setPassword(tenant, user.id, params.password);
      await directory.markEmailVerified(user.id, email.id);
      const session = await afterReset(params, user, emailFactor('password', 'email', email));
      return { ...session, email_id: email.id };
    },

    /**
     * `POST /passwords/existing_password/reset`: replaces a password the caller knows.
     * @throws InvalidCredentialsError, UserLockedError, WeakPasswordError, BreachedPasswordError
     */
    async resetExisting(params: Caller & { email: string; existingPassword: string; newPassword: string; sessionDurationMinutes: number }) {
      const { tenant } = params;
      await kit.limitAuth(params.ip);
      const { user } = await verifyCredentials(tenant, params.email, params.existingPassword);
      await assertStrong(tenant, params.newPassword, params.email);
      await setPassword(tenant, user.id, params.newPassword);
      return afterReset(params, user, knowledgeFactor());
    },

    /**
     * `POST /passwords/session/reset`: sets the signed-in user's password. The session is replaced by a new one
     * with the same factors.
     * @throws MissingSessionTokenError; SessionNotFoundError; WeakPasswordError, BreachedPasswordError
     */
    async resetWithSession(params: Caller & { password: string; sessionDurationMinutes: number }) {
      const { tenant } = params;
      if (!params.sessionToken) throw new MissingSessionTokenError('session/reset needs a session: use Basic auth public_token:session_token.');
      await kit.limitAuth(params.ip);
      const current = await deps.sessions.peek(tenant, params.sessionToken);
      if (!current) throw new SessionNotFoundError();
      const [primaryEmail] = await directory.listEmails(current.user.id);
      await assertStrong(tenant, params.password, primaryEmail?.email);
      await setPassword(tenant, current.user.id, params.password);
      return afterReset(params, current.user, knowledgeFactor());
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
