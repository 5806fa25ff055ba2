import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger } from '../platform/logging.ts';
import { buildApp, createServices, redactedLogPaths, type Services } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { boot } from '../platform/boot.ts';
import { registerProjectJobs } from '../projects/jobs.ts';
import type { OutboxMessage } from '../messaging/dev-outbox.ts';
import { registerWebhookJobs } from '../webhooks/jobs.ts';
import { registerCollectionJobs } from '../collections/jobs.ts';
import { registerNftJobs } from '../nfts/jobs.ts';
import type { MintPipeline } from '../nfts/pipeline.ts';
import { registerCryptoPaymentJobs } from '../checkout/crypto/jobs.ts';
import { scheduleIdempotencyKeyExpiry } from '../idempotency/service.ts';
import { adminUrl, pgliteTemplate, postgresTemplate } from './database-template.ts';
import { closeErrorLogCapture, createErrorLogCapture, type ExpectedErrorLog, type LoggedError } from './error-log.ts';
import { instrumentForSettling, type SettleOptions } from './settle.ts';
import { passcodeIn, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** Which engine integration tests run on: `KEEPSAKE_TEST_DB=pglite|postgres` (npm test runs both). */
export const testDb = (process.env.KEEPSAKE_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** How long `drop()` lets the closed pools' connections finish ending before it terminates them. */
const scratchDropGraceMs = 5_000;

/**
 * A throwaway PostgreSQL database for one test file: a copy of the run's migrated template when the integration
 * project's global setup made one (ADR 112), else empty. `drop()` first waits (up to 5 s) for every connection to the
 * database to end: node-postgres resolves `pool.end()` once it has asked its clients to end, not once their
 * backends have gone, and a forced drop that terminated one would make its pool (pg-boss's) log an error.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ks_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = postgresTemplate();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const deadline = Date.now() + scratchDropGraceMs;
      const connected = async () =>
        Number((await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0]?.n ?? 0);
      while ((await connected()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database that outlives one server, for restart tests: a scratch PostgreSQL database, or a PGlite directory
 * on disk. Pass it to several `startTestServer` calls in turn, then `drop()` it.
 */
export type TestDatabase = { url: string | undefined; pgliteDir: string | undefined; drop(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDb === 'postgres') {
    const scratch = await createScratchDatabase();
    return { url: scratch.url, pgliteDir: undefined, drop: () => scratch.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'keepsake-test-pglite-'));
  return { url: undefined, pgliteDir: dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export type TestServer = {
  url: string;
  ctx: AppContext;
  services: Services;
  config: Config;
  smtp: SmtpSink | undefined;
  /** The dev outbox (SMS and WhatsApp) when no Twilio is configured: wait for a message to a number. */
  outbox: { waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<OutboxMessage>; messagesTo(to: string): Promise<OutboxMessage[]> };
  /**
   * JSON request helper; never throws on an HTTP status. A response slower than `timeoutMs` (default 15 s)
   * throws, so that a server that hangs fails the test instead of stalling the run.
   */
  request(
    path: string,
    init?: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; cookie?: string; timeoutMs?: number },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Everything logged so far (JSON lines, trace level, redacted as in production) when `captureLogs` was asked for. */
  logs(): string;
  /** The mint pipeline this server's workers run (undefined for an API-only server): a test may run it too. */
  mintPipeline: MintPipeline | undefined;
  /**
   * Resolves once the server has no work due now: no mail or text message being sent (SMTP sink, dev mailbox,
   * dev outbox, Twilio), no job running or due in the queues this server works (pg-boss: created or retry with
   * its start passed, or active), no webhook delivery waiting for the outbox relay (the relay is run at once), no
   * periodic task running; checked in one pass that nothing started during (see testing/settle.ts). Assert that
   * something was not sent after it, never after a sleep.
   *
   * Work scheduled later (a webhook retry in 5 s, a pg-boss retry) is not waited for: `settled` settles what is
   * due now. Pass `through` to also drain what falls due until then (it then waits for those jobs to run). A
   * server started with `KEEPSAKE_ROLE=api` runs no workers, so only its sends are waited for. Throws after
   * `timeoutMs` (15 s), naming what is still busy.
   *
   * @example
   * await sdk.post('/magic_links/email/send/primary', { email: 'nobody@example.com' });
   * await server.settled();
   * expect(server.smtp!.messagesTo('nobody@example.com')).toHaveLength(0);
   */
  settled(options?: SettleOptions): Promise<void>;
  /**
   * Declares an `error`/`fatal` log entry the test provokes on purpose, matched against the entry's message and its
   * error's message. Any other error-level entry fails the test during which it was logged (ADR 082). Declared in a
   * test, it holds until the end of that test; declared outside (beforeAll), until the server closes. `count`
   * tells how many entries it matched, for a test that asserts the error was logged.
   */
  expectErrorLog(pattern: RegExp): ExpectedErrorLog;
  /** Every error-level entry logged so far, expected or not. */
  errorLogs(): LoggedError[];
  /** Runs the email passcode sign-in for `email` and returns the console session cookie. */
  signIn(email: string): Promise<string>;
  /**
   * Stops the server and drops its database. Unexpected error-level log entries not reported yet fail the file
   * (integration-setup.ts reports them after the file's afterAll); without that setup file, close() throws.
   */
  close(): Promise<void>;
};

/**
 * Starts the whole server on a fresh database (PGlite in memory or a scratch PostgreSQL database), or on
 * `database` when given, listening on a random port. Mail goes to a real SMTP sink unless `devMailbox` is
 * asked for. Job workers run unless `KEEPSAKE_ROLE=api` is in `env`. No chain is started unless `chain` is asked
 * for. `captureLogs` keeps every log line (trace level, with the production redaction) for tests that check
 * what reaches the logs. Whatever the options, an error-level log entry that the test did not declare with
 * `expectErrorLog` fails the test (ADR 082), and `settled()` waits for the work due now.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; devMailbox?: boolean; chain?: boolean; database?: TestDatabase; captureLogs?: boolean } = {},
): Promise<TestServer> {
  const smtp = options.devMailbox ? undefined : await startSmtpSink();
  const scratch = options.database ? undefined : testDb === 'postgres' ? await createScratchDatabase() : undefined;
  const databaseUrl = options.database?.url ?? scratch?.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-test-'));
  const config = loadConfig({
    KEEPSAKE_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // JSON, as in production: the capture reads error entries (and `captureLogs` lines) as pino JSON.
    LOG_FORMAT: 'json',
    // Half the default: a lone test mint waits less for company, and a burst of test mints still shares a batch.
    MINT_BATCH_LINGER_MS: '500',
    // Without `chain`, no devnet runs, and the configuration says so (it also allows KEEPSAKE_ROLE=api).
    ...(options.chain ? {} : { KEEPSAKE_DEVNET: 'false' }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  if (config.database.kind === 'pglite') config.database = { kind: 'pglite', dataDir: options.database?.pgliteDir };
  const logLines: string[] = [];
  // Error-level entries are always captured (an unexpected one fails the test); every line when `captureLogs`.
  const errorLog = createErrorLogCapture(options.captureLogs ? (line) => void logLines.push(line) : undefined);
  // The production logger (its redaction, serializers and last pass over each line), writing JSON to the capture.
  const log = createLogger({ logLevel: options.captureLogs ? 'trace' : 'error', logFormat: 'json' }, redactedLogPaths, errorLog);
  // A fresh database starts as a copy of the run's migrated template (ADR 112): in memory, or in a restart test's
  // directory on its first start. Every server and every test database is still a database of its own.
  const pgliteDir = options.database?.pgliteDir;
  const template = config.database.kind === 'pglite' && !(pgliteDir && existsSync(join(pgliteDir, 'PG_VERSION'))) ? pgliteTemplate() : undefined;
  // `chain: true` starts an ephemeral devnet (a fresh anvil on a free port) with funded platform signers.
  const booted = await boot(config, log, { chains: options.chain ? { ephemeralDevnet: true } : undefined, pgliteTemplate: template });
  // Before anything uses the mailer, the text sender or the job queue: settled() counts what goes through them.
  const settler = instrumentForSettling(booted.ctx);
  const services = createServices(booted.ctx);
  await services.projects.ensurePlatformProject();
  let mintPipeline: MintPipeline | undefined;
  if (config.role !== 'api') {
    await registerProjectJobs(booted.ctx);
    await registerWebhookJobs(booted.ctx, services.webhooks);
    await registerCollectionJobs(booted.ctx, services);
    mintPipeline = await registerNftJobs(booted.ctx, services);
    registerCryptoPaymentJobs(booted.ctx, { sink: services.settlement });
    await services.settlementWorker.register();
    scheduleIdempotencyKeyExpiry(booted.ctx);
  }
  const app = await buildApp(booted.ctx, services);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('[::1]', 'localhost');
  config.publicUrl = url;

  const request: TestServer['request'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + path, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (HTML pages)
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  /** Messages to `to` in the dev outbox, oldest first. */
  const outboxTo = async (to: string) => {
    if (!booted.ctx.devOutbox) throw new Error('the dev outbox is off (Twilio is configured)');
    return (await booted.ctx.devOutbox.list()).filter((m) => m.to === to).reverse();
  };
  const outbox: TestServer['outbox'] = {
    messagesTo: outboxTo,
    async waitFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const message = (await outboxTo(to))[options.after ?? 0];
        if (message) return message;
        if (Date.now() > deadline) throw new Error(`no text to ${to} within ${options.timeoutMs ?? 5000} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };

  const server: TestServer = {
    url,
    ctx: booted.ctx,
    services,
    config,
    smtp,
    outbox,
    request,
    logs: () => logLines.join(''),
    mintPipeline,
    settled: (settleOptions = {}) => settler.settled({ ...settleOptions, flushRelay: () => services.webhooks.flush() }),
    expectErrorLog: (pattern) => errorLog.expect(pattern),
    errorLogs: () => [...errorLog.all],
    async signIn(email) {
      if (!smtp) throw new Error('signIn needs the SMTP sink');
      const publicToken = (await services.identity.platformTenant()).publicToken;
      const basic = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
      const before = smtp.messagesTo(email).length;
      const sent = await request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization: basic }, body: { email } });
      if (sent.status !== 200) throw new Error(`login_or_create: ${sent.status} ${JSON.stringify(sent.body)}`);
      // Other mail to the same address (an invitation sent in the background) can arrive first: skip to the passcode.
      let seen = before;
      let mail = await smtp.waitFor(email, { after: seen });
      while (!/\b\d{6}\b/.test(mail.text) || /^You were added to /.test(mail.subject)) mail = await smtp.waitFor(email, { after: ++seen });
      const auth = await request('/sdk/v1/otps/authenticate', {
        method: 'POST',
        headers: { authorization: basic },
        body: { token: passcodeIn(mail), method_id: sent.body.data.email_id, session_duration_minutes: 60 },
      });
      if (auth.status !== 200) throw new Error(`authenticate: ${auth.status} ${JSON.stringify(auth.body)}`);
      const session = await request('/api/session/authenticate', { method: 'POST', body: { session_token: auth.body.data.session_token } });
      const cookie = session.headers.get('set-cookie')?.split(';')[0];
      if (!cookie) throw new Error('no session cookie');
      return cookie;
    },
    async close() {
      await app.close();
      await booted.shutdown();
      await smtp?.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      closeErrorLogCapture(errorLog);
    },
  };
  return server;
}
