// Emailing a password reset link with the widget's `passwordOptions` (spec §3), for Forgot, the dedupe and breached
// answers, a passwordless user, and Resend, with the widget's resolved locale (the email's language).
import type { PasswordResetByEmailStartOptions, PasswordsApi } from '@keepsake/auth-js/passwords';
import type { PasswordOptions } from '../../config.ts';
import type { Locale } from '../../locale.ts';

export function resetStartOptions(email: string, options: PasswordOptions): PasswordResetByEmailStartOptions {
  return {
    email,
    ...(options.loginRedirectURL ? { login_redirect_url: options.loginRedirectURL } : {}),
    ...(options.resetPasswordRedirectURL ? { reset_password_redirect_url: options.resetPasswordRedirectURL } : {}),
    ...(options.resetPasswordExpirationMinutes ? { reset_password_expiration_minutes: options.resetPasswordExpirationMinutes } : {}),
    // The server knows its template names; the config passes whatever the developer chose, and the server answers.
    ...(options.resetPasswordTemplateId
      ? { reset_password_template_id: options.resetPasswordTemplateId as PasswordResetByEmailStartOptions['reset_password_template_id'] }
      : {}),
  };
}

export function startReset(passwords: PasswordsApi, email: string, options: PasswordOptions, locale: Locale) {
  return passwords.resetByEmailStart({ ...resetStartOptions(email, options), locale });
}
