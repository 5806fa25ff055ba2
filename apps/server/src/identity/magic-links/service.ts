import type { AppContext } from '../../context.ts';
import { EmailSendFailedError, MissingSessionTokenError } from '../errors.ts';
import { MailSendError, type OutgoingMail } from '../../mail/mailer.ts';
import { magicLinkEmail, type MagicLinkTemplateId } from '../../mail/templates.ts';
import { resolveRedirectUrl, tokenLink } from '../redirect-urls.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import { emailFactor, standInId, type SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { assertPkcePresent, createEmailTokens } from './tokens.ts';
import { createUserDirectory, type EmailRow, type UserRow } from '../users/directory.ts';

export type MagicLinkSendParams = {
  tenant: Tenant;
  email: string;
  loginUrl: string | undefined;
  signupUrl: string | undefined;
  loginExpirationMinutes: number | undefined;
  signupExpirationMinutes: number | undefined;
  loginTemplateId: MagicLinkTemplateId | undefined;
  signupTemplateId: MagicLinkTemplateId | undefined;
  codeChallenge: string | undefined;
  /** The calling app's origin, if the project admits it: test projects' default link target (ADR 076). */
  appOrigin: string | undefined;
  ip: string;
};

/** Identical in shape for known and unknown addresses (ADR 012). */
export type MagicLinkSendResult = { user_id: string; email_id: string; user_created: boolean };

/** Sends `mail`. @throws EmailSendFailedError (503 email_send_failed) when delivery fails. */
export async function sendOrFail(ctx: AppContext, mail: OutgoingMail, what: string): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    if (!(error instanceof MailSendError)) throw error;
    ctx.log.error({ err: error }, `${what} email could not be sent`);
    throw new EmailSendFailedError();
  }
}

export function createMagicLinkService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit }) {
  const directory = createUserDirectory(ctx.db);
  const { kit } = deps;
  const tokens = createEmailTokens(ctx, kit);

  /**
   * Checks the redirect URLs and PKCE before anything is stored or sent, so that a refused request has no effect
   * and an unknown address is refused exactly like a known one.
   */
  function plan(params: MagicLinkSendParams) {
    const config = params.tenant.authConfig.magicLinks;
    assertPkcePresent(config.pkceRequired, params.codeChallenge);
    const loginUrl = resolveRedirectUrl(params.tenant, 'login', params.loginUrl, params.appOrigin);
    // Without a signup URL (requested or set as the project's default), new users get the login URL.
    const signupUrl =
      params.signupUrl !== undefined || params.tenant.authConfig.redirectUrls.signup
        ? resolveRedirectUrl(params.tenant, 'signup', params.signupUrl, params.appOrigin)
        : loginUrl;
    return {
      login: {
        url: loginUrl,
        minutes: params.loginExpirationMinutes ?? config.loginExpirationMinutes,
        template: params.loginTemplateId ?? 'magic_link_login',
      },
      signup: {
        url: signupUrl,
        minutes: params.signupExpirationMinutes ?? config.signupExpirationMinutes,
        template: params.signupTemplateId ?? 'magic_link_signup',
      },
    };
  }

  /** Emails a link for `email`: the signup URL, expiry and template while the user has never signed in. */
  async function deliver(params: MagicLinkSendParams, links: ReturnType<typeof plan>, user: UserRow, email: EmailRow): Promise<void> {
    const link = user.status === 'pending' ? links.signup : links.login;
    const token = await tokens.issue({
      tenant: params.tenant,
      kind: 'magic_link',
      userId: user.id,
      emailId: email.id,
      codeChallenge: params.codeChallenge,
      expiresInMinutes: link.minutes,
    });
    const url = tokenLink(link.url, 'magic_links', token);
    await sendOrFail(
      ctx,
      magicLinkEmail({ template: link.template, to: email.email, projectName: params.tenant.name, url, expiresInMinutes: link.minutes }),
      'magic link',
    );
  }

  function standIn(params: MagicLinkSendParams, userId?: string): MagicLinkSendResult {
    const key = ctx.keys.hmac;
    const projectId = params.tenant.projectId;
    return {
      user_id: userId ?? standInId(key, projectId, 'user', params.email),
      email_id: standInId(key, projectId, 'email', params.email),
      user_created: false,
    };
  }

  return {
    /**
     * `/magic_links/email/login_or_create`: emails a link, creating a pending user for a new address.
     * @throws InvalidRedirectUrlError, PkceMismatchError, TooManyRequestsError, EmailSendFailedError
     */
    async loginOrCreate(params: MagicLinkSendParams): Promise<MagicLinkSendResult> {
      const links = plan(params);
      await kit.limitSend(params.ip, 'email', params.tenant, params.email);
      const { user, email } = await directory.getOrCreateUserByEmail(params.tenant.projectId, params.email);
      await deliver(params, links, user, email);
      return { user_id: user.id, email_id: email.id, user_created: false };
    },

    /**
     * `/magic_links/email/send/primary`: emails a link to an existing user; an unknown address gets the same answer and no email.
     * @throws InvalidRedirectUrlError, PkceMismatchError, TooManyRequestsError, EmailSendFailedError
     */
    async sendPrimary(params: MagicLinkSendParams): Promise<MagicLinkSendResult> {
      const links = plan(params);
      await kit.limitSend(params.ip, 'email', params.tenant, params.email);
      const email = await directory.findEmail(params.tenant.projectId, params.email);
      const user = email ? await directory.findUser(params.tenant.projectId, email.userId) : undefined;
      if (!email || !user) return standIn(params);
      await deliver(params, links, user, email);
      return { user_id: user.id, email_id: email.id, user_created: false };
    },

    /**
     * `/magic_links/email/send/secondary`: emails a link to an address of the signed-in user (added unverified if
     * new); authenticating it adds the factor to their session. Someone else's address gets the same answer, no email.
     * @throws MissingSessionTokenError without a session token; SessionNotFoundError when it is not a live session; EmailSendFailedError.
     */
    async sendSecondary(params: MagicLinkSendParams & { sessionToken: string | undefined }): Promise<MagicLinkSendResult> {
      if (!params.sessionToken) throw new MissingSessionTokenError('send/secondary needs a session: use Basic auth public_token:session_token.');
      const current = await deps.sessions.peek(params.tenant, params.sessionToken);
      if (!current) throw new SessionNotFoundError();
      const links = plan(params);
      await kit.limitSend(params.ip, 'email', params.tenant, params.email);
      const user = current.user;
      const email =
        (await directory.findEmail(params.tenant.projectId, params.email)) ?? (await directory.addEmailToUser(params.tenant.projectId, user.id, params.email));
      if (!email || email.userId !== user.id) return standIn(params, user.id);
      await deliver(params, links, { ...user, status: 'active' }, email);
      return { user_id: user.id, email_id: email.id, user_created: false };
    },

    /**
     * `/magic_links/authenticate`: redeems a link token (and its PKCE verifier) for a new session.
     * @throws UnableToAuthMagicLinkError, PkceMismatchError, UserLockedError, TooManyRequestsError
     */
    async authenticate(params: {
      tenant: Tenant;
      token: string;
      codeVerifier: string | undefined;
      sessionDurationMinutes: number | undefined;
      sessionToken: string | undefined;
      ip: string;
      userAgent: string | undefined;
    }) {
      await kit.limitAuth(params.ip);
      const { row, user, email } = await tokens.verify(params.tenant, 'magic_link', params.token, params.codeVerifier);
      await tokens.consume(row);
      await directory.markEmailVerified(user.id, email.id);
      const session = await kit.issueSession(params, user, emailFactor('magic_link', 'email', email));
      return { ...session, method_id: email.id, reset_sessions: false };
    },
  };
}

export type MagicLinkService = ReturnType<typeof createMagicLinkService>;
