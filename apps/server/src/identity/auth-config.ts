import { z } from 'zod';

const redirectUrl = z.url({ protocol: /^https?$/, message: 'expected an absolute http:// or https:// URL' });
const minutes = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

/**
 * A project's auth-service settings, kept in `projects.auth_config` (jsonb). Every sign-in method adds its
 * settings here as one key whose fields all have defaults, so an empty object is a complete configuration
 * and adding a setting needs no migration. Parsed once per tenant lookup; unknown keys are dropped.
 * The console edits it through `GET/PATCH /api/console/projects/{id}/auth-config`, which replaces top-level
 * keys whole (docs/decisions/016).
 *
 * @example
 * const config = parseAuthConfig(row.authConfig);
 */
/**
 * Where emailed links may send the user. A redirect URL given in a request must match an allowed URL
 * (same origin and path; the query may differ). Test-environment projects also accept any http://localhost URL.
 * The defaults are used when a request names none.
 */
const redirectUrlsSchema = z.object({
  allowed: z.array(redirectUrl).max(50).default([]),
  login: redirectUrl.optional(),
  signup: redirectUrl.optional(),
  resetPassword: redirectUrl.optional(),
});

/** Spec §9: magic links expire after 30 minutes, for login and signup alike. */
const magicLinksSchema = z.object({
  loginExpirationMinutes: minutes(5, 10_080, 30),
  signupExpirationMinutes: minutes(5, 10_080, 30),
  pkceRequired: z.boolean().default(false),
});

/** Spec §7: email codes last 10 minutes, SMS codes 5; WhatsApp follows SMS (ADR 011). */
const otpsSchema = z.object({
  emailExpirationMinutes: minutes(1, 60, 10),
  smsExpirationMinutes: minutes(1, 60, 5),
  whatsappExpirationMinutes: minutes(1, 60, 5),
});

const passwordsSchema = z.object({
  /** `zxcvbn`: a score of 3 or more is valid. `luds`: length and character-class rules. */
  strengthPolicy: z.enum(['zxcvbn', 'luds']).default('zxcvbn'),
  ludsMinimumCount: z.number().int().min(6).max(64).default(8),
  ludsComplexity: z.number().int().min(1).max(4).default(3),
  pkceRequiredForResets: z.boolean().default(false),
  resetExpirationMinutes: minutes(5, 10_080, 30),
  /** Refuse a correct but breached password at sign-in and send a reset email instead (spec §4). */
  breachCheckOnLogin: z.boolean().default(true),
});

/** Captcha on the routes marked `config: { captcha: true }` (spec §7: they take `captcha_token`). */
const captchaSchema = z
  .object({ enabled: z.boolean({ message: 'captcha.enabled must be true or false' }).default(false) }, { message: 'captcha must be an object' })
  .strict();

/**
 * Multi-factor: when `required`, a user who has a verified TOTP gets an intermediate session token after the
 * first factor and a session only after the TOTP (or a recovery code). docs/decisions/015.
 */
const mfaSchema = z
  .object({ required: z.boolean({ message: 'mfa.required must be true or false' }).default(false) }, { message: 'mfa must be an object' })
  .strict();

const sections = {
  redirectUrls: redirectUrlsSchema,
  magicLinks: magicLinksSchema,
  otps: otpsSchema,
  passwords: passwordsSchema,
  captcha: captchaSchema,
  mfa: mfaSchema,
};

export const authConfigSchema = z.object({
  redirectUrls: sections.redirectUrls.prefault({}),
  magicLinks: sections.magicLinks.prefault({}),
  otps: sections.otps.prefault({}),
  passwords: sections.passwords.prefault({}),
  captcha: sections.captcha.prefault({}),
  mfa: sections.mfa.prefault({}),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** What the console may send: any subset of the top-level keys, each replacing the stored one whole. */
export const authConfigPatchSchema = z
  .object({
    redirectUrls: sections.redirectUrls.optional(),
    magicLinks: sections.magicLinks.optional(),
    otps: sections.otps.optional(),
    passwords: sections.passwords.optional(),
    captcha: sections.captcha.optional(),
    mfa: sections.mfa.optional(),
  })
  .strict();

/**
 * What is stored, made whole with the defaults. A stored key that no longer parses falls back to its own
 * defaults, so one bad key (say an old redirect URL) never switches off another (captcha, MFA).
 */
export function parseAuthConfig(stored: unknown): AuthConfig {
  const document = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const whole = authConfigSchema.safeParse(document);
  if (whole.success) return whole.data;
  const keys = Object.keys(sections) as (keyof typeof sections)[];
  return authConfigSchema.parse(
    Object.fromEntries(keys.filter((key) => sections[key].safeParse(document[key] ?? {}).success).map((key) => [key, document[key]])),
  );
}

export type AuthConfigPatch = z.infer<typeof authConfigPatchSchema>;
