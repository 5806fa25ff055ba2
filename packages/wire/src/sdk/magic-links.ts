// Email magic links (spec §7 /magic_links).
import { z } from 'zod';
import { emailSchema } from '../common.ts';
import { sdkEnvelope } from './envelope.ts';
import { codeChallengeSchema, codeVerifierSchema } from './pkce.ts';
import { authenticatedPayload, sessionDurationSchema } from './sessions.ts';

/** The magic-link emails a send may ask for. */
export const magicLinkTemplateIds = ['magic_link_login', 'magic_link_signup'] as const;

const templateId = z.enum(magicLinkTemplateIds, { message: `template id must be one of ${magicLinkTemplateIds.join(', ')}` });
const linkUrl = (name: string) => z.string({ message: `${name} must be a string` }).max(2000, { message: `${name} must be at most 2000 characters` });
const linkMinutes = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(5, { message: `${name} must be at least 5` })
    .max(10_080, { message: `${name} must be at most 10080 (a week)` });

/** Spec §7 fields, plus the provider's documented URL, expiry and template fields. `captcha_token` is checked when the project enables captcha. */
export const magicLinkSendBody = z.object({
  email: emailSchema,
  login_magic_link_url: linkUrl('login_magic_link_url').optional(),
  signup_magic_link_url: linkUrl('signup_magic_link_url').optional(),
  login_expiration_minutes: linkMinutes('login_expiration_minutes').optional(),
  signup_expiration_minutes: linkMinutes('signup_expiration_minutes').optional(),
  login_template_id: templateId.optional(),
  signup_template_id: templateId.optional(),
  /** login_or_create: a new user stays pending until they first authenticate (Keepsake creates every new user so). */
  create_user_as_pending: z.boolean({ message: 'create_user_as_pending must be a boolean value' }).optional(),
  code_challenge: codeChallengeSchema.optional(),
  captcha_token: z.string().max(4096).optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  locale: z.string().max(20).optional(),
});

export const magicLinkSendResponse = sdkEnvelope({ user_id: z.string(), email_id: z.string(), user_created: z.boolean() });

/** POST /magic_links/authenticate: the link's token, and its PKCE code_verifier. */
export const magicLinkAuthenticateBody = z.object({
  token: z.string({ message: 'token must be a string' }).min(1, { message: 'Empty parameter token' }).max(200),
  code_verifier: codeVerifierSchema.optional(),
  session_duration_minutes: sessionDurationSchema.optional(),
  dfp_telemetry_id: z.string().max(512).optional(),
  captcha_token: z.string().max(4096).optional(),
});

export const magicLinkAuthenticateResponse = sdkEnvelope({ ...authenticatedPayload, method_id: z.string(), reset_sessions: z.boolean() });
