// One-time passcodes by email, SMS and WhatsApp (spec §7 /otps).
import { z } from 'zod';
import { emailSchema } from '../common.ts';
import { sdkEnvelope } from './envelope.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';

/** The passcode emails a send may ask for (spec §7: the console's and the auth SDK's templates). */
export const otpTemplateIds = ['signin_otp', 'signup_otp', 'auth_sdk_signin_otp_with_project', 'auth_sdk_signin_otp_without_project'] as const;

const templateId = z.enum(otpTemplateIds, { message: `template id must be one of ${otpTemplateIds.join(', ')}` });

/** Spec §5: expiration_minutes is a number; we honour 1 to 60 minutes. */
const expirationMinutes = z
  .number({ message: 'expiration_minutes must be a number' })
  .int({ message: 'expiration_minutes must be a whole number' })
  .min(1, { message: 'expiration_minutes must be at least 1' })
  .max(60, { message: 'expiration_minutes must be at most 60' });

/** Fields every send accepts besides the destination. `captcha_token` is checked when the project enables captcha. */
const sendCommon = {
  expiration_minutes: expirationMinutes.optional(),
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  locale: z.string().max(20).optional(),
};

/** POST /otps/email/{login_or_create | send/primary | send/secondary}. */
export const otpEmailSendBody = z.object({
  email: emailSchema,
  login_template_id: templateId.optional(),
  signup_template_id: templateId.optional(),
  ...sendCommon,
});

/** POST /otps/{sms | whatsapp}/…: the number in E.164 (or one the server can read as such). */
export const otpPhoneSendBody = z.object({
  phone_number: z.string({ message: 'phone_number must be a string' }).min(1, { message: 'Empty parameter phone_number' }).max(40),
  enable_autofill: z.boolean().optional(),
  ...sendCommon,
});

/** Every send: `method_id` (the email or phone id) authenticates the code. */
export const otpSendResponse = sdkEnvelope({
  user_id: z.string(),
  method_id: z.string(),
  email_id: z.string().optional(),
  phone_id: z.string().optional(),
  user_created: z.boolean(),
});

/** POST /otps/authenticate. */
export const otpAuthenticateBody = z.object({
  token: z.string({ message: 'token must be a string' }).regex(/^\d{6}$/, { message: 'token must be a 6-digit passcode' }),
  method_id: z.string({ message: 'method_id must be a string' }).min(1).max(100),
  session_duration_minutes: sessionDurationSchema.optional(),
  dfp_telemetry_id: z.string().optional(),
  captcha_token: z.string().optional(),
});

export const otpAuthenticateResponse = sdkEnvelope({ ...authenticatedPayload, method_id: z.string(), reset_sessions: z.boolean() });
