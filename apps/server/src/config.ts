import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { evmChains } from '@keepsake/chains/blockchains';
import { chainEnvPrefix, parseChainEnv, type ChainEndpoint } from '@keepsake/chains/config';
import { z } from 'zod';

const booleanString = z.enum(['true', 'false', '1', '0'], { message: 'expected true, false, 1 or 0' }).transform((v) => v === 'true' || v === '1');

/** After the immediate first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (ARCHITECTURE.md "Webhooks"). */
export const defaultWebhookRetrySchedule = '5s,5m,30m,2h,5h,10h,10h';
const durationListPattern = /^\s*\d+(ms|s|m|h)\s*(,\s*\d+(ms|s|m|h)\s*){0,19}$/;
const durationUnits = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `5s,5m,2h` → [5000, 300000, 7200000]. The input has matched `durationListPattern`. */
export function parseDurationList(value: string): number[] {
  return value.split(',').map((part) => {
    const [, amount, unit] = /^\s*(\d+)(ms|s|m|h)\s*$/.exec(part)!;
    return Number(amount) * durationUnits[unit as keyof typeof durationUnits];
  });
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Blocks a crypto payment needs, its own included (ADR 106). */
const confirmations = z.coerce.number({ message: 'expected a number of blocks' }).int().min(1).max(1_000);
const confirmationsVariable = (chain: string) => `${chainEnvPrefix(chain as (typeof evmChains)[number])}_CONFIRMATIONS`;

/**
 * Every environment variable Keepsake reads, with its default. Nothing else reads process.env.
 * docs/configuration.md documents each one; keep the two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(3000),
  /** Unset: loopback in dev mode (only this machine can reach the dev mailbox), every interface in production. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'expected an absolute http:// or https:// URL such as https://keepsake.example.com' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(200).default(10),
  KEEPSAKE_DATA_DIR: z.string().min(1).default('.keepsake'),
  KEEPSAKE_DEV_MODE: booleanString.optional(),
  KEEPSAKE_DEV_LOG_PASSCODES: booleanString.default(false),
  KEEPSAKE_ROLE: z.enum(['all', 'api', 'worker'], { message: 'expected all, api or worker' }).default('all'),
  KEEPSAKE_MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { message: 'expected 32 bytes in base64 (44 characters)' })
    .optional(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels, { message: `expected one of ${logLevels.join(', ')}` }).default('info'),
  /** Unset: `pretty` in dev mode (one readable line per request), `json` in production. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'expected json or pretty' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Keepsake <no-reply@keepsake.localhost>'),
  TRUSTED_PROXIES: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce.number({ message: 'expected a number of bytes' }).int().min(1024).max(50_000_000).default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(200).max(600_000).default(30_000),
  OTP_MAX_ATTEMPTS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(100).default(5),
  RATE_LIMIT_OTP_PER_IDENTIFIER: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(5),
  RATE_LIMIT_OTP_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ message: 'expected a number of seconds' }).int().min(1).default(600),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(500),
  RATE_LIMIT_API_KEY_FLUSH_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(10).max(10_000).default(250),
  RATE_LIMIT_INVALID_KEY_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(60),
  RATE_LIMIT_EVENTS_PER_IP: z.coerce.number({ message: 'expected a whole number' }).int().min(1).default(600),
  KEEPSAKE_ADMIN_EMAILS: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((e) => e.trim() === '' || /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(e.trim())), {
      message: 'expected comma-separated email addresses',
    }),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number({ message: 'expected a number between 0 and 1' }).min(0).max(1).default(0.5),
  WEB_DIST_DIR: z.string().optional(),
  LOCKOUT_MAX_FAILURES: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(1000).default(10),
  LOCKOUT_MINUTES: z.coerce.number({ message: 'expected a number of minutes' }).int().min(1).max(525_600).default(60),
  PASSWORD_BREACH_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://api.pwnedpasswords.com' }).optional(),
  PASSWORD_SCORING_THREADS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(16).optional(),
  PASSWORD_BREACH_API_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(100).max(30_000).default(2000),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{32}$/, { message: 'expected a Twilio account SID (AC followed by 32 characters)' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, { message: 'expected a Twilio auth token' }).optional(),
  TWILIO_FROM: z.string().min(3).optional(),
  TWILIO_WHATSAPP_FROM: z.string().min(3).optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' }).default('https://api.twilio.com'),
  KEEPSAKE_DEVNET: booleanString.default(true),
  KEEPSAKE_DEVNET_PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(8545),
  KEEPSAKE_DEVNET_BLOCK_TIME: z.coerce.number({ message: 'expected a number of seconds' }).int().min(0).max(60).default(0),
  KEEPSAKE_SIGNER_COUNT: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(64).default(4),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(durationListPattern, { message: 'expected comma-separated delays such as 5s,5m,30m,2h (units ms, s, m, h)' })
    .default(defaultWebhookRetrySchedule),
  WEBHOOK_TIMEOUT_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(100).max(120_000).default(15_000),
  WEBHOOK_RELAY_INTERVAL_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(50).max(60_000).default(1_000),
  WEBHOOK_CONCURRENCY: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(100).default(8),
  MINT_BATCH_GAS_CAP: z.coerce.number({ message: 'expected a whole number of gas' }).int().min(200_000).max(1_000_000_000).default(28_500_000),
  MINT_GAS_PER_NFT: z.coerce.number({ message: 'expected a whole number of gas' }).int().min(20_000).max(1_000_000).default(47_500),
  MINT_BATCH_MAX_NFTS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(5_000).default(1_000),
  MINT_BATCH_LINGER_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(0).max(60_000).default(1_000),
  MINT_CONCURRENCY: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(64).default(4),
  MINT_ACCEPT_WRITERS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(32).default(2),
  MINT_FEE_BUMP_AFTER_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(1_000).max(3_600_000).default(30_000),
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
  /** Unset: stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test processor (docs/card-payments.md). */
  KEEPSAKE_CARD_PROCESSOR: z.enum(['test', 'stripe'], { message: 'expected test or stripe' }).optional(),
  KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: booleanString.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { message: 'expected a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, { message: 'expected a Stripe publishable key (pk_test_… or pk_live_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, { message: 'expected a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' }).default('https://api.stripe.com'),
  IPFS_GATEWAY_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://ipfs.io' }).default('https://ipfs.io'),
  PRICE_SOURCE: z.enum(['embedded', 'coinbase'], { message: 'expected embedded or coinbase' }).default('embedded'),
  PRICE_SOURCE_URL: z
    .url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://api.coinbase.com' })
    .default('https://api.coinbase.com'),
  ORDER_QUOTE_TTL_SECONDS: z.coerce.number({ message: 'expected a number of seconds' }).int().min(1).max(86_400).default(600),
  CHECKOUT_CONFIRMATIONS: confirmations.optional(),
  // CHAIN_<NAME>_CONFIRMATIONS: one chain's own number, over CHECKOUT_CONFIRMATIONS (the embedded devnet has no RPC
  // URL, so unlike CHAIN_<NAME>_PAYMENTS_CONTRACT it needs none).
  ...Object.fromEntries(evmChains.map((chain) => [confirmationsVariable(chain), confirmations.optional()])),
  CHECKOUT_WATCH_INTERVAL_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(50).max(600_000).default(500),
});

export type Env = z.input<typeof envSchema>;

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

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** PGlite with `dataDir` undefined keeps the database in memory (tests only). */
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string | undefined };
  dataDir: string;
  devMode: boolean;
  /** Dev mode only: the dev mailbox and outbox also write each passcode and link to the log. */
  devLogPasscodes: boolean;
  role: 'all' | 'api' | 'worker';
  masterKey: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** `json`: pino's JSON lines (production); `pretty`: one readable line per entry and per request (dev mode). */
  logFormat: 'json' | 'pretty';
  mail: { smtpUrl: string | undefined; from: string };
  trustedProxies: string[];
  bodyLimitBytes: number;
  /** Longest a request may take to arrive, headers and body (a client that stalls is cut off with 408). */
  requestTimeoutMs: number;
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
  /** Console users (by email) who may use the admin area, e.g. issue impersonation tokens. */
  adminEmails: string[];
  /**
   * Captcha for projects that enable it: reCAPTCHA when a secret key is set; otherwise the dev verifier in dev
   * mode, and nothing (every token refused) outside it.
   */
  captcha: { provider: 'recaptcha' | 'dev' | 'none'; siteKey: string | undefined; secretKey: string | undefined; verifyUrl: string; minScore: number };
  webDistDir: string;
  /** Exchange rates for checkout (issue 14): the embedded dev rates, or Coinbase's public exchange-rates API. */
  prices: { source: 'embedded' } | { source: 'coinbase'; url: string; timeoutMs: number };
  /** How long an order's quote holds before the order goes back to the quote phase (ADR 100). */
  checkout: { quoteTtlMs: number };
  /**
   * The crypto payment watcher (ADR 106): how many blocks make a payment final (undefined: 1 on a local chain, 3
   * elsewhere) and how often each chain's payment contract is read.
   */
  cryptoPayments: {
    /** CHECKOUT_CONFIRMATIONS; undefined: 1 on a local chain, 3 elsewhere. */
    confirmations: number | undefined;
    /** CHAIN_<NAME>_CONFIRMATIONS by chain name, over `confirmations`. */
    confirmationsByChain: Record<string, number>;
    watchIntervalMs: number;
  };
  /** The k-anonymity range API for breached passwords (HIBP-style); undefined keeps the check offline. */
  passwordBreachApi: { url: string; timeoutMs: number } | undefined;
  /** Worker threads that run zxcvbn (ADR 079). */
  passwordScoringThreads: number;
  /** Twilio for SMS and WhatsApp; undefined uses the dev outbox (dev mode) or refuses to send. */
  twilio: { accountSid: string; authToken: string; from: string | undefined; whatsappFrom: string | undefined; apiUrl: string } | undefined;
  chains: {
    /** Chains reached through a configured RPC URL (`CHAIN_<NAME>_RPC_URL`), in registry order. */
    endpoints: ChainEndpoint[];
    /** The embedded devnet, started by the server; undefined when off or when CHAIN_DEVNET_RPC_URL is set. */
    embeddedDevnet: { port: number; blockTimeSeconds: number; stateDir: string } | undefined;
    /** How many platform signing keys to keep. */
    signerCount: number;
  };
  minting: {
    /** Most gas one batch transaction may use (the devnet's block holds 30M). */
    batchGasCap: number;
    /** The gas a batch plans for each NFT (a mint to a new holder uses about 48k). */
    gasPerNft: number;
    /** Most NFTs in one batch transaction, whatever the gas. */
    batchMaxNfts: number;
    /** How long a batch short of full waits for more mints (from its oldest mint's acceptance). */
    batchLingerMs: number;
    /** Mint jobs a worker process runs at once. */
    concurrency: number;
    /** Group-commit transactions of accepted mints a process writes at once on PostgreSQL (ADR 053). */
    acceptWriters: number;
    /** A batch transaction still pending this long is signed again at the same nonce with higher fees. */
    feeBumpAfterMs: number;
  };
  webhooks: {
    /** Delays before each retry, in milliseconds, after the immediate first attempt. */
    retryScheduleMs: number[];
    /** Per-attempt timeout: connection, response and body. */
    timeoutMs: number;
    /** How often the outbox relay looks for deliveries without a queued job. */
    relayIntervalMs: number;
    /** Deliveries in flight at once per worker process. */
    concurrency: number;
  };
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
  /** Where `ipfs://` links in served metadata point: `<gateway>/ipfs/<cid>/<path>` (spec §5). No trailing slash. */
  ipfsGatewayUrl: string;
  /**
   * Card payments (docs/card-payments.md): the built-in test processor, Stripe, or none (production mode with no
   * Stripe key and no KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: the test processor never runs there unasked).
   */
  cards: {
    processor: 'test' | 'stripe' | 'none';
    allowTestProcessorInProduction: boolean;
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string } | undefined;
  };
};

/**
 * Blocks a crypto payment on `chain` needs before the watcher counts it (ADR 106): the chain's own
 * CHAIN_<NAME>_CONFIRMATIONS, else CHECKOUT_CONFIRMATIONS, else 1 on a local chain and 3 elsewhere.
 */
export function checkoutConfirmations(settings: Config['cryptoPayments'], chain: string, local: boolean): number {
  return settings.confirmationsByChain[chain] ?? settings.confirmations ?? (local ? 1 : 3);
}

/** Raised when the environment is wrong; `main` prints it and exits with status 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once. A wrong value throws ConfigError naming the variable and what it expects.
 *
 * @example
 * const config = loadConfig(process.env);
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const chains = parseChainEnv(cleaned);
  if (!parsed.success || !chains.success) {
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message }))),
      ...(chains.success ? [] : chains.issues),
    ];
    const lines = issues.map(({ variable, message }) => `  ${variable}: ${message} (got ${JSON.stringify(cleaned[variable])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TWILIO_ACCOUNT_SID && (!e.TWILIO_AUTH_TOKEN || !(e.TWILIO_FROM || e.TWILIO_WHATSAPP_FROM))) {
    throw new ConfigError('Invalid configuration:\n  TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_WHATSAPP_FROM: required when TWILIO_ACCOUNT_SID is set');
  }
  const devnetByRpc = chains.endpoints.some((endpoint) => endpoint.chain === 'devnet');
  const embeddedDevnet = e.KEEPSAKE_DEVNET && !devnetByRpc;
  if (embeddedDevnet && e.KEEPSAKE_ROLE !== 'all') {
    throw new ConfigError(
      `Invalid configuration:\n  KEEPSAKE_ROLE: the embedded devnet runs inside a single process (KEEPSAKE_ROLE=all); with ${e.KEEPSAKE_ROLE} set CHAIN_DEVNET_RPC_URL to a shared node, or KEEPSAKE_DEVNET=false`,
    );
  }
  const dataDir = resolve(cwd, e.KEEPSAKE_DATA_DIR);
  const devMode = e.KEEPSAKE_DEV_MODE ?? e.NODE_ENV !== 'production';
  const cards = cardConfig(e, devMode);
  return {
    port: e.PORT,
    host: e.HOST ?? (devMode ? 'localhost' : '0.0.0.0'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'data') },
    dataDir,
    devMode,
    devLogPasscodes: devMode && e.KEEPSAKE_DEV_LOG_PASSCODES,
    role: e.KEEPSAKE_ROLE,
    masterKey: e.KEEPSAKE_MASTER_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (devMode ? 'pretty' : 'json'),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
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
    adminEmails: e.KEEPSAKE_ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    captcha: {
      provider: e.RECAPTCHA_SECRET_KEY ? 'recaptcha' : devMode ? 'dev' : 'none',
      siteKey: e.RECAPTCHA_SITE_KEY ?? (e.RECAPTCHA_SECRET_KEY ? undefined : devMode ? 'dev-captcha-site-key' : undefined),
      secretKey: e.RECAPTCHA_SECRET_KEY,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
      minScore: e.RECAPTCHA_MIN_SCORE,
    },
    webDistDir: resolve(cwd, e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    passwordBreachApi: e.PASSWORD_BREACH_API_URL
      ? { url: e.PASSWORD_BREACH_API_URL.replace(/\/$/, ''), timeoutMs: e.PASSWORD_BREACH_API_TIMEOUT_MS }
      : undefined,
    passwordScoringThreads: e.PASSWORD_SCORING_THREADS ?? Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2))),
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    chains: {
      endpoints: chains.endpoints,
      embeddedDevnet: embeddedDevnet
        ? { port: e.KEEPSAKE_DEVNET_PORT, blockTimeSeconds: e.KEEPSAKE_DEVNET_BLOCK_TIME, stateDir: resolve(dataDir, 'devnet') }
        : undefined,
      signerCount: e.KEEPSAKE_SIGNER_COUNT,
    },
    minting: {
      batchGasCap: e.MINT_BATCH_GAS_CAP,
      gasPerNft: e.MINT_GAS_PER_NFT,
      batchMaxNfts: e.MINT_BATCH_MAX_NFTS,
      batchLingerMs: e.MINT_BATCH_LINGER_MS,
      concurrency: e.MINT_CONCURRENCY,
      acceptWriters: e.MINT_ACCEPT_WRITERS,
      feeBumpAfterMs: e.MINT_FEE_BUMP_AFTER_MS,
    },
    webhooks: {
      retryScheduleMs: parseDurationList(e.WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      relayIntervalMs: e.WEBHOOK_RELAY_INTERVAL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
    oauth: {
      endpoints: e.OAUTH_ENDPOINTS ? (JSON.parse(e.OAUTH_ENDPOINTS) as Record<string, Record<string, string>>) : {},
      googleJwksUrl: e.GOOGLE_JWKS_URL,
    },
    farcaster: { rpcUrl: e.FARCASTER_RPC_URL },
    ipfsGatewayUrl: e.IPFS_GATEWAY_URL.replace(/\/+$/, ''),
    cards,
    prices: e.PRICE_SOURCE === 'coinbase' ? { source: 'coinbase', url: e.PRICE_SOURCE_URL.replace(/\/+$/, ''), timeoutMs: 5_000 } : { source: 'embedded' },
    checkout: { quoteTtlMs: e.ORDER_QUOTE_TTL_SECONDS * 1000 },
    cryptoPayments: {
      confirmations: e.CHECKOUT_CONFIRMATIONS,
      confirmationsByChain: Object.fromEntries(
        evmChains.flatMap((chain) => {
          const value = (e as Record<string, unknown>)[confirmationsVariable(chain)];
          return typeof value === 'number' ? [[chain, value]] : [];
        }),
      ),
      watchIntervalMs: e.CHECKOUT_WATCH_INTERVAL_MS,
    },
  };
}

/** The card processor from the environment; a ConfigError for a half-configured Stripe or a test processor asked for in production. */
function cardConfig(e: z.output<typeof envSchema>, devMode: boolean): Config['cards'] {
  const fail = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  let stripe: Config['cards']['stripe'];
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
      throw fail('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    }
    if (e.STRIPE_SECRET_KEY.includes('_test_') !== e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_')) {
      throw fail('STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY');
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
    };
  }
  if (e.KEEPSAKE_CARD_PROCESSOR === 'stripe' && !stripe) throw fail('STRIPE_SECRET_KEY: required when KEEPSAKE_CARD_PROCESSOR=stripe');
  const allowTest = devMode || e.KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR;
  if (e.KEEPSAKE_CARD_PROCESSOR === 'test' && !allowTest) {
    throw fail(
      'KEEPSAKE_CARD_PROCESSOR: the built-in test card processor moves no real money and does not run in production mode; set KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR=true to run it anyway (every payment is marked test), or configure Stripe',
    );
  }
  const processor = e.KEEPSAKE_CARD_PROCESSOR ?? (stripe ? 'stripe' : allowTest ? 'test' : 'none');
  return { processor, allowTestProcessorInProduction: e.KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR, stripe };
}
