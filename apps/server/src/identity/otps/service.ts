import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { RateLimitedError, ResourceNotFoundError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { EmailSendFailedError, MissingSessionTokenError, TextSendFailedError } from '../errors.ts';
import { MailSendError } from '../../mail/mailer.ts';
import { otpEmail, type OtpTemplateId } from '../../mail/templates.ts';
import { otpText } from '../../messaging/templates.ts';
import { TextSendError, type PhoneChannel } from '../../messaging/text-sender.ts';
import { constantTimeEqual, hmacHex, randomDigits } from '../../platform/secrets.ts';
import type { SessionService } from '../sessions/service.ts';
import { SessionNotFoundError } from '../sessions/service.ts';
import { emailFactor, isUuid, standInId, type SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { consumeOtp, countAttempt, findActiveOtp, replaceOtp } from './store.ts';
import { createUserDirectory } from '../users/directory.ts';

export const OTP_LENGTH = 6;

export type OtpChannel = 'email' | PhoneChannel;

/** The passcode is wrong, expired or used: 404 `otp_code_not_found`. */
export class OtpCodeNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('The passcode is incorrect or has expired. Please request a new one.', errorTypes.otpCodeNotFound);
  }
}

/** The passcode had too many wrong attempts and is burned: 429 `too_many_requests`. */
export class OtpAttemptsExceededError extends RateLimitedError {
  constructor() {
    super('Too many attempts for this passcode. Please request a new one.');
  }
}

function codeHash(key: Buffer, otpId: string, code: string): string {
  return hmacHex(key, `${otpId}:${code}`);
}

/** A send request: `destination` is a lower-cased email for `email`, an E.164 number otherwise. */
export type OtpSendParams = {
  tenant: Tenant;
  channel: OtpChannel;
  destination: string;
  expirationMinutes: number | undefined;
  loginTemplateId?: OtpTemplateId | undefined;
  signupTemplateId?: OtpTemplateId | undefined;
  ip: string;
};

/** What every send answers; identical in shape for known and unknown destinations (ADR 012). */
export type OtpSendResult = { user_id: string; method_id: string; email_id?: string; phone_id?: string; user_created: boolean };

type Method = { id: string; userId: string };

/**
 * Whether a user of `tenant` counts as new for the passcode email's template, when the request names no template;
 * `undefined` keeps the auth service's own rule (created by this send, or never verified). Another domain sets one
 * for its tenant: the console's sign-in says "new" until the person has a project (spec §7 Product app, ADR 124).
 */
export type NewcomerRule = (tenant: Tenant, userId: string) => Promise<boolean | undefined>;

export function createOtpService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit }) {
  const directory = createUserDirectory(ctx.db);
  const { kit } = deps;
  let newcomerRule: NewcomerRule | undefined;

  function expiryMinutes(tenant: Tenant, channel: OtpChannel, requested: number | undefined): number {
    if (requested !== undefined) return requested;
    const otps = tenant.authConfig.otps;
    return channel === 'email' ? otps.emailExpirationMinutes : channel === 'sms' ? otps.smsExpirationMinutes : otps.whatsappExpirationMinutes;
  }

  function result(channel: OtpChannel, userId: string, methodId: string): OtpSendResult {
    const key = channel === 'email' ? 'email_id' : 'phone_id';
    // user_created is always false: a true here would tell a caller the address had no account (ADR 012).
    return { user_id: userId, method_id: methodId, [key]: methodId, user_created: false };
  }

  function standIn(params: OtpSendParams): OtpSendResult {
    const key = ctx.keys.hmac;
    return result(
      params.channel,
      standInId(key, params.tenant.projectId, 'user', params.destination),
      standInId(key, params.tenant.projectId, params.channel, params.destination),
    );
  }

  /** Stores a fresh code for the method (retiring earlier ones) and delivers it. */
  async function deliver(params: OtpSendParams, method: Method, isNewUser: boolean): Promise<void> {
    const { tenant, channel, destination } = params;
    const methodId = method.id;
    const minutes = expiryMinutes(tenant, channel, params.expirationMinutes);
    const otpId = randomUUID();
    const code = randomDigits(OTP_LENGTH);
    await replaceOtp(ctx.db, {
      id: otpId,
      projectId: tenant.projectId,
      methodId,
      channel,
      codeHash: codeHash(ctx.keys.hmac, otpId, code),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    if (channel === 'email') {
      const named = params.signupTemplateId !== undefined || params.loginTemplateId !== undefined;
      const ruled = named ? undefined : await newcomerRule?.(tenant, method.userId);
      const newcomer = ruled ?? isNewUser;
      const template = newcomer ? (params.signupTemplateId ?? 'signup_otp') : (params.loginTemplateId ?? 'signin_otp');
      try {
        await ctx.mailer.send(otpEmail({ template, to: destination, projectName: tenant.name, code, expiresInMinutes: minutes }));
      } catch (error) {
        if (!(error instanceof MailSendError)) throw error;
        ctx.log.error({ err: error }, 'passcode email could not be sent');
        throw new EmailSendFailedError();
      }
      return;
    }
    try {
      await ctx.texts.send({ channel, to: destination, text: otpText({ channel, projectName: tenant.name, code, expiresInMinutes: minutes }) });
    } catch (error) {
      if (!(error instanceof TextSendError)) throw error;
      ctx.log.error({ err: error, channel }, 'passcode text message could not be sent');
      throw new TextSendFailedError();
    }
  }

  async function findMethod(tenant: Tenant, channel: OtpChannel, destination: string): Promise<Method | undefined> {
    return channel === 'email' ? directory.findEmail(tenant.projectId, destination) : directory.findPhone(tenant.projectId, destination);
  }

  return {
    /** Sets the rule that picks signup_otp or signin_otp for requests that name no template (see NewcomerRule). */
    decideNewcomersWith(rule: NewcomerRule): void {
      newcomerRule = rule;
    },

    /**
     * Sends a passcode, creating the user if the destination is new (`/otps/{channel}/login_or_create`).
     * @throws TooManyRequestsError past the per-destination or per-IP limit; EmailSendFailedError, TextSendFailedError when delivery fails.
     */
    async loginOrCreate(params: OtpSendParams): Promise<OtpSendResult> {
      const { tenant, channel, destination } = params;
      await kit.limitSend(params.ip, channel === 'email' ? 'email' : 'phone', tenant, destination);
      const found =
        channel === 'email'
          ? await directory.getOrCreateUserByEmail(tenant.projectId, destination).then((r) => ({ user: r.user, method: r.email, created: r.created }))
          : await directory.getOrCreateUserByPhone(tenant.projectId, destination).then((r) => ({ user: r.user, method: r.phone, created: r.created }));
      await deliver(params, found.method, found.created || found.user.status === 'pending');
      return result(channel, found.user.id, found.method.id);
    },

    /**
     * Sends a passcode to an existing user only (`/otps/{channel}/send/primary`). An unknown destination gets
     * the same answer with stand-in ids, and nothing is sent.
     * @throws TooManyRequestsError, EmailSendFailedError, TextSendFailedError
     */
    async sendPrimary(params: OtpSendParams): Promise<OtpSendResult> {
      const { tenant, channel, destination } = params;
      await kit.limitSend(params.ip, channel === 'email' ? 'email' : 'phone', tenant, destination);
      const method = await findMethod(tenant, channel, destination);
      const user = method ? await directory.findUser(tenant.projectId, method.userId) : undefined;
      if (!method || !user) return standIn(params);
      await deliver(params, method, user.status === 'pending');
      return result(channel, user.id, method.id);
    },

    /**
     * Sends a passcode to a destination of the signed-in user (`/otps/{channel}/send/secondary`), adding it to
     * the user unverified when it is new. Authenticating that code adds the factor to the caller's session.
     * @throws MissingSessionTokenError without a session token; SessionNotFoundError when it is not a live session.
     */
    async sendSecondary(params: OtpSendParams & { sessionToken: string | undefined }): Promise<OtpSendResult> {
      const { tenant, channel, destination } = params;
      if (!params.sessionToken) throw new MissingSessionTokenError('send/secondary needs a session: use Basic auth public_token:session_token.');
      const current = await deps.sessions.peek(tenant, params.sessionToken);
      if (!current) throw new SessionNotFoundError();
      await kit.limitSend(params.ip, channel === 'email' ? 'email' : 'phone', tenant, destination);
      const userId = current.user.id;
      const method =
        (await findMethod(tenant, channel, destination)) ??
        (channel === 'email'
          ? await directory.addEmailToUser(tenant.projectId, userId, destination)
          : await directory.addPhoneToUser(tenant.projectId, userId, destination));
      // Someone else's address (or lost a race to it): answer alike, send nothing.
      if (!method || method.userId !== userId) return { ...standIn(params), user_id: userId };
      await deliver(params, method, false);
      return result(channel, userId, method.id);
    },

    /**
     * Checks a passcode for a method (an email_id or phone_id) and starts a session.
     * @throws OtpCodeNotFoundError for a wrong, used or expired code; TooManyRequestsError past the attempt cap;
     *   UserLockedError while the user is locked.
     */
    async authenticate(params: {
      tenant: Tenant;
      code: string;
      methodId: string;
      sessionDurationMinutes: number | undefined;
      sessionToken: string | undefined;
      ip: string;
      userAgent: string | undefined;
    }) {
      const { tenant } = params;
      await kit.limitAuth(params.ip);
      // Method ids are UUIDs; anything else cannot match a code (and must not reach a uuid column).
      if (!isUuid(params.methodId)) throw new OtpCodeNotFoundError();
      const email = await directory.findEmailById(tenant.projectId, params.methodId);
      const phone = email ? undefined : await directory.findPhoneById(tenant.projectId, params.methodId);
      const method = email ?? phone;
      const otp = method ? await findActiveOtp(ctx.db, tenant.projectId, method.id) : undefined;
      const user = method ? await directory.findUser(tenant.projectId, method.userId) : undefined;
      if (!method || !otp || !user) throw new OtpCodeNotFoundError();
      kit.lockout.assertNotLocked(user);
      const attempts = await countAttempt(ctx.db, otp.id);
      if (attempts === undefined) throw new OtpCodeNotFoundError();
      if (attempts > ctx.config.otp.maxAttempts) {
        await consumeOtp(ctx.db, otp.id);
        throw new OtpAttemptsExceededError();
      }
      if (!constantTimeEqual(codeHash(ctx.keys.hmac, otp.id, params.code), otp.codeHash)) {
        await kit.lockout.failed(user.id);
        throw new OtpCodeNotFoundError();
      }
      if (!(await consumeOtp(ctx.db, otp.id))) throw new OtpCodeNotFoundError();
      const now = new Date().toISOString();
      if (email) await directory.markEmailVerified(user.id, email.id);
      if (phone) await directory.markPhoneVerified(user.id, phone.id);
      const session = await kit.issueSession(
        params,
        user,
        email
          ? emailFactor('otp', 'email', email)
          : {
              type: 'otp',
              delivery_method: otp.channel,
              last_authenticated_at: now,
              phone_number_factor: { phone_id: phone!.id, phone_number: phone!.phoneNumber },
            },
      );
      return { ...session, method_id: method.id, reset_sessions: false };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
