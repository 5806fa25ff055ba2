// `client.otps`: one-time passcodes by email, SMS and WhatsApp (spec §7: `/otps/{email|sms|whatsapp}/
// login_or_create`, `/send/primary|secondary`, `/otps/authenticate`).
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkEmail, checkField, checkOptions, compact, EMAIL_MESSAGES } from '../core/validate.ts';
import { normalizePhoneNumber } from '../phone.ts';
import type { otpAuthenticateBody, otpEmailSendBody, otpPhoneSendBody } from '@keepsake/wire/sdk/otps';
import type { z } from 'zod';
import type { AuthenticateResponse, OtpSendResponse } from '../types.ts';

type EmailSendBody = z.input<typeof otpEmailSendBody>;
type PhoneSendBody = z.input<typeof otpPhoneSendBody>;
type AuthenticateBody = z.input<typeof otpAuthenticateBody>;

/**
 * Options of an email passcode send: `expiration_minutes` (1–60; the project's default is 10), the
 * `login_template_id` / `signup_template_id` of the email, and `locale`.
 */
export type OtpEmailOptions = Pick<EmailSendBody, 'expiration_minutes' | 'login_template_id' | 'signup_template_id' | 'locale'>;

/**
 * Options of an SMS or WhatsApp passcode send: `expiration_minutes` (1–60; the project's default is 5),
 * `enable_autofill`, `locale`, and the `region` of a number typed without +country code (ISO 3166, default US).
 */
export type OtpPhoneOptions = Pick<PhoneSendBody, 'expiration_minutes' | 'enable_autofill' | 'locale'> & { region?: string };

/** Options of `otps.authenticate`: how long the new session lasts (5–525600; the server's default otherwise). */
export type OtpAuthenticateOptions = Pick<AuthenticateBody, 'session_duration_minutes'>;

type EmailChannel = {
  /**
   * Sends a passcode to the email, creating the user if needed. The answer's `method_id` authenticates it.
   * @throws InvalidInputError 'Invalid email, please try again.'; ApiError; ApiUnreachableError
   * @example
   * const { method_id } = await client.otps.email.loginOrCreate('ada@example.com', { expiration_minutes: 10 });
   */
  loginOrCreate(email: string, options?: OtpEmailOptions): Promise<OtpSendResponse>;
  /**
   * Sends a passcode to an existing user (`send/primary`), or, with a session, adds the email as a factor of the
   * signed-in user (`send/secondary`).
   * @example
   * await client.otps.email.send('ada@example.com');
   */
  send(email: string, options?: OtpEmailOptions): Promise<OtpSendResponse>;
};

type PhoneChannel = {
  /**
   * Texts a passcode to the number (parsed with `region`, default US), creating the user if needed.
   * @throws InvalidInputError 'Invalid phone number, please try again.'; ApiError; ApiUnreachableError
   * @example
   * const { method_id } = await client.otps.sms.loginOrCreate('(415) 555-0123');
   */
  loginOrCreate(phoneNumber: string, options?: OtpPhoneOptions): Promise<OtpSendResponse>;
  /** Texts a passcode to an existing user, or (with a session) to add the number as a factor. */
  send(phoneNumber: string, options?: OtpPhoneOptions): Promise<OtpSendResponse>;
};

/** `client.otps`. */
export type OtpsApi = {
  email: EmailChannel;
  sms: PhoneChannel;
  whatsapp: PhoneChannel;
  /**
   * Checks a passcode and signs in (spec §4: the session and its cookies are stored). With MFA pending the
   * answer has `mfa_required` and the intermediate session token is kept for `totps`.
   * @throws InvalidInputError; ApiError (`otp_code_not_found` for a wrong code); ApiUnreachableError
   * @example
   * const { session, user } = await client.otps.authenticate('123456', methodId, { session_duration_minutes: 60 });
   */
  authenticate(code: string, methodId: string, options?: OtpAuthenticateOptions): Promise<AuthenticateResponse>;
};

const sendPath = (core: AuthCore, channel: string, action: 'login_or_create' | 'send') =>
  action === 'login_or_create' ? `/otps/${channel}/login_or_create` : `/otps/${channel}/send/${core.session.hasSession() ? 'secondary' : 'primary'}`;

function emailChannel(core: AuthCore): EmailChannel {
  const sender = (action: 'login_or_create' | 'send', name: string) => async (email: string, options?: OtpEmailOptions) => {
    const method = `otps.email.${name}`;
    const address = checkEmail(method, email, EMAIL_MESSAGES.otp);
    checkOptions(method, options, { expiration_minutes: 'integer', login_template_id: 'string', signup_template_id: 'string', locale: 'string' });
    const body = compact({ email: address, ...options } satisfies EmailSendBody);
    return core.transport.request<OtpSendResponse>({ method: 'POST', path: sendPath(core, 'email', action), body });
  };
  return { loginOrCreate: sender('login_or_create', 'loginOrCreate'), send: sender('send', 'send') };
}

function phoneChannel(core: AuthCore, channel: 'sms' | 'whatsapp'): PhoneChannel {
  const sender = (action: 'login_or_create' | 'send', name: string) => async (phoneNumber: string, options?: OtpPhoneOptions) => {
    const method = `otps.${channel}.${name}`;
    checkField(method, 'phone_number', phoneNumber, 'string', true);
    checkOptions(method, options, { expiration_minutes: 'integer', region: 'string', enable_autofill: 'boolean', locale: 'string' });
    const { region, ...rest } = options ?? {};
    const phone_number = await normalizePhoneNumber(phoneNumber, { method, ...(region ? { region } : {}) });
    return core.transport.request<OtpSendResponse>({
      method: 'POST',
      path: sendPath(core, channel, action),
      body: compact({ phone_number, ...rest } satisfies PhoneSendBody),
    });
  };
  return { loginOrCreate: sender('login_or_create', 'loginOrCreate'), send: sender('send', 'send') };
}

/**
 * The one-time passcode product. Pass it to `createAuthClient({ products: [otps] })`.
 * @example
 * import { otps } from '@keepsake/auth-js/otps';
 */
export const otps = defineProduct('otps', (core): OtpsApi => ({
  email: emailChannel(core),
  sms: phoneChannel(core, 'sms'),
  whatsapp: phoneChannel(core, 'whatsapp'),
  async authenticate(code, methodId, options) {
    const method = 'otps.authenticate';
    checkField(method, 'code', code, 'string', true);
    checkField(method, 'method_id', methodId, 'string', true);
    checkOptions(method, options, { session_duration_minutes: 'integer' });
    const data = await core.transport.request<AuthenticateResponse>({
      method: 'POST',
      path: '/otps/authenticate',
      body: compact({ token: code, method_id: methodId, session_duration_minutes: options?.session_duration_minutes } satisfies AuthenticateBody),
    });
    core.session.update(data);
    return data;
  },
}));
