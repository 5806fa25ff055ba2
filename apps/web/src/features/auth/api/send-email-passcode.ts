import type { OtpEmailOptions } from '@keepsake/auth-js/otps';
import type { otpTemplateIds } from '@keepsake/wire/sdk/otps';
import { consoleAuthClient } from '../../../lib/auth/auth-client';

/** A passcode email template of spec §7 (`signin_otp`, `signup_otp`, …). */
export type OtpTemplateId = (typeof otpTemplateIds)[number];

/** Spec §7: email codes expire after 10 minutes. */
export const EMAIL_OTP_EXPIRATION_MINUTES = 10;

export type SendEmailPasscodeInput = {
  email: string;
  /** The template get-or-create picked (`templateId`); see {@link templateOptions}. */
  templateId?: OtpTemplateId | undefined;
};

/**
 * The OTP options (`login_template_id` / `signup_template_id`, spec §3 otpOptions) for the template the product
 * picked. The product decides by whether the person has a project, not by whether the auth user is new, so the
 * same template goes in both (docs/decisions/067).
 */
export function templateOptions(templateId: OtpTemplateId | undefined): Pick<OtpEmailOptions, 'login_template_id' | 'signup_template_id'> {
  return templateId ? { login_template_id: templateId, signup_template_id: templateId } : {};
}

/** Sends a 6-digit passcode to the email through the auth SDK (step 2 of sign-in); resolves to the method id. */
export async function sendEmailPasscode(input: SendEmailPasscodeInput): Promise<string> {
  const auth = await consoleAuthClient();
  const sent = await auth.otps.email.loginOrCreate(input.email, {
    expiration_minutes: EMAIL_OTP_EXPIRATION_MINUTES,
    ...templateOptions(input.templateId),
  });
  return sent.method_id;
}
