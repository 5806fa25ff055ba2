// Sending a login-or-create magic link with the widget's `emailMagicLinksOptions` (spec §3), for the form and
// for Resend, with the widget's resolved locale (the email's language, as for passcodes). `domainHint` has no field
// in the incumbent's login_or_create body, so it is not sent.
import type { MagicLinksApi, MagicLinkSendOptions } from '@keepsake/auth-js/magic-links';
import type { EmailMagicLinksOptions } from '../../config.ts';
import type { Locale } from '../../locale.ts';

export function magicLinkOptions(options: EmailMagicLinksOptions): MagicLinkSendOptions {
  return {
    ...(options.loginRedirectURL ? { login_magic_link_url: options.loginRedirectURL } : {}),
    ...(options.signupRedirectURL ? { signup_magic_link_url: options.signupRedirectURL } : {}),
    ...(options.loginExpirationMinutes ? { login_expiration_minutes: options.loginExpirationMinutes } : {}),
    ...(options.signupExpirationMinutes ? { signup_expiration_minutes: options.signupExpirationMinutes } : {}),
    ...(typeof options.createUserAsPending === 'boolean' ? { create_user_as_pending: options.createUserAsPending } : {}),
  };
}

export function sendMagicLink(magicLinks: MagicLinksApi, email: string, options: EmailMagicLinksOptions, locale: Locale) {
  return magicLinks.email.loginOrCreate(email, { ...magicLinkOptions(options), locale });
}
