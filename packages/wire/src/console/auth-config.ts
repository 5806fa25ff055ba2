// A project's browser origins and auth-service settings (docs/decisions/016, 065): the document the console reads
// and changes through /api/console/projects/{id}/auth-config (`@keepsake/wire/console/projects`). The same schemas
// parse what is stored (`projects.auth_config`) and drive the console's settings form, whose limits are
// {@link authConfigLimits}.
import { z } from 'zod';
import { widgetSettingsSchema } from './widget-settings.ts';

/** The limits the console shows next to each number field (docs/decisions/065). */
export const authConfigLimits = {
  magicLinkMinutes: { min: 5, max: 10_080 },
  otpMinutes: { min: 1, max: 60 },
  resetMinutes: { min: 5, max: 10_080 },
  ludsMinimumCount: { min: 6, max: 64 },
  ludsComplexity: { min: 1, max: 4 },
  redirectUrls: 50,
  allowedOrigins: 50,
  originLength: 253,
  redirectUrlLength: 2048,
} as const;

/** Whether `value` is a browser origin: `http(s)://host[:port]`, nothing after it. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
}

/**
 * A browser origin: `http(s)://host[:port]`, nothing after it. Lower-cased, as browsers send it.
 * Used for a project's allowed origins (console, operator CLI).
 */
export const originSchema = z
  .string({ message: 'an origin must be a string' })
  .trim()
  .max(authConfigLimits.originLength, { message: `an origin must be at most ${authConfigLimits.originLength} characters` })
  .refine(isOrigin, { message: 'an origin looks like https://app.example.com or http://localhost:3000 (scheme, host and optional port; no path)' })
  .transform((value) => new URL(value).origin);

/** A project's allowed origins: at most 50, duplicates dropped. */
export const allowedOriginsSchema = z
  .array(originSchema, { message: 'allowed origins must be a list' })
  .max(authConfigLimits.allowedOrigins, { message: `at most ${authConfigLimits.allowedOrigins} allowed origins` })
  .transform((list) => [...new Set(list)]);

/** An absolute http(s) URL without a user name or password, where emailed links may send the user. */
export const redirectUrlSchema = z
  .url({ protocol: /^https?$/, message: 'expected an absolute http:// or https:// URL' })
  .max(authConfigLimits.redirectUrlLength, { message: `a redirect URL may have at most ${authConfigLimits.redirectUrlLength} characters` })
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), { message: 'a redirect URL may not carry a user name or password' });

/** A whole number in [min, max], with one message for every way to miss it. */
const wholeNumber = (limits: { min: number; max: number }) => {
  const message = `must be a whole number from ${limits.min} to ${limits.max}`;
  return z.number({ message }).int({ message }).min(limits.min, { message }).max(limits.max, { message });
};
const minutes = (limits: { min: number; max: number }, fallback: number) => wholeNumber(limits).default(fallback);
const flag = z.boolean({ message: 'must be true or false' });

/**
 * Where emailed links may send the user. A redirect URL given in a request must match an allowed URL
 * (same origin and path; the query may differ). Test-environment projects also accept any http://localhost URL.
 * The defaults are used when a request names none.
 */
const redirectUrlsSchema = z.object({
  allowed: z
    .array(redirectUrlSchema, { message: 'must be a list of URLs' })
    .max(authConfigLimits.redirectUrls, { message: `at most ${authConfigLimits.redirectUrls} allowed redirect URLs` })
    .default([]),
  login: redirectUrlSchema.optional(),
  signup: redirectUrlSchema.optional(),
  resetPassword: redirectUrlSchema.optional(),
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

/** OAuth sign-in (docs/oauth.md): bootstrap's `pkce_required_for_oauth`; when set, a start without `code_challenge` is refused. */
const oauthSchema = z.object({ pkceRequired: flag.default(false) });

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

/**
 * Crypto wallets: when `siweRequired`, an Ethereum wallet signs an EIP-4361 (Sign-In with Ethereum) message even
 * when the client sends no `siwe_params`; bootstrap serves it as `siwe_required_for_crypto_wallets`, which makes the
 * Stytch clients send them. docs/decisions/099.
 */
const cryptoWalletsSchema = z
  .object(
    { siweRequired: z.boolean({ message: 'cryptoWallets.siweRequired must be true or false' }).default(false) },
    { message: 'cryptoWallets must be an object' },
  )
  .strict();

/**
 * What the product app's /signin offers beside the widget (docs/decisions/124): the widget's products decide the
 * rest. Farcaster is not a widget product, so it is a button under the widget when `farcaster` is on. Read from the
 * platform project only.
 */
const signInMethodsSchema = z
  .object(
    { farcaster: z.boolean({ message: 'signInMethods.farcaster must be true or false' }).default(false) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `signInMethods has no ${issue.keys.join(', ')}: it holds farcaster only, the widget's products decide the rest`
          : 'signInMethods must be an object',
    },
  )
  .strict();

/** The settings by top-level key: each sign-in method adds its settings as one key whose fields all have defaults. */
export const authConfigSections = {
  redirectUrls: redirectUrlsSchema,
  magicLinks: magicLinksSchema,
  otps: otpsSchema,
  passwords: passwordsSchema,
  captcha: captchaSchema,
  mfa: mfaSchema,
  cryptoWallets: cryptoWalletsSchema,
  oauth: oauthSchema,
  signInMethods: signInMethodsSchema,
  /** The sign-in widget's config and theme, saved from the console's branding playground (docs/decisions/119). */
  widget: widgetSettingsSchema,
};

/**
 * A project's auth-service settings, kept in `projects.auth_config` (jsonb). An empty object is a complete
 * configuration (every field has a default), so adding a setting needs no migration. Unknown keys are dropped.
 */
export const authConfigSchema = z.object({
  redirectUrls: authConfigSections.redirectUrls.prefault({}),
  magicLinks: authConfigSections.magicLinks.prefault({}),
  otps: authConfigSections.otps.prefault({}),
  passwords: authConfigSections.passwords.prefault({}),
  captcha: authConfigSections.captcha.prefault({}),
  mfa: authConfigSections.mfa.prefault({}),
  cryptoWallets: authConfigSections.cryptoWallets.prefault({}),
  oauth: authConfigSections.oauth.prefault({}),
  signInMethods: authConfigSections.signInMethods.prefault({}),
  widget: authConfigSections.widget.prefault({}),
});

/**
 * What the console may send: any subset of the top-level keys, each replacing the stored one whole. Unlike the
 * stored document, a key the service does not know is refused (a misspelt setting must not be dropped silently).
 */
const patchSection = <T extends z.ZodObject>(section: T) => section.strict().optional();

export const authConfigPatchSchema = z
  .object(
    {
      redirectUrls: patchSection(authConfigSections.redirectUrls),
      magicLinks: patchSection(authConfigSections.magicLinks),
      otps: patchSection(authConfigSections.otps),
      passwords: patchSection(authConfigSections.passwords),
      captcha: patchSection(authConfigSections.captcha),
      mfa: patchSection(authConfigSections.mfa),
      cryptoWallets: patchSection(authConfigSections.cryptoWallets),
      oauth: patchSection(authConfigSections.oauth),
      signInMethods: patchSection(authConfigSections.signInMethods),
      widget: patchSection(authConfigSections.widget),
    },
    { message: 'authConfig must be an object' },
  )
  .strict();
