// Starts what the browser tests run against, once per `playwright test`:
//   1. the contract artifacts and the web app build (each only when stale; scripts/builds.ts),
//   2. a real SMTP sink, plus a tiny JSON endpoint on 127.0.0.1 that lets the test workers read its mail,
//   3. the Keepsake server as a child process (its own process group) on a free port, with a fresh
//      PGlite data dir, SMTP_URL pointing at the sink and LOG_LEVEL=warn. Its error-level log lines are kept: the
//      same JSON endpoint serves them to the `serverErrors` fixture (e2e/fixtures.ts), which fails the test during
//      which one was logged unless the test allowed it, and global-teardown fails the run for any no test saw.
// Workers inherit the environment set here: KEEPSAKE_E2E_BASE_URL, KEEPSAKE_E2E_MAILBOX_URL,
// KEEPSAKE_E2E_DEVNET_RPC_URL (the server's embedded devnet), KEEPSAKE_E2E_ADMIN_EMAIL (an administrator) and
// KEEPSAKE_E2E_OIDC_ISSUER (the OpenID Connect stand-in playing Google; support/gsi-stand-in.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ensureContractsBuild, ensureWebBuild } from '../scripts/builds.ts';
import { randomFreePort } from '../scripts/free-port.ts';
import { E2E_DISCORD_CLIENT, E2E_GOOGLE_CLIENT, E2E_GOOGLE_ONE_TAP_CLIENT } from './support/oidc.ts';
import { type E2eState, setState } from './support/state.ts';

// The server's own test SMTP sink (smtp-server + mailparser). Imported by URL so that `tsc -b` does not pull a
// server source file into the tools project (TS6307); this is the part of its API used here.
type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };
type SmtpSinkModule = {
  startSmtpSink: () => Promise<{ url: string; received: ReceivedMail[]; messagesTo: (to: string) => ReceivedMail[]; close: () => Promise<void> }>;
};
const smtpSinkModule = new URL('../apps/server/src/testing/smtp-sink.ts', import.meta.url).href;
// The integration tests' reading of the server's log (ADR 082), imported the same way.
type LoggedError = { level: string; msg: string };
type ErrorLogModule = { parseLoggedError: (line: string) => LoggedError | undefined; describeLoggedError: (entry: LoggedError) => string };
const errorLogModule = new URL('../apps/server/src/testing/error-log.ts', import.meta.url).href;
// The OpenID Connect provider that plays Google (oidc-provider in this process; docs/oauth.md), imported the same way.
type OidcStandInModule = {
  startOidcStandIn: () => Promise<{
    issuer: string;
    register(...clients: { clientId: string; clientSecret: string; redirectUri: string }[]): void;
    close(): Promise<void>;
  }>;
};
const oidcStandInModule = new URL('../apps/server/src/testing/oidc-stand-in.ts', import.meta.url).href;
// Discord's OAuth endpoints (the product app's Discord sign-in, e2e/product-sign-in.spec.ts), imported the same way.
type DiscordStandInModule = {
  startDiscordStandIn: () => Promise<{
    endpoints: Record<string, string>;
    register(client: { clientId: string; clientSecret: string }): void;
    close(): Promise<void>;
  }>;
};
const discordStandInModule = new URL('../apps/server/src/testing/discord-stand-in.ts', import.meta.url).href;

const root = new URL('../', import.meta.url).pathname;
// A healthy start takes seconds; on a loaded two-core machine (another run beside this one) it took over 60 s.
// A server that exits fails at once (waitForHealth), so the long wait costs nothing when all is well.
const HEALTH_TIMEOUT_MS = 180_000;
const PREFERRED_PORT = 3291;
const E2E_ADMIN_EMAIL = 'e2e-admin@keepsake.example';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  const wanted = Number(process.env.KEEPSAKE_E2E_PORT ?? PREFERRED_PORT);
  return (await portIsFree(wanted)) ? wanted : randomFreePort();
}

async function waitForHealth(url: string, server: { exited: () => string | undefined; ready: () => boolean }): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    const exited = server.exited();
    if (exited) throw new Error(`[e2e] the server exited before it was healthy (${exited})`);
    // Only our own server's banner proves the port is ours: between the free-port probe and the listen, another
    // process (a second test run) can take it, and its health check would answer for us.
    if (!server.ready()) {
      last = 'no start-up banner yet';
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`[e2e] GET ${url}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${last})`);
}

/** Env for the server: ours, minus anything that would point it at another database, port or mail server. */
function serverEnv(
  port: number,
  baseUrl: string,
  dataDir: string,
  smtpUrl: string,
  oidcIssuer: string,
  discordEndpoints: Record<string, string>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(KEEPSAKE_|DATABASE_|SMTP_|MAIL_|RATE_LIMIT_|OTP_|WEB_DIST_DIR$|PUBLIC_URL$|PORT$|HOST$|NODE_ENV$|LOG_LEVEL$|TRUSTED_PROXIES$)/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    KEEPSAKE_DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json', // the error-level lines are read as pino JSON
    // Every spec signs in from 127.0.0.1; the per-IP passcode limit (default 30 per 10 minutes) is for real
    // clients, and the SDK specs alone send more than that. Rate limits have their own integration tests.
    RATE_LIMIT_OTP_PER_IP: '1000',
    // An internal administrator, who issues impersonation tokens (e2e/genuine-client/impersonation.spec.ts).
    KEEPSAKE_ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    // Google is the OpenID Connect stand-in of this process (e2e/oauth.spec.ts), Discord its own stand-in.
    OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: oidcIssuer }, discord: discordEndpoints }),
    // The stand-in plays Google One Tap's issuing too (e2e/auth-ui-one-tap.spec.ts): One Tap ID tokens are verified
    // against its keys (ADR 103 amendment).
    GOOGLE_JWKS_URL: `${oidcIssuer}/jwks`,
    // PostgreSQL instead of PGlite when the runner asks (scripts/test.ts runs the genuine-client suite on both).
    ...(process.env.KEEPSAKE_E2E_DATABASE_URL ? { DATABASE_URL: process.env.KEEPSAKE_E2E_DATABASE_URL } : {}),
  };
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  // The server reads apps/web/dist/index.html once at start-up and deploys from the contract artifacts.
  ensureContractsBuild((line) => console.log(`[e2e] ${line}`));
  ensureWebBuild((line) => console.log(`[e2e] ${line}`));

  const tmpDir = mkdtempSync(join(tmpdir(), 'keepsake-e2e-'));
  const { startSmtpSink } = (await import(smtpSinkModule)) as SmtpSinkModule;
  const { parseLoggedError, describeLoggedError } = (await import(errorLogModule)) as ErrorLogModule;
  const sink = await startSmtpSink();
  const serverErrors: string[] = [];
  let checkedErrors = 0;

  // GET /messages?to=<email> → { messages: ReceivedMail[] } (oldest first), read by e2e/fixtures.ts.
  // GET /server-errors → { errors: string[], checked: number }: the server's error-level log lines so far, one line
  // each, of which tests have judged the first `checked`. POST /server-errors/checked?count=N: a test has judged the
  // first N (global-teardown fails the run for the rest).
  const mailbox = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/server-errors') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: serverErrors, checked: checkedErrors }));
      return;
    }
    if (request.method === 'POST' && url.pathname === '/server-errors/checked') {
      checkedErrors = Math.max(checkedErrors, Math.min(serverErrors.length, Number(url.searchParams.get('count')) || 0));
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to');
    const messages = to ? sink.messagesTo(to) : sink.received;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages }));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const mailboxAddress = mailbox.address();
  const mailboxUrl = `http://127.0.0.1:${typeof mailboxAddress === 'object' && mailboxAddress ? mailboxAddress.port : 0}`;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { startOidcStandIn } = (await import(oidcStandInModule)) as OidcStandInModule;
  const oidc = await startOidcStandIn();
  oidc.register(
    { ...E2E_GOOGLE_CLIENT, redirectUri: `${baseUrl}/v1/public/oauth/callback` },
    { ...E2E_GOOGLE_ONE_TAP_CLIENT, redirectUri: `${baseUrl}/v1/public/oauth/callback` },
  );
  const { startDiscordStandIn } = (await import(discordStandInModule)) as DiscordStandInModule;
  const discord = await startDiscordStandIn();
  discord.register(E2E_DISCORD_CLIENT);
  const output: string[] = [];
  const verbose = process.env.KEEPSAKE_E2E_SERVER_LOG === '1';
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'apps/server/src/main.ts'], {
    cwd: root,
    env: serverEnv(port, baseUrl, join(tmpDir, 'data'), sink.url, oidc.issuer, discord.endpoints),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so teardown can stop it and anything it started
  });
  // Safety net should the runner die without running teardown: never leave the server behind.
  process.once('exit', () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already stopped
    }
  });
  let exitedWith: string | undefined;
  child.on('exit', (code, signal) => {
    exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  const keep = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (output.length > 200) output.shift();
      if (verbose) process.stderr.write(text);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const entry = parseLoggedError(line);
        if (entry) serverErrors.push(describeLoggedError(entry));
      }
    };
  };
  child.stdout.on('data', keep());
  child.stderr.on('data', keep());

  const state: E2eState = {
    serverPid: child.pid!,
    serverExited: new Promise<void>((resolve) => child.once('exit', () => resolve())),
    isServerRunning: () => exitedWith === undefined,
    serverOutput: () => output.join(''),
    uncheckedServerErrors: () => serverErrors.slice(checkedErrors),
    closeSink: () => sink.close(),
    closeMailbox: () => new Promise<void>((resolve) => mailbox.close(() => resolve())),
    closeOidc: () => Promise.all([oidc.close(), discord.close()]).then(() => undefined),
    tmpDir,
  };
  setState(state);
  process.env.KEEPSAKE_E2E_SERVER_PID = String(child.pid);
  process.env.KEEPSAKE_E2E_TMP_DIR = tmpDir;

  try {
    await waitForHealth(baseUrl, { exited: () => exitedWith, ready: () => state.serverOutput().includes('Keepsake is ready') });
  } catch (error) {
    process.stderr.write(`[e2e] server output:\n${state.serverOutput()}\n`);
    const { default: teardown } = await import('./global-teardown.ts');
    await teardown().catch((teardownError: unknown) => process.stderr.write(`${String(teardownError)}\n`));
    throw error;
  }

  process.env.KEEPSAKE_E2E_BASE_URL = baseUrl;
  process.env.KEEPSAKE_E2E_MAILBOX_URL = mailboxUrl;
  process.env.KEEPSAKE_E2E_ADMIN_EMAIL = E2E_ADMIN_EMAIL;
  process.env.KEEPSAKE_E2E_OIDC_ISSUER = oidc.issuer;
  process.env.KEEPSAKE_E2E_DEVNET_RPC_URL = await devnetRpcUrl(state.serverOutput);
}

/** The embedded devnet's RPC URL from the server's start-up banner (printed right after it listens). */
async function devnetRpcUrl(output: () => string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const url = /Devnet RPC:\s+(http\S+)/.exec(output())?.[1];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`[e2e] no devnet RPC URL in the server's banner:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
