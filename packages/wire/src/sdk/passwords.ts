// Passwords (spec §7 /passwords): create, sign in, strength check and the three resets.
import { z } from 'zod';
import { emailSchema } from '../common.ts';
import { sdkEnvelope } from './envelope.ts';
import { codeChallengeSchema, codeVerifierSchema } from './pkce.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';

const password = (name: string) =>
  z
    .string({ message: `${name} must be a string` })
    .min(1, { message: `Empty parameter ${name}` })
    .max(256, { message: `${name} must be at most 256 characters` });
const requiredDuration = sessionDurationSchema.describe('Required for passwords (spec §5).');
const redirect = (name: string) => z.string({ message: `${name} must be a string` }).max(2000);
/** Accepted on every password route; `captcha_token` is checked when the project enables captcha. */
const telemetry = { captcha_token: z.string().max(4096).optional(), dfp_telemetry_id: z.string().max(512).optional() };

/** POST /passwords and /passwords/authenticate. */
export const passwordCredentialsBody = z.object({
  email: emailSchema,
  password: password('password'),
  session_duration_minutes: requiredDuration,
  ...telemetry,
});

/** Create, sign-in and reset by email name the email they used; the other resets do not. */
export const passwordSignedInByEmailResponse = sdkEnvelope({ ...authenticatedPayload, email_id: z.string() });
export const passwordSignedInResponse = sdkEnvelope(authenticatedPayload);

/** POST /passwords/strength_check. */
export const passwordStrengthBody = z.object({ email: emailSchema.optional(), password: password('password') });

/** Spec §3 Password strength response. */
export const passwordStrengthResponse = sdkEnvelope({
  valid_password: z.boolean(),
  score: z.number().int(),
  breached_password: z.boolean(),
  strength_policy: z.enum(['zxcvbn', 'luds']),
  breach_detection_on_create: z.boolean(),
  feedback: z.object({
    warning: z.string(),
    suggestions: z.array(z.string()),
    luds_requirements: z.object({
      has_lower_case: z.boolean(),
      has_upper_case: z.boolean(),
      has_digit: z.boolean(),
      has_symbol: z.boolean(),
      missing_complexity: z.number().int(),
      missing_characters: z.number().int(),
    }),
  }),
});

/** POST /passwords/email/reset/start: the answer is the same for unknown addresses. */
export const passwordResetStartBody = z.object({
  email: emailSchema,
  login_redirect_url: redirect('login_redirect_url').optional(),
  reset_password_redirect_url: redirect('reset_password_redirect_url').optional(),
  reset_password_expiration_minutes: z
    .number({ message: 'reset_password_expiration_minutes must be a number' })
    .int()
    .min(5, { message: 'reset_password_expiration_minutes must be at least 5' })
    .max(10_080, { message: 'reset_password_expiration_minutes must be at most 10080 (a week)' })
    .optional(),
  reset_password_template_id: z.enum(['password_reset'], { message: 'reset_password_template_id must be password_reset' }).optional(),
  code_challenge: codeChallengeSchema.optional(),
  locale: z.string().max(20).optional(),
  ...telemetry,
});

/** POST /passwords/email/reset: the emailed token and the new password. */
export const passwordResetByEmailBody = z.object({
  token: z.string({ message: 'token must be a string' }).min(1, { message: 'Empty parameter token' }).max(200),
  password: password('password'),
  code_verifier: codeVerifierSchema.optional(),
  session_duration_minutes: requiredDuration,
  ...telemetry,
});

/** POST /passwords/existing_password/reset. */
export const passwordResetExistingBody = z.object({
  email: emailSchema,
  existing_password: password('existing_password'),
  new_password: password('new_password'),
  session_duration_minutes: requiredDuration,
  ...telemetry,
});

/** POST /passwords/session/reset: the signed-in user's new password. */
export const passwordResetSessionBody = z.object({ password: password('password'), session_duration_minutes: requiredDuration, ...telemetry });
