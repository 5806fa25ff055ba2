import { z } from 'zod';

/** The limits the console shows next to each number field (docs/decisions/065). */
export const authConfigLimits = {
  magicLinkMinutes: { min: 5, max: 10_080 },
  otpMinutes: { min: 1, max: 60 },
  resetMinutes: { min: 5, max: 10_080 },
  ludsMinimumCount: { min: 6, max: 64 },
  ludsComplexity: { min: 1, max: 4 },
  redirectUrls: 50,
} as const;

const redirectUrl = z
  .url({ protocol: /^https?$/, message: 'expected an absolute http:// or https:// URL' })
  .max(2048, { message: 'a redirect URL may have at most 2048 characters' })
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), { message: 'a redirect URL may not carry a user name or password' });

/** A whole number in [min, max], with one message for every way to miss it. */
const wholeNumber = (limits: { min: number; max: number }) => {
  const message = `must be a whole number from ${limits.min} to ${limits.max}`;
  return z.number({ message }).int({ message }).min(limits.min, { message }).max(limits.max, { message });
};
const minutes = (limits: { min: number; max: number }, fallback: number) => wholeNumber(limits).default(fallback);
const flag = z.boolean({ message: 'must be true or false' });

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
  allowed: z
    .array(redirectUrl, { message: 'must be a list of URLs' })
    .max(authConfigLimits.redirectUrls, { message: `at most ${authConfigLimits.redirectUrls} allowed redirect URLs` })
    .default([]),
  login: redirectUrl.optional(),
  signup: redirectUrl.optional(),
  resetPassword: redirectUrl.optional(),
});

/** Spec §9: magic links expire after 30 minutes, for login and signup alike. */
const magicLinksSchema = z.object({
  loginExpirationMinutes: minutes(authConfigLimits.magicLinkMinutes, 30),
  signupExpirationMinutes: minutes(authConfigLimits.magicLinkMinutes, 30),
  pkceRequired: flag.default(false),
});

/** Spec §7: email codes last 10 minutes, SMS codes 5; WhatsApp follows SMS (ADR 011). */
const otpsSchema = z.object({
  emailExpirationMinutes: minutes(authConfigLimits.otpMinutes, 10),
  smsExpirationMinutes: minutes(authConfigLimits.otpMinutes, 5),
  whatsappExpirationMinutes: minutes(authConfigLimits.otpMinutes, 5),
});

const passwordsSchema = z.object({
  /** `zxcvbn`: a score of 3 or more is valid. `luds`: length and character-class rules. */
  strengthPolicy: z.enum(['zxcvbn', 'luds'], { message: 'must be zxcvbn or luds' }).default('zxcvbn'),
  ludsMinimumCount: wholeNumber(authConfigLimits.ludsMinimumCount).default(8),
  ludsComplexity: wholeNumber(authConfigLimits.ludsComplexity).default(3),
  pkceRequiredForResets: flag.default(false),
  resetExpirationMinutes: minutes(authConfigLimits.resetMinutes, 30),
  /** Refuse a correct but breached password at sign-in and send a reset email instead (spec §4). */
  breachCheckOnLogin: flag.default(true),
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

/**
 * What the console may send: any subset of the top-level keys, each replacing the stored one whole. Unlike the
 * stored document, a key the service does not know is refused (a misspelt setting must not be dropped silently).
 */
const patchSection = <T extends z.ZodObject>(section: T) => section.strict().optional();

export const authConfigPatchSchema = z
  .object(
    {
      redirectUrls: patchSection(sections.redirectUrls),
      magicLinks: patchSection(sections.magicLinks),
      otps: patchSection(sections.otps),
      passwords: patchSection(sections.passwords),
      captcha: patchSection(sections.captcha),
      mfa: patchSection(sections.mfa),
    },
    { message: 'authConfig must be an object' },
  )
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
