// What every captcha adapter implements, apart from the factory that picks one (verifier.ts), so that the
// adapters and the factory import this and not each other.

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
