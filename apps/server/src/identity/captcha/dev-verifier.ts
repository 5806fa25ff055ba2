import type { CaptchaVerifier } from './captcha.ts';

/** The token the dev verifier accepts; anything else is refused. */
export const DEV_CAPTCHA_TOKEN = 'dev-captcha-pass';

/**
 * Dev mode's stand-in for reCAPTCHA (no third party reachable): accepts exactly {@link DEV_CAPTCHA_TOKEN}, so that
 * local clients and tests can go through both the accepted and the refused path.
 */
export function createDevCaptchaVerifier(siteKey: string): CaptchaVerifier {
  return {
    provider: 'dev',
    siteKey,
    verify: async (token) => (token === DEV_CAPTCHA_TOKEN ? { ok: true } : { ok: false, reason: 'the dev verifier accepts only its dev token' }),
  };
}
