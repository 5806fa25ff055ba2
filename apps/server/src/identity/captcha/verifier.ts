import type { Config } from '../../config.ts';
import { createDevCaptchaVerifier } from './dev-verifier.ts';
import { createRecaptchaVerifier } from './recaptcha.ts';

export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** Checks a `captcha_token` a client sent. Adapters: reCAPTCHA (siteverify over fetch) and the dev verifier. */
export type CaptchaVerifier = {
  readonly provider: 'recaptcha' | 'dev' | 'none';
  /** The site key clients render the widget with (bootstrap `captcha_settings.siteKey`). */
  readonly siteKey: string;
  verify(token: string, context: { remoteIp: string | undefined }): Promise<CaptchaResult>;
};

/** Spec §9: the action clients run the captcha with. */
export const CAPTCHA_ACTION = 'LOGIN';

/** The verifier the configuration names; without keys outside dev mode every token is refused (fail closed). */
export function createCaptchaVerifier(config: Config['captcha'], fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  switch (config.provider) {
    case 'recaptcha':
      return createRecaptchaVerifier({ ...config, secretKey: config.secretKey ?? '' }, fetchImpl);
    case 'dev':
      return createDevCaptchaVerifier(config.siteKey ?? 'dev-captcha-site-key');
    case 'none':
      return {
        provider: 'none',
        siteKey: config.siteKey ?? '',
        verify: async () => ({ ok: false, reason: 'no captcha provider is configured (RECAPTCHA_SECRET_KEY)' }),
      };
  }
}
