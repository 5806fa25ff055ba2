// Secrets stay out of the logs (captured here at trace level, redacted as in production): API keys in headers
// and in query strings of logged URLs, and, in dev mode, the passcodes the dev mailbox and outbox receive unless
// KEEPSAKE_DEV_LOG_PASSCODES asks for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createScratchDatabase, startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { serverProcessEnv, startServerProcess } from '../testing/server-process.ts';
import { basicAuth } from '../testing/sdk.ts';
import { redactUrl } from '../platform/log-redaction.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Asks for an email passcode and an SMS passcode on the platform project; returns both codes as delivered. */
async function sendPasscodes(s: TestServer): Promise<string[]> {
  const authorization = basicAuth((await s.services.identity.platformTenant()).publicToken);
  const email = `logs-${crypto.randomUUID()}@example.com`;
  const phone = '+14155550123';
  const sent = await s.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization }, body: { email } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const texted = await s.request('/sdk/v1/otps/sms/login_or_create', { method: 'POST', headers: { authorization }, body: { phone_number: phone } });
  expect(texted.status, JSON.stringify(texted.body)).toBe(200);
  const mail = (await s.ctx.devMailbox!.list()).find((m) => m.to === email)!;
  const text = await s.outbox.waitFor(phone);
  return [mail.text, text.text].map((body) => /\b(\d{6})\b/.exec(body)![1]!);
}

const appears = (logs: string, code: string) => new RegExp(`\\b${code}\\b`).test(logs);

it('issue 10: API keys never reach the logs, from headers or from query strings', async () => {
  server = await startTestServer({ captureLogs: true });
  const { apiKey } = await server.services.projects.operatorCreateProject(`logs-${crypto.randomUUID()}@example.com`, 'Logs');
  const secret = apiKey.slice('sk_staging_'.length);
  await server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': apiKey } });
  await server.request(`/api/2022-06-09/collections?api_key=${apiKey}&page=1`);
  await server.request(`/api/2022-06-09/collections?x-api-key=${encodeURIComponent(apiKey)}`);
  await server.request(`/console/keys?paste=${apiKey}`);
  await server.request(`/api/2022-06-09/collections/${apiKey}`, { headers: { 'x-api-key': apiKey } });
  const logs = server.logs();
  expect(logs).not.toContain(secret);
  // The requests were logged, with their URLs redacted.
  expect(logs).toContain('/api/2022-06-09/collections?api_key=[redacted]&page=1');
  expect(logs).toContain('/console/keys?paste=sk_staging_[redacted]');
});

it('issue 10: dev-mode passcodes stay out of the log unless KEEPSAKE_DEV_LOG_PASSCODES is on', async () => {
  server = await startTestServer({ devMailbox: true, captureLogs: true });
  const codes = await sendPasscodes(server);
  const logs = server.logs();
  expect(logs).toContain('dev mailbox: message stored');
  expect(logs).toContain('dev outbox: message stored');
  for (const code of codes) expect(appears(logs, code), `passcode ${code} in the log`).toBe(false);
  await server.close();

  server = await startTestServer({ devMailbox: true, captureLogs: true, env: { KEEPSAKE_DEV_LOG_PASSCODES: 'true' } });
  const logged = await sendPasscodes(server);
  for (const code of logged) expect(appears(server.logs(), code), `passcode ${code} in the log`).toBe(true);
});

it('issue 11: dev mode logs one readable line per request, with API keys and passcodes still redacted', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-pretty-log-'));
  const scratch = testDb === 'postgres' ? await createScratchDatabase() : undefined;
  // Dev mode with LOG_FORMAT unset: the real entry point picks the pretty format.
  const { LOG_FORMAT: _json, ...env } = serverProcessEnv(dataDir, scratch?.url);
  // NO_COLOR: plain text whatever the terminal running the tests says.
  const child = await startServerProcess({ ...env, KEEPSAKE_DEVNET: 'false', NO_COLOR: '1' }, 90_000);
  try {
    const apiKey = `sk_staging_${'Zq7'.repeat(12)}`;
    const platform = await fetch(`${child.url}/api/platform`).then((r) => r.json() as Promise<{ publicToken: string }>);
    expect((await fetch(`${child.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${child.url}/api/2022-06-09/collections?api_key=${apiKey}&page=1`)).status).toBe(401);
    expect((await fetch(`${child.url}/api/2022-06-09/collections`, { headers: { 'x-api-key': apiKey } })).status).toBe(401);
    const email = `pretty-${crypto.randomUUID()}@example.com`;
    const sent = await fetch(`${child.url}/sdk/v1/otps/email/login_or_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(platform.publicToken) },
      body: JSON.stringify({ email }),
    });
    expect(sent.status).toBe(200);

    const lines = () => child.output().split('\n');
    const deadline = Date.now() + 10_000;
    while (!lines().some((l) => l.includes('POST /sdk/v1/otps/email/login_or_create 200'))) {
      if (Date.now() > deadline) throw new Error(`no request line for the passcode request:\n${child.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const health = lines().filter((l) => l.includes('/api/health'));
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/health 200 \d+ ms$/);
    expect(lines().filter((l) => /INFO: GET \/api\/2022-06-09\/collections\?api_key=\[redacted\]&page=1 401 \d+ ms$/.test(l))).toHaveLength(1);
    expect(lines().filter((l) => l.includes('GET /api/2022-06-09/collections'))).toHaveLength(2);
    expect(lines().some((l) => l.includes('dev mailbox: message stored'))).toBe(true);
    // Not JSON, and nothing secret: the key (in the query and the header) and the passcode stay out.
    expect(lines().filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect(child.output()).not.toContain('Zq7Zq7');
    const mailbox = (await fetch(`${child.url}/api/dev/mailbox`).then((r) => r.json())) as { messages: Array<{ to: string; text: string }> };
    const code = /\b(\d{6})\b/.exec(mailbox.messages.find((m) => m.to === email)?.text ?? '')?.[1];
    expect(code, 'the passcode in the dev mailbox').toBeDefined();
    expect(appears(child.output(), code!)).toBe(false);
    expect(child.errorLogs()).toEqual([]);
  } finally {
    child.child.kill('SIGTERM');
    await child.exited;
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);

it('redacts credential-named query parameters and API keys anywhere in a URL', () => {
  expect(redactUrl('/a?token=abc&page=2&CODE=123456&apiKey=x&x_api_key=y&session_token=s')).toBe(
    '/a?token=[redacted]&page=2&CODE=[redacted]&apiKey=[redacted]&x_api_key=[redacted]&session_token=[redacted]',
  );
  expect(redactUrl('/k/sk_production_AbC-123_x?q=sk_staging_zz9')).toBe('/k/sk_production_[redacted]?q=sk_staging_[redacted]');
  expect(redactUrl('/plain?x=1&y')).toBe('/plain?x=1&y');
  expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[redacted]');
});
