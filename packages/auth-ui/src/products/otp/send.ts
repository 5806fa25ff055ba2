// Sending a passcode to the destination OTP Authenticate shows: by email, SMS or WhatsApp, with the config's
// expiry (and the email templates) and the widget's resolved locale (the `locale` of the login_or_create body), so
// the message is in the language the widget shows. Used by the Main screen's forms and by Resend.
import type { OtpEmailOptions, OtpsApi } from '@keepsake/auth-js/otps';
import type { OtpOptions } from '../../config.ts';
import type { Locale } from '../../locale.ts';
import type { OtpState } from '../../widget/state.ts';

export function sendPasscode(otps: OtpsApi, type: OtpState['type'], destination: string, options: OtpOptions, locale: Locale) {
  if (type !== 'email') return otps[type].loginOrCreate(destination, { expiration_minutes: options.expirationMinutes, locale });
  return otps.email.loginOrCreate(destination, {
    expiration_minutes: options.expirationMinutes,
    locale,
    // The server knows its template names (§9); the config passes whatever the developer chose, and the server answers.
    ...(options.loginTemplateId ? { login_template_id: options.loginTemplateId as OtpEmailOptions['login_template_id'] } : {}),
    ...(options.signupTemplateId ? { signup_template_id: options.signupTemplateId as OtpEmailOptions['signup_template_id'] } : {}),
  });
}
