import { z } from 'zod';
import type { AuthConfig, AuthSettings } from '../types/auth-settings';

/** The server's limits (apps/server/src/identity/auth-config.ts `authConfigLimits`); the server checks them again. */
export const AUTH_LIMITS = {
  magicLinkMinutes: { min: 5, max: 10_080 },
  otpMinutes: { min: 1, max: 60 },
  resetMinutes: { min: 5, max: 10_080 },
  ludsMinimumCount: { min: 6, max: 64 },
  ludsComplexity: { min: 1, max: 4 },
} as const;

export const MAX_ALLOWED_ORIGINS = 50;
export const MAX_REDIRECT_URLS = 50;

/** What the server accepts as an origin: scheme, host and optional port, nothing after. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** What the server accepts as a redirect URL: absolute http(s), no user name or password. */
export function isRedirectUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && value.length <= 2048;
  } catch {
    return false;
  }
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
      else if (lines.length > MAX_ALLOWED_ORIGINS) context.addIssue({ code: 'custom', message: messages.tooManyOrigins });
    }),
    redirectUrls: z.object({
      allowed: z.array(z.object({ url: z.string() })).max(MAX_REDIRECT_URLS),
      login: optionalUrl,
      signup: optionalUrl,
      resetPassword: optionalUrl,
    }),
    magicLinks: z.object({
      loginExpirationMinutes: whole(AUTH_LIMITS.magicLinkMinutes),
      signupExpirationMinutes: whole(AUTH_LIMITS.magicLinkMinutes),
      pkceRequired: z.boolean(),
    }),
    otps: z.object({
      emailExpirationMinutes: whole(AUTH_LIMITS.otpMinutes),
      smsExpirationMinutes: whole(AUTH_LIMITS.otpMinutes),
      whatsappExpirationMinutes: whole(AUTH_LIMITS.otpMinutes),
    }),
    passwords: z.object({
      strengthPolicy: z.enum(['zxcvbn', 'luds']),
      ludsMinimumCount: whole(AUTH_LIMITS.ludsMinimumCount),
      ludsComplexity: whole(AUTH_LIMITS.ludsComplexity),
      pkceRequiredForResets: z.boolean(),
      resetExpirationMinutes: whole(AUTH_LIMITS.resetMinutes),
      breachCheckOnLogin: z.boolean(),
    }),
    captchaEnabled: z.boolean(),
    mfaRequired: z.boolean(),
  });
}

export type AuthSettingsFormInput = z.infer<ReturnType<typeof authSettingsFormSchema>>;

/** The stored settings as form values (optional URLs as empty strings, the allow-list as rows). */
export function formValues(settings: AuthSettings): AuthSettingsFormInput {
  const { redirectUrls, magicLinks, otps, passwords, captcha, mfa } = settings.authConfig;
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
    captchaEnabled: captcha.enabled,
    mfaRequired: mfa.required,
  };
}

/** The PATCH body: the origins and every authConfig key, each replacing the stored one whole. */
export function toAuthSettingsPatch(input: AuthSettingsFormInput): AuthSettings {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const authConfig: AuthConfig = {
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
  };
  return { allowedOrigins: originLines(input.origins), authConfig };
}
