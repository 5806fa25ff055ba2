// The server and the operator CLI as real processes, the way `npm start` and `npm run keepsake` run them:
// the start-up banner, the dev mailbox, the CLI going through a running server (or opening the database
// itself), the data-directory lock, secrets kept out of the logs, and a graceful stop on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDb } from '../testing/harness.ts';
import { childEnv, nodeArgs, serverProcessEnv, startServerProcess, type StartedServer } from '../testing/server-process.ts';

const cliEntry = new URL('../cli/main.ts', import.meta.url).pathname;
const startServer = startServerProcess;

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgs, cliEntry, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

describe(`the server and CLI as processes (${testDb})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-process-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let env: Record<string, string>;
  let server: StartedServer;

  beforeAll(async () => {
    scratch = testDb === 'postgres' ? await createScratchDatabase() : undefined;
    env = serverProcessEnv(dataDir, scratch?.url);
    server = await startServer(env);
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URL, the dev-mailbox URL and the platform public token, and answers health', async () => {
    const platform = await json(`${server.url}/api/platform`);
    expect(server.output()).toContain(`Dev mailbox:    ${server.url}/dev/mailbox`);
    expect(server.output()).toContain(`Dev outbox:     ${server.url}/dev/outbox (SMS, WhatsApp)`);
    expect(server.output()).toContain(`Platform public token: ${platform.body.publicToken}`);
    expect(platform.body.publicToken).toMatch(/^public-token-test-/);
    const health = await json(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: testDb });
  });

  it('keeps the master key and the operator secret readable only by their owner', () => {
    expect(statSync(join(dataDir, 'operator.secret')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
  });

  it('signs in through the dev mailbox and never logs the session token or API key', async () => {
    const { publicToken } = (await json(`${server.url}/api/platform`)).body;
    const basic = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      json(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    const sent = await post('/sdk/v1/otps/email/login_or_create', { email: 'process@example.com' }, { authorization: basic });
    expect(sent.status).toBe(200);
    await post('/sdk/v1/otps/email/login_or_create', { email: 'second@example.com' }, { authorization: basic });
    const mailbox = await json(`${server.url}/api/dev/mailbox`);
    expect(mailbox.body.messages.map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'process@example.com']); // newest first
    const message = mailbox.body.messages[1];
    expect(Object.keys(message).sort()).toEqual(['createdAt', 'html', 'id', 'subject', 'text', 'to']);
    const code = /\b(\d{6})\b/.exec(message.text)![1]!;

    const session = await post('/sdk/v1/otps/authenticate', { token: code, method_id: sent.body.data.email_id }, { authorization: basic });
    expect(session.status).toBe(200);
    const sessionToken: string = session.body.data.session_token;
    const cli = await runCli(['project', 'create', '--owner', 'process@example.com', '--name', 'Process test'], env);
    expect(cli.code, cli.stderr).toBe(0);
    const { apiKey } = JSON.parse(cli.stdout) as { apiKey: string };
    expect((await json(`${server.url}/api/2022-06-09/collections`, { headers: { 'x-api-key': apiKey } })).status).toBe(200);

    expect(server.output()).toContain('dev mailbox: message stored');
    expect(server.output()).not.toContain(sessionToken);
    expect(server.output()).not.toContain(apiKey);
    expect(server.output()).not.toContain(readFileSync(join(dataDir, 'operator.secret'), 'utf8').trim());
  });

  it('never logs a password, a magic-link token or a PKCE verifier', async () => {
    const { publicToken } = (await json(`${server.url}/api/platform`)).body;
    const headers = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}` };
    const password = 'violet-Tractor-harbour-91-quiz';
    const created = await json(`${server.url}/sdk/v1/passwords`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'logs@example.com', password, session_duration_minutes: 30 }),
    });
    expect(created.status).toBe(200);
    const link = await json(`${server.url}/sdk/v1/magic_links/email/login_or_create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'logs@example.com', login_magic_link_url: 'http://localhost:5173/auth' }),
    });
    expect(link.status).toBe(200);
    const verifier = 'f00dface'.repeat(16);
    await json(`${server.url}/sdk/v1/magic_links/authenticate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: 'unknown-token', code_verifier: verifier }),
    });
    expect(server.output()).not.toContain(password);
    expect(server.output()).not.toContain(verifier);
    expect(server.output()).not.toContain(created.body.data.session_token);
  });

  it('goes through the running server when it holds the embedded database, and refuses a second server', async () => {
    const cli = await runCli(['project', 'create', '--owner', 'through@example.com', '--name', 'Through'], env);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual({
      projectId: expect.any(String),
      publicToken: expect.stringMatching(/^public-token-test-/),
      apiKey: expect.stringMatching(/^sk_staging_/),
    });
    if (testDb === 'pglite') {
      // The server logged the operator call: the CLI did not open the directory the server holds.
      expect(server.output()).toContain('/api/operator/projects');
      const second = await startServer({ ...env }).catch((error: Error) => error);
      expect(second).toBeInstanceOf(Error);
      expect((second as Error).message).toMatch(/exited with 1[\s\S]*Another Keepsake process \(pid \d+, http:\/\/[^)]+\) holds/);
    }
  });

  it('sets and replaces allowed origins from the CLI through the running server', async () => {
    const created = await runCli(
      [
        'project',
        'create',
        '--owner',
        'origins@example.com',
        '--name',
        'Origins',
        '--allowed-origin',
        'https://a.example.com',
        '--allowed-origin',
        'https://b.example.com',
      ],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const { projectId, publicToken } = JSON.parse(created.stdout);
    const bootstrapFrom = (origin: string) => json(`${server.url}/sdk/v1/projects/bootstrap/${publicToken}`, { headers: { origin } });
    expect((await bootstrapFrom('https://b.example.com')).headers.get('access-control-allow-origin')).toBe('https://b.example.com');
    expect((await bootstrapFrom('https://c.example.com')).status).toBe(403);

    const updated = await runCli(['project', 'update', '--id', projectId, '--allowed-origin', 'https://c.example.com'], env);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({ projectId, allowedOrigins: ['https://c.example.com'] });
    // With PostgreSQL the CLI changed the database itself: the server sees it once its tenant cache expires (≤ 5 s).
    await expect.poll(async () => (await bootstrapFrom('https://c.example.com')).status, { timeout: 10_000, interval: 500 }).toBe(200);
    expect((await bootstrapFrom('https://b.example.com')).status).toBe(403);
  });

  it('refuses the operator endpoint without the operator secret', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'Basic abc']) {
      const res = await json(`${server.url}/api/operator/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ ownerEmail: 'x@example.com', name: 'X' }),
      });
      expect(res.status).toBe(401);
      expect(res.body.error_type).toBe('unauthorized');
    }
  });

  it('issue 10: scores passwords on worker threads when run from .ts sources with type stripping', async () => {
    const { publicToken } = (await json(`${server.url}/api/platform`)).body;
    const headers = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}` };
    const check = await json(`${server.url}/sdk/v1/passwords/strength_check`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ password: '7'.repeat(256) }),
    });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ strength_policy: 'zxcvbn', breached_password: false });
    expect(check.body.data.score).toBe(0); // one digit repeated: zxcvbn's verdict from the worker, not a default
  });

  it('stops gracefully on SIGTERM and releases the data directory', async () => {
    server.child.kill('SIGTERM');
    const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    expect(code).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
    expect(server.output()).not.toContain('did not stop cleanly'); // the job queue, the devnet, the scoring threads
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 20_000);

  it('opens the database itself when no server runs', async () => {
    const cli = await runCli(['project', 'create', '--owner', 'direct@example.com', '--name', 'Direct'], env);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout).apiKey).toMatch(/^sk_staging_/);
    // The key it made works once a server is back.
    server = await startServer(env);
    const res = await json(`${server.url}/api/2022-06-09/collections`, { headers: { 'x-api-key': JSON.parse(cli.stdout).apiKey } });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 40_000);
});

describe('refusals at the command line', () => {
  it('answers a bad CLI call with its usage and exit code 2', async () => {
    for (const args of [
      ['project', 'create', '--owner', 'not-an-email', '--name', 'X'],
      ['project', 'create', '--bogus'],
      ['project', 'create', '--owner', 'a@example.com', '--name', 'X', '--allowed-origin', 'https://x.example/path'],
      ['project', 'update', '--id', '00000000-0000-4000-8000-000000000000'],
      ['project', 'update', '--id', 'nope', '--allowed-origin', 'https://x.example'],
      ['frobnicate'],
    ]) {
      const cli = await runCli(args, { KEEPSAKE_DATA_DIR: join(tmpdir(), 'keepsake-never-opened') });
      expect(cli.code, args.join(' ')).toBe(2);
      expect(cli.stderr).toContain('Usage: npm run keepsake -- <command>');
    }
    expect(existsSync(join(tmpdir(), 'keepsake-never-opened'))).toBe(false);
    // Six processes, each loading the CLI: a loaded machine takes several seconds for each.
  }, 120_000);

  it('stops start-up on a wrong variable, naming it', async () => {
    const bad = await startServer({ PORT: 'eighty', KEEPSAKE_DATA_DIR: join(tmpdir(), 'keepsake-never-opened') }).catch((error: Error) => error.message);
    expect(bad).toMatch(/exited with 1[\s\S]*PORT: expected a port number/);
    const production = await startServer({ NODE_ENV: 'production', PORT: '0', KEEPSAKE_DATA_DIR: join(tmpdir(), 'keepsake-never-opened') }).catch(
      (error: Error) => error.message,
    );
    expect(production).toMatch(/SMTP_URL: required when dev mode is off/);
  }, 90_000);
});
