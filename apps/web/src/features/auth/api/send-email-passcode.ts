import { consoleAuthClient } from '../../../lib/auth/auth-client';

/** Spec §7: email codes expire after 10 minutes. */
export const EMAIL_OTP_EXPIRATION_MINUTES = 10;

export type SendEmailPasscodeInput = {
  email: string;
  loginTemplateId?: string | undefined;
  signupTemplateId?: string | undefined;
};

/** Sends a 6-digit passcode to the email through the auth SDK (step 2 of sign-in); resolves to the method id. */
export async function sendEmailPasscode(input: SendEmailPasscodeInput): Promise<string> {
  const auth = await consoleAuthClient();
  const sent = await auth.otps.email.loginOrCreate(input.email, {
    expiration_minutes: EMAIL_OTP_EXPIRATION_MINUTES,
    ...(input.loginTemplateId ? { login_template_id: input.loginTemplateId } : {}),
    ...(input.signupTemplateId ? { signup_template_id: input.signupTemplateId } : {}),
  });
  return sent.method_id;
}
