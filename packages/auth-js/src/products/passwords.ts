// `client.passwords` (spec §7 Passkeys, passwords, others): create, authenticate, strength_check, reset by
// email (PKCE when the project's bootstrap requires it for resets: the pair is made at the first reset start
// and cleared after a successful reset, spec §4), reset by existing password and reset with the session.
// `session_duration_minutes` is required wherever a session is issued (spec §5).
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkEmail, checkOptions, compact, EMAIL_MESSAGES, type OptionsSchema } from '../core/validate.ts';
import type {
  passwordCredentialsBody,
  passwordResetByEmailBody,
  passwordResetExistingBody,
  passwordResetSessionBody,
  passwordResetStartBody,
  passwordSignedInByEmailResponse,
  passwordStrengthBody,
} from '@keepsake/wire/sdk/passwords';
import type { z } from 'zod';
import type { AuthenticateResponse, PasswordStrengthResponse, ResponseCommon, SdkData } from '../types.ts';

const duration = { kind: 'integer', required: true } as const;
const requiredString = { kind: 'string', required: true } as const;

type CredentialsBody = z.input<typeof passwordCredentialsBody>;
type StrengthBody = z.input<typeof passwordStrengthBody>;
type ResetStartBody = z.input<typeof passwordResetStartBody>;
type ResetByEmailBody = z.input<typeof passwordResetByEmailBody>;
type ResetExistingBody = z.input<typeof passwordResetExistingBody>;
type ResetSessionBody = z.input<typeof passwordResetSessionBody>;

/** Email, password and the session length (required, spec §5). */
export type PasswordCredentials = Pick<CredentialsBody, 'email' | 'password' | 'session_duration_minutes'>;
/** What `strengthCheck` scores; the email helps judge passwords built from it. */
export type PasswordStrengthCheckOptions = Pick<StrengthBody, 'email' | 'password'>;
/** Where the reset email is sent and where its links lead. */
export type PasswordResetByEmailStartOptions = Pick<
  ResetStartBody,
  'email' | 'login_redirect_url' | 'reset_password_redirect_url' | 'reset_password_expiration_minutes' | 'reset_password_template_id' | 'locale'
>;
/** The reset link's token and the new password. */
export type PasswordResetByEmailOptions = Pick<ResetByEmailBody, 'token' | 'password' | 'session_duration_minutes'>;
/** The current password and the new one. */
export type PasswordResetByExistingPasswordOptions = Pick<ResetExistingBody, 'email' | 'existing_password' | 'new_password' | 'session_duration_minutes'>;
/** The signed-in user's new password. */
export type PasswordResetBySessionOptions = Pick<ResetSessionBody, 'password' | 'session_duration_minutes'>;

/** Sign-in answers of create, authenticate and reset by email also name the email used. */
export type PasswordAuthenticateResponse = SdkData<typeof passwordSignedInByEmailResponse>;

/** `client.passwords`. */
export type PasswordsApi = {
  /**
   * Creates a user with an email and password and signs in. An address that has an account answers
   * `reset_password` and gets a reset email (spec §4 Password Dedupe).
   * @example
   * await client.passwords.create({ email, password, session_duration_minutes: 60 });
   */
  create(options: PasswordCredentials): Promise<PasswordAuthenticateResponse>;
  /**
   * Signs in with an email and password. A breached password answers `reset_password` and a reset email is sent.
   * @example
   * await client.passwords.authenticate({ email, password, session_duration_minutes: 60 });
   */
  authenticate(options: PasswordCredentials): Promise<PasswordAuthenticateResponse>;
  /**
   * Scores a password under the project's policy (zxcvbn or luds) and the breach lists.
   * @example
   * const { valid_password, feedback } = await client.passwords.strengthCheck({ password });
   */
  strengthCheck(options: PasswordStrengthCheckOptions): Promise<PasswordStrengthResponse>;
  /**
   * Emails a reset link (the same answer for unknown addresses).
   * @example
   * await client.passwords.resetByEmailStart({ email, reset_password_redirect_url: 'https://app.example.com/reset' });
   */
  resetByEmailStart(options: PasswordResetByEmailStartOptions): Promise<ResponseCommon>;
  /**
   * Sets a new password with the `token` of the reset link and signs in.
   * @example
   * await client.passwords.resetByEmail({ token, password, session_duration_minutes: 60 });
   */
  resetByEmail(options: PasswordResetByEmailOptions): Promise<PasswordAuthenticateResponse>;
  /** Replaces a password the user knows and signs in. */
  resetByExistingPassword(options: PasswordResetByExistingPasswordOptions): Promise<AuthenticateResponse>;
  /** Sets the signed-in user's password. @throws NoSessionError without a session. */
  resetBySession(options: PasswordResetBySessionOptions): Promise<AuthenticateResponse>;
};

function signIn<T extends AuthenticateResponse>(core: AuthCore, path: string, body: Record<string, unknown>): Promise<T> {
  return core.transport.request<T>({ method: 'POST', path, body: compact(body) }).then((data) => {
    core.session.update(data);
    return data;
  });
}

function check(method: string, options: unknown, schema: OptionsSchema, emailField: 'email'): string;
function check(method: string, options: unknown, schema: OptionsSchema): undefined;
function check(method: string, options: unknown, schema: OptionsSchema, emailField?: 'email'): string | undefined {
  checkOptions(method, options, schema);
  return emailField ? checkEmail(method, (options as Record<string, unknown>)[emailField], EMAIL_MESSAGES.link) : undefined;
}

/**
 * The password product. Pass it to `createAuthClient({ products: [passwords] })`.
 * @example
 * import { passwords } from '@keepsake/auth-js/passwords';
 */
export const passwords = defineProduct('passwords', (core): PasswordsApi => {
  const credentials = { email: requiredString, password: requiredString, session_duration_minutes: duration };
  return {
    async create(options) {
      const email = check('passwords.create', options, credentials, 'email');
      return signIn(core, '/passwords', { ...options, email } satisfies CredentialsBody);
    },
    async authenticate(options) {
      const email = check('passwords.authenticate', options, credentials, 'email');
      return signIn(core, '/passwords/authenticate', { ...options, email } satisfies CredentialsBody);
    },
    async strengthCheck(options) {
      const method = 'passwords.strengthCheck';
      checkOptions(method, options, { email: 'string', password: requiredString });
      const email = options.email === undefined ? undefined : checkEmail(method, options.email, EMAIL_MESSAGES.link);
      return core.transport.request<PasswordStrengthResponse>({
        method: 'POST',
        path: '/passwords/strength_check',
        body: compact({ ...options, email } satisfies StrengthBody),
      });
    },
    async resetByEmailStart(options) {
      const email = check(
        'passwords.resetByEmailStart',
        options,
        {
          email: requiredString,
          login_redirect_url: 'string',
          reset_password_redirect_url: 'string',
          reset_password_expiration_minutes: 'integer',
          reset_password_template_id: 'string',
          locale: 'string',
        },
        'email',
      );
      const { pkce_required_for_password_resets: pkce } = await core.bootstrap();
      const code_challenge = pkce ? (await core.pkce.getOrCreate('passwords')).code_challenge : undefined;
      return core.transport.request<ResponseCommon>({
        method: 'POST',
        path: '/passwords/email/reset/start',
        body: compact({ ...options, email, code_challenge } satisfies ResetStartBody),
      });
    },
    async resetByEmail(options) {
      check('passwords.resetByEmail', options, { token: requiredString, password: requiredString, session_duration_minutes: duration });
      const data = await signIn<PasswordAuthenticateResponse>(core, '/passwords/email/reset', {
        ...options,
        code_verifier: core.pkce.verifier('passwords'),
      } satisfies ResetByEmailBody);
      core.pkce.clear('passwords');
      return data;
    },
    async resetByExistingPassword(options) {
      const schema = { email: requiredString, existing_password: requiredString, new_password: requiredString, session_duration_minutes: duration };
      const email = check('passwords.resetByExistingPassword', options, schema, 'email');
      return signIn(core, '/passwords/existing_password/reset', { ...options, email } satisfies ResetExistingBody);
    },
    async resetBySession(options) {
      check('passwords.resetBySession', options, { password: requiredString, session_duration_minutes: duration });
      core.session.requireSession();
      return signIn(core, '/passwords/session/reset', options satisfies ResetSessionBody);
    },
  };
});
