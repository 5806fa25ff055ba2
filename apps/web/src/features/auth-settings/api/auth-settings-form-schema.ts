// The console's auth settings form. Its rules and limits are the server's own (@keepsake/wire/console/auth-config:
// `authConfigLimits`, `isOrigin`, `redirectUrlSchema`; docs/decisions/087); its messages are the form's, since
// the server's are written to follow a field path (`authConfig.otps.emailExpirationMinutes: must be …`).
import { authConfigLimits, isOrigin, redirectUrlSchema } from '@keepsake/wire/console/auth-config';
import { z } from 'zod';
import type { AuthConfig, AuthSettings } from '../types/auth-settings';

/** What the server accepts as a redirect URL: absolute http(s), no user name or password, at most 2048 characters. */
export function isRedirectUrl(value: string): boolean {
  return redirectUrlSchema.safeParse(value).success;
}

/** The non-empty lines of the origins field, trimmed. */
export function originLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export type AuthSettingsMessages = {
  invalidOrigin: (origin: string) => string;
  tooManyOrigins: string;
  invalidUrl: string;
  range: (limits: { min: number; max: number }) => string;
};

export function authSettingsFormSchema(messages: AuthSettingsMessages) {
  const whole = (limits: { min: number; max: number }) => {
    const message = messages.range(limits);
    return z.number({ message }).int({ message }).min(limits.min, { message }).max(limits.max, { message });
  };
  const optionalUrl = z
    .string()
    .trim()
    .refine((value) => value === '' || isRedirectUrl(value), { message: messages.invalidUrl });
  return z.object({
    origins: z.string().superRefine((text, context) => {
      const lines = originLines(text);
      const bad = lines.find((line) => !isOrigin(line));
      if (bad !== undefined) context.addIssue({ code: 'custom', message: messages.invalidOrigin(bad) });
      else if (lines.length > authConfigLimits.allowedOrigins) context.addIssue({ code: 'custom', message: messages.tooManyOrigins });
    }),
    redirectUrls: z.object({
      allowed: z.array(z.object({ url: z.string() })).max(authConfigLimits.redirectUrls),
      login: optionalUrl,
      signup: optionalUrl,
      resetPassword: optionalUrl,
    }),
    magicLinks: z.object({
      loginExpirationMinutes: whole(authConfigLimits.magicLinkMinutes),
      signupExpirationMinutes: whole(authConfigLimits.magicLinkMinutes),
      pkceRequired: z.boolean(),
    }),
    otps: z.object({
      emailExpirationMinutes: whole(authConfigLimits.otpMinutes),
      smsExpirationMinutes: whole(authConfigLimits.otpMinutes),
      whatsappExpirationMinutes: whole(authConfigLimits.otpMinutes),
    }),
    passwords: z.object({
      strengthPolicy: z.enum(['zxcvbn', 'luds']),
      ludsMinimumCount: whole(authConfigLimits.ludsMinimumCount),
      ludsComplexity: whole(authConfigLimits.ludsComplexity),
      pkceRequiredForResets: z.boolean(),
      resetExpirationMinutes: whole(authConfigLimits.resetMinutes),
      breachCheckOnLogin: z.boolean(),
    }),
    cryptoWallets: z.object({ siweRequired: z.boolean() }),
    captchaEnabled: z.boolean(),
    mfaRequired: z.boolean(),
    oauthPkceRequired: z.boolean(),
  });
}

export type AuthSettingsFormInput = z.infer<ReturnType<typeof authSettingsFormSchema>>;

/** The stored settings as form values (optional URLs as empty strings, the allow-list as rows). */
export function formValues(settings: AuthSettings): AuthSettingsFormInput {
  const { redirectUrls, magicLinks, otps, passwords, captcha, mfa, cryptoWallets, oauth } = settings.authConfig;
  return {
    origins: settings.allowedOrigins.join('\n'),
    redirectUrls: {
      allowed: redirectUrls.allowed.map((url) => ({ url })),
      login: redirectUrls.login ?? '',
      signup: redirectUrls.signup ?? '',
      resetPassword: redirectUrls.resetPassword ?? '',
    },
    magicLinks: { ...magicLinks },
    otps: { ...otps },
    passwords: { ...passwords },
    cryptoWallets: { ...cryptoWallets },
    captchaEnabled: captcha.enabled,
    mfaRequired: mfa.required,
    oauthPkceRequired: oauth.pkceRequired,
  };
}

/**
 * The PATCH body: the origins and every authConfig key the form edits, each replacing the stored one whole
 * (`signInMethods` and `widget` are edited elsewhere: the admin API for the platform project, ADR 124, and the
 * branding playground, ADR 119).
 */
export function toAuthSettingsPatch(input: AuthSettingsFormInput): { allowedOrigins: string[]; authConfig: Omit<AuthConfig, 'signInMethods' | 'widget'> } {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const authConfig: Omit<AuthConfig, 'signInMethods' | 'widget'> = {
    redirectUrls: {
      allowed: input.redirectUrls.allowed.map((row) => row.url),
      login: optional(input.redirectUrls.login),
      signup: optional(input.redirectUrls.signup),
      resetPassword: optional(input.redirectUrls.resetPassword),
    },
    magicLinks: input.magicLinks,
    otps: input.otps,
    passwords: input.passwords,
    captcha: { enabled: input.captchaEnabled },
    mfa: { required: input.mfaRequired },
    cryptoWallets: input.cryptoWallets,
    oauth: { pkceRequired: input.oauthPkceRequired },
  };
  return { allowedOrigins: originLines(input.origins), authConfig };
}
