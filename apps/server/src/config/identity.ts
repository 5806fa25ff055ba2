// Sign-in: passcode attempts, per-IP and per-identifier rate limits, lockout, captcha, passwords, OAuth providers
// and Sign In With Farcaster.
import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const identityEnv = z.object({
  OTP_MAX_ATTEMPTS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(100).default(5),
  RATE_LIMIT_OTP_PER_IDENTIFIER: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(5),
  RATE_LIMIT_OTP_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ message: 'expected a number of seconds' }).int().min(1).default(600),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(500),
  RATE_LIMIT_API_KEY_FLUSH_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(10).max(10_000).default(250),
  RATE_LIMIT_INVALID_KEY_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(60),
  RATE_LIMIT_EVENTS_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(600),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number({ message: 'expected a number between 0 and 1' }).min(0).max(1).default(0.5),
  LOCKOUT_MAX_FAILURES: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(1000).default(10),
  LOCKOUT_MINUTES: z.coerce.number({ message: 'expected a number of minutes' }).int().min(1).max(525_600).default(60),
  PASSWORD_BREACH_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://api.pwnedpasswords.com' }).optional(),
  PASSWORD_SCORING_THREADS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(16).optional(),
  PASSWORD_BREACH_API_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(100).max(30_000).default(2000),
  OAUTH_ENDPOINTS: z
    .string()
    .refine(isEndpointOverrides, {
      message:
        'expected JSON such as {"google":{"issuer":"http://127.0.0.1:4000"},"github":{"token":"http://127.0.0.1:4001/token"}} (provider to endpoint name to URL)',
    })
    .optional(),
  /** Google's signing keys for One Tap ID tokens (docs/oauth.md); tests serve their own. */
  GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Optimism's RPC, where Sign In With Farcaster reads the ID registry (docs/decisions/108). Unset: the devnet in dev mode. */
  FARCASTER_RPC_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL of an Optimism (chain id 10) RPC' }).optional(),
});

/** `OAUTH_ENDPOINTS`: a JSON object of providers, each an object of endpoint names to http(s) URLs. */
function isEndpointOverrides(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (
    isObject(value) &&
    Object.values(value).every(
      (endpoints) => isObject(endpoints) && Object.values(endpoints).every((url) => typeof url === 'string' && /^https?:\/\//.test(url)),
    )
  );
}

export type IdentityConfig = {
  otp: { maxAttempts: number };
  rateLimits: {
    otpPerIdentifier: number;
    otpPerIp: number;
    windowSeconds: number;
    /** Developer API calls per key per minute, across every route (spec §9). */
    apiKeyPerMinute: number;
    /** How often each process adds the calls it counted per key to the shared counts in the database (ADR 089). */
    apiKeyFlushMs: number;
    /** Calls with an unknown or revoked API key per client IP per minute, before the IP is refused outright. */
    invalidApiKeyPerIp: number;
    eventsPerIp: number;
  };
  /** Failed factors of every method (passcodes, magic-link verifiers, passwords, TOTP, recovery codes) before a user is locked, and for how long. */
  lockout: { maxFailures: number; minutes: number };
  /**
   * Captcha for projects that enable it: reCAPTCHA when a secret key is set; otherwise the dev verifier in dev
   * mode, and nothing (every token refused) outside it.
   */
  captcha: { provider: 'recaptcha' | 'dev' | 'none'; siteKey: string | undefined; secretKey: string | undefined; verifyUrl: string; minScore: number };
  /** The k-anonymity range API for breached passwords (HIBP-style); undefined keeps the check offline. */
  passwordBreachApi: { url: string; timeoutMs: number } | undefined;
  /** Worker threads that run zxcvbn (ADR 079). */
  passwordScoringThreads: number;
  /**
   * Per OAuth provider, endpoints that replace the provider's public ones (`issuer` for OIDC discovery, or
   * `authorization`, `token`, `userinfo`...): how tests and self-hosters point a provider at a stand-in.
   * `googleJwksUrl`: Google's signing keys, against which One Tap ID tokens are verified.
   */
  oauth: { endpoints: Record<string, Record<string, string>>; googleJwksUrl: string };
  /**
   * Sign In With Farcaster (docs/decisions/108): the Optimism RPC on which the Farcaster ID registry is read.
   * Undefined: in dev mode the local devnet, with stand-in registries (dev and tests); otherwise farcaster cannot sign in.
   */
  farcaster: { rpcUrl: string | undefined };
};

export function identityConfig(e: z.output<typeof identityEnv>, devMode: boolean): IdentityConfig {
  return {
    otp: { maxAttempts: e.OTP_MAX_ATTEMPTS },
    rateLimits: {
      otpPerIdentifier: e.RATE_LIMIT_OTP_PER_IDENTIFIER,
      otpPerIp: e.RATE_LIMIT_OTP_PER_IP,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
      apiKeyFlushMs: e.RATE_LIMIT_API_KEY_FLUSH_MS,
      invalidApiKeyPerIp: e.RATE_LIMIT_INVALID_KEY_PER_IP,
      eventsPerIp: e.RATE_LIMIT_EVENTS_PER_IP,
    },
    lockout: { maxFailures: e.LOCKOUT_MAX_FAILURES, minutes: e.LOCKOUT_MINUTES },
    captcha: {
      provider: e.RECAPTCHA_SECRET_KEY ? 'recaptcha' : devMode ? 'dev' : 'none',
      siteKey: e.RECAPTCHA_SITE_KEY ?? (e.RECAPTCHA_SECRET_KEY ? undefined : devMode ? 'dev-captcha-site-key' : undefined),
      secretKey: e.RECAPTCHA_SECRET_KEY,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
      minScore: e.RECAPTCHA_MIN_SCORE,
    },
    passwordBreachApi: e.PASSWORD_BREACH_API_URL
      ? { url: e.PASSWORD_BREACH_API_URL.replace(/\/$/, ''), timeoutMs: e.PASSWORD_BREACH_API_TIMEOUT_MS }
      : undefined,
    passwordScoringThreads: e.PASSWORD_SCORING_THREADS ?? Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2))),
    oauth: {
      endpoints: e.OAUTH_ENDPOINTS ? (JSON.parse(e.OAUTH_ENDPOINTS) as Record<string, Record<string, string>>) : {},
      googleJwksUrl: e.GOOGLE_JWKS_URL,
    },
    farcaster: { rpcUrl: e.FARCASTER_RPC_URL },
  };
}
