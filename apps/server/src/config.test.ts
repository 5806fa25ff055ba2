import { describe, expect, it } from 'vitest';
import { checkoutConfirmations, ConfigError, loadConfig } from './config.ts';

const cwd = '/srv/keepsake';

function errorFor(env: Record<string, string>): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      database: { kind: 'pglite', dataDir: '/srv/keepsake/.keepsake/data' },
      dataDir: '/srv/keepsake/.keepsake',
      devMode: true,
      role: 'all',
      masterKey: undefined,
      logLevel: 'info',
      logFormat: 'pretty',
      mail: { smtpUrl: undefined, from: 'Keepsake <no-reply@keepsake.localhost>' },
      trustedProxies: [],
      bodyLimitBytes: 1_048_576,
      otp: { maxAttempts: 5 },
      rateLimits: { otpPerIdentifier: 5, otpPerIp: 30, windowSeconds: 600, apiKeyPerMinute: 500, eventsPerIp: 600 },
      lockout: { maxFailures: 10, minutes: 60 },
      adminEmails: [],
      captcha: { provider: 'dev', siteKey: 'dev-captcha-site-key', secretKey: undefined, minScore: 0.5 },
      passwordBreachApi: undefined,
      prices: { source: 'embedded' },
      checkout: { quoteTtlMs: 600_000 },
      twilio: undefined,
      webhooks: {
        retryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
        timeoutMs: 15_000,
        relayIntervalMs: 1_000,
        concurrency: 8,
      },
    });
  });

  it('issue 10: dev mode listens on loopback unless HOST is set; production on every interface', () => {
    expect(loadConfig({}, cwd)).toMatchObject({ devMode: true, host: 'localhost' });
    expect(loadConfig({ HOST: '0.0.0.0' }, cwd).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x' }, cwd)).toMatchObject({ devMode: false, host: '0.0.0.0' });
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', HOST: '10.0.0.2' }, cwd).host).toBe('10.0.0.2');
    expect(loadConfig({ KEEPSAKE_DEV_MODE: 'true', NODE_ENV: 'production', SMTP_URL: 'smtp://x' }, cwd).host).toBe('localhost');
  });

  it('issue 11: logs are pretty in dev mode and JSON in production unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x' }, cwd).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, cwd).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', LOG_FORMAT: 'pretty' }, cwd).logFormat).toBe('pretty');
    expect(errorFor({ LOG_FORMAT: 'text' })).toContain('LOG_FORMAT: expected json or pretty');
  });

  it('turns on the breach range API and Twilio only when configured', () => {
    const config = loadConfig(
      {
        PASSWORD_BREACH_API_URL: 'https://api.pwnedpasswords.com/',
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+15005550006',
        LOCKOUT_MAX_FAILURES: '3',
        LOCKOUT_MINUTES: '5',
      },
      cwd,
    );
    expect(config.passwordBreachApi).toEqual({ url: 'https://api.pwnedpasswords.com', timeoutMs: 2000 });
    expect(config.twilio).toMatchObject({ accountSid: `AC${'a'.repeat(32)}`, from: '+15005550006', whatsappFrom: undefined, apiUrl: 'https://api.twilio.com' });
    expect(config.lockout).toEqual({ maxFailures: 3, minutes: 5 });
    expect(errorFor({ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` })).toContain('TWILIO_AUTH_TOKEN');
  });

  it('reads a compressed webhook retry schedule and timeout', () => {
    const config = loadConfig({ WEBHOOK_RETRY_SCHEDULE: '200ms, 1s,2m ,1h', WEBHOOK_TIMEOUT_MS: '300' }, cwd);
    expect(config.webhooks.retryScheduleMs).toEqual([200, 1_000, 120_000, 3_600_000]);
    expect(config.webhooks.timeoutMs).toBe(300);
  });

  it('reads administrators and captcha keys; without keys outside dev mode captcha refuses everything', () => {
    const config = loadConfig(
      { KEEPSAKE_ADMIN_EMAILS: ' Root@Example.com ,ops@example.com,', RECAPTCHA_SECRET_KEY: 's3cret', RECAPTCHA_SITE_KEY: 'site' },
      cwd,
    );
    expect(config.adminEmails).toEqual(['root@example.com', 'ops@example.com']);
    expect(config.captcha).toMatchObject({ provider: 'recaptcha', siteKey: 'site', secretKey: 's3cret' });
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x' }, cwd).captcha).toMatchObject({ provider: 'none', siteKey: undefined });
    expect(errorFor({ KEEPSAKE_ADMIN_EMAILS: 'root@example.com,not-an-email' })).toContain('KEEPSAKE_ADMIN_EMAILS');
    expect(errorFor({ LOCKOUT_MAX_FAILURES: '0' })).toContain('LOCKOUT_MAX_FAILURES');
    expect(errorFor({ RECAPTCHA_MIN_SCORE: '2' })).toContain('RECAPTCHA_MIN_SCORE');
  });

  it('selects PostgreSQL with DATABASE_URL and production mode with NODE_ENV', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://u@db:5432/k', DATABASE_POOL_SIZE: '4', NODE_ENV: 'production', PUBLIC_URL: 'https://k.example/' },
      cwd,
    );
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/k', poolSize: 4 });
    expect(config.devMode).toBe(false);
    expect(config.publicUrl).toBe('https://k.example');
    expect(loadConfig({ NODE_ENV: 'production', KEEPSAKE_DEV_MODE: '1' }, cwd).devMode).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, cwd)).toMatchObject({ port: 3000, database: { kind: 'pglite' } });
  });

  it('splits trusted proxies and resolves directories against the working directory', () => {
    const config = loadConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 10.0.0.0/8 ,,', KEEPSAKE_DATA_DIR: 'var/ks' }, cwd);
    expect(config.trustedProxies).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(config.dataDir).toBe('/srv/keepsake/var/ks');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT', 'expected a port number'],
    [{ PORT: '70000' }, 'PORT', '"70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', 'expected a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL', 'expected an absolute http:// or https:// URL'],
    [{ PUBLIC_URL: 'ftp://k.example' }, 'PUBLIC_URL', 'expected an absolute http'],
    [{ KEEPSAKE_ROLE: 'both' }, 'KEEPSAKE_ROLE', 'expected all, api or worker'],
    [{ KEEPSAKE_MASTER_KEY: 'short' }, 'KEEPSAKE_MASTER_KEY', 'expected 32 bytes in base64'],
    [{ KEEPSAKE_DEV_MODE: 'yes' }, 'KEEPSAKE_DEV_MODE', 'expected true, false, 1 or 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'expected one of fatal, error'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL', 'expected an smtp:// or smtps:// URL'],
    [{ BODY_LIMIT_BYTES: '10' }, 'BODY_LIMIT_BYTES', '"10"'],
    [{ TWILIO_ACCOUNT_SID: 'nope' }, 'TWILIO_ACCOUNT_SID', 'expected a Twilio account SID'],
    [{ PASSWORD_BREACH_API_URL: 'pwned' }, 'PASSWORD_BREACH_API_URL', 'expected an http:// or https:// URL'],
    [{ LOCKOUT_MAX_FAILURES: '0' }, 'LOCKOUT_MAX_FAILURES', '"0"'],
    [{ WEBHOOK_RETRY_SCHEDULE: '5 seconds' }, 'WEBHOOK_RETRY_SCHEDULE', 'expected comma-separated delays'],
    [{ WEBHOOK_RETRY_SCHEDULE: '5s,,5m' }, 'WEBHOOK_RETRY_SCHEDULE', 'expected comma-separated delays'],
    [{ WEBHOOK_TIMEOUT_MS: '5' }, 'WEBHOOK_TIMEOUT_MS', '"5"'],
  ])('refuses %j, naming %s and what it expects', (env, variable, expected) => {
    const message = errorFor(env);
    expect(message).toContain(`${variable}:`);
    expect(message).toContain(expected);
  });

  it('names every wrong variable at once', () => {
    const message = errorFor({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(message).toContain('PORT:');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('runs the embedded devnet by default, with its state in the data directory', () => {
    expect(loadConfig({}, cwd).chains).toEqual({
      endpoints: [],
      embeddedDevnet: { port: 8545, blockTimeSeconds: 0, stateDir: '/srv/keepsake/.keepsake/devnet' },
      signerCount: 4,
    });
    expect(loadConfig({ KEEPSAKE_DEVNET: 'false' }, cwd).chains.embeddedDevnet).toBeUndefined();
    expect(loadConfig({ KEEPSAKE_DEVNET_PORT: '0', KEEPSAKE_DEVNET_BLOCK_TIME: '2', KEEPSAKE_SIGNER_COUNT: '8' }, cwd).chains).toMatchObject({
      embeddedDevnet: { port: 0, blockTimeSeconds: 2 },
      signerCount: 8,
    });
  });

  it('uses configured RPC endpoints, and no embedded devnet when the devnet has one', () => {
    const config = loadConfig(
      { CHAIN_DEVNET_RPC_URL: 'http://10.0.0.5:8545', CHAIN_BASE_SEPOLIA_RPC_URL: 'https://sepolia.base.org', KEEPSAKE_ROLE: 'api' },
      cwd,
    );
    expect(config.chains.embeddedDevnet).toBeUndefined();
    expect(config.chains.endpoints.map((e) => [e.chain, e.chainId, e.rpcUrl])).toEqual([
      ['base-sepolia', 84532, 'https://sepolia.base.org'],
      ['devnet', 31337, 'http://10.0.0.5:8545'],
    ]);
  });

  it('names wrong chain variables with the others, and refuses the embedded devnet in a split role', () => {
    const message = errorFor({ PORT: 'x', CHAIN_BASE_RPC_URL: 'not a url', KEEPSAKE_SIGNER_COUNT: '0' });
    expect(message).toContain('PORT:');
    expect(message).toContain('CHAIN_BASE_RPC_URL: expected an http(s):// or ws(s):// RPC URL (got "not a url")');
    expect(message).toContain('KEEPSAKE_SIGNER_COUNT:');
    expect(errorFor({ KEEPSAKE_ROLE: 'worker' })).toMatch(/KEEPSAKE_ROLE: the embedded devnet runs inside a single process .* set CHAIN_DEVNET_RPC_URL/);
    expect(loadConfig({ KEEPSAKE_ROLE: 'worker', KEEPSAKE_DEVNET: 'false' }, cwd).role).toBe('worker');
  });

  it('issue 14: a chain may need its own number of confirmations (CHAIN_<NAME>_CONFIRMATIONS) over CHECKOUT_CONFIRMATIONS', () => {
    const defaults = loadConfig({}, cwd).cryptoPayments;
    expect(defaults).toMatchObject({ confirmations: undefined, confirmationsByChain: {} });
    expect(checkoutConfirmations(defaults, 'devnet', true)).toBe(1);
    expect(checkoutConfirmations(defaults, 'base-sepolia', false)).toBe(3);

    // The embedded devnet has no RPC URL and may still have its own number.
    const config = loadConfig({ CHECKOUT_CONFIRMATIONS: '5', CHAIN_BASE_SEPOLIA_CONFIRMATIONS: '12', CHAIN_DEVNET_CONFIRMATIONS: '2' }, cwd).cryptoPayments;
    expect(config.confirmationsByChain).toEqual({ 'base-sepolia': 12, devnet: 2 });
    expect(checkoutConfirmations(config, 'base-sepolia', false)).toBe(12);
    expect(checkoutConfirmations(config, 'devnet', true)).toBe(2);
    expect(checkoutConfirmations(config, 'polygon-amoy', false)).toBe(5);

    const message = errorFor({ CHAIN_BASE_CONFIRMATIONS: '0', CHAIN_ZORA_CONFIRMATIONS: 'many' });
    expect(message).toContain('CHAIN_BASE_CONFIRMATIONS:');
    expect(message).toContain('CHAIN_ZORA_CONFIRMATIONS: expected a number of blocks (got "many")');
  });
});
