import { describe, expect, it } from 'vitest';
import { authConfigPatchSchema } from '@keepsake/wire/console/auth-config';
import { parseAuthConfig } from './auth-config.ts';

describe('parseAuthConfig', () => {
  it('makes an empty document a complete configuration with the spec defaults', () => {
    const config = parseAuthConfig({});
    expect(config.magicLinks).toEqual({ loginExpirationMinutes: 30, signupExpirationMinutes: 30, pkceRequired: false });
    expect(config.otps).toEqual({ emailExpirationMinutes: 10, smsExpirationMinutes: 5, whatsappExpirationMinutes: 5 });
    expect(config.passwords).toMatchObject({ strengthPolicy: 'zxcvbn', ludsMinimumCount: 8, ludsComplexity: 3, pkceRequiredForResets: false });
    expect(config.redirectUrls.allowed).toEqual([]);
    expect(parseAuthConfig(null)).toEqual(config);
  });

  it('keeps stored values and fills the rest', () => {
    const config = parseAuthConfig({ passwords: { strengthPolicy: 'luds', ludsMinimumCount: 12 }, unknown: 1 });
    expect(config.passwords).toMatchObject({ strengthPolicy: 'luds', ludsMinimumCount: 12, ludsComplexity: 3 });
    expect(config).not.toHaveProperty('unknown');
  });

  it('falls back to the defaults when the stored document no longer parses', () => {
    expect(parseAuthConfig({ passwords: { ludsComplexity: 9 } }).passwords.ludsComplexity).toBe(3);
    expect(parseAuthConfig({ redirectUrls: { allowed: ['not a url'] } }).redirectUrls.allowed).toEqual([]);
  });

  it('keeps the keys that parse when another one does not, so a bad key never switches MFA or captcha off', () => {
    const config = parseAuthConfig({ mfa: { required: true }, captcha: { enabled: true }, passwords: { ludsComplexity: 9 } });
    expect(config.mfa.required).toBe(true);
    expect(config.captcha.enabled).toBe(true);
    expect(config.passwords.ludsComplexity).toBe(3);
  });

  it('is lenient with what is stored but strict with what the console sends', () => {
    const stored = { magicLinks: { loginExpirationMinutes: 15, retired: true } };
    expect(parseAuthConfig(stored).magicLinks).toEqual({ loginExpirationMinutes: 15, signupExpirationMinutes: 30, pkceRequired: false });
    const refused = authConfigPatchSchema.safeParse(stored);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['Unrecognized key: "retired"']);
    const range = authConfigPatchSchema.safeParse({ otps: { smsExpirationMinutes: 61 } });
    expect(range.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'otps.smsExpirationMinutes: must be a whole number from 1 to 60',
    ]);
  });
});
