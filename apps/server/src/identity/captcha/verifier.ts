import type { Config } from '../../config.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { createDevCaptchaVerifier } from './dev-verifier.ts';
import { createRecaptchaVerifier } from './recaptcha.ts';

export type { CaptchaResult, CaptchaVerifier } from './captcha.ts';

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
