// Secrets stay out of the logs (captured here at trace level, redacted as in production): API keys in headers
// and in query strings of logged URLs, every credential-named query parameter (issue 22 item 6) and the real flows
// that put one in a URL (the hosted checkout page's client secret, OAuth's state and code, the CLI's user code),
// and, in dev mode, the passcodes the dev mailbox and outbox receive unless KEEPSAKE_DEV_LOG_PASSCODES asks for them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { createScratchDatabase, startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { signInAtProvider, startOidcStandIn } from '../testing/oidc-stand-in.ts';
import { serverProcessEnv, startServerProcess } from '../testing/server-process.ts';
import { basicAuth, createProject } from '../testing/sdk.ts';
import { isCredentialName, redactUrl } from '../platform/log-redaction.ts';

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

/**
 * Query parameter names that carry a credential, as clients spell them (issue 22 item 6): each value is redacted
 * whatever it looks like.
 */
const credentialParameters = [
  'clientSecret',
  'client_secret',
  'client-secret',
  'state',
  'oauth_state',
  'user_code',
  'userCode',
  'device_code',
  'code',
  'otp_code',
  'code_verifier',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'session_token',
  'sessionToken',
  'session_jwt',
  'intermediate_session_token',
  'password',
  'new_password',
  'passcode',
  'api_key',
  'x-api-key',
  'X-API-KEY',
  'apiKey',
  'key',
  'secret',
  'private_key',
  'publicKey',
  'signature',
  'sig',
  'nonce',
  'jwt',
  'credential',
  'auth',
  'Authorization',
  'assertion',
  'SAMLResponse',
  'session',
];

/** A value no other part of the log could contain by chance. */
const unique = () => `v${randomBytes(12).toString('hex')}`;

it('issue 22 item 6: every credential-named query parameter is redacted from the request log, on every kind of route', async () => {
  server = await startTestServer({ captureLogs: true });
  const publicToken = (await server.services.identity.platformTenant()).publicToken;
  const orderId = crypto.randomUUID();
  const sent: string[] = [];
  // A route that answers 200, one that needs credentials, a web page, and no route at all.
  for (const path of ['/api/health', '/sdk/v1/users/me', `/checkout/${crypto.randomUUID()}`, '/api/zz-no-such-route']) {
    for (const name of credentialParameters) {
      const value = unique();
      sent.push(value);
      const res = await server.request(`${path}?orderId=${orderId}&${name}=${value}&page=2`);
      expect(res.status, `${path} ${name}`).toBeLessThan(500);
    }
  }
  await server.request(`/v1/public/oauth/google/start?public_token=${publicToken}&login_redirect_url=https%3A%2F%2Fapp.example.com%2Flogin`);
  const logs = server.logs();
  for (const value of sent) expect(logs, `${value} in the log`).not.toContain(value);
  // The requests were logged, each with its parameter redacted and the rest readable.
  for (const name of credentialParameters) {
    expect(logs, name).toContain(`/api/health?orderId=${orderId}&${name}=[redacted]&page=2`);
    expect(logs, name).toContain(`/api/zz-no-such-route?orderId=${orderId}&${name}=[redacted]&page=2`);
  }
  // Public tokens name a project and are published in web pages: they stay readable.
  expect(logs).toContain(`public_token=${publicToken}&login_redirect_url=`);
}, 60_000);

it('issue 22 item 6: the hosted checkout client secret, OAuth state and code, and the CLI user code stay out of the log', async () => {
  const oidc = await startOidcStandIn({ ada: { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'L', picture: '' } });
  try {
    server = await startTestServer({ chain: true, captureLogs: true, env: { OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: oidc.issuer } }) } });
    const secrets: string[] = [];

    // The hosted sales page: an order made from the page, then the page's URL the buyer reloads or shares.
    const seller = await createProjectWithKeys(server, 'Logged shop');
    const api = developerApi(server, seller.apiKey);
    const created = await api.createCollection(
      collectionBody({
        payments: { price: '10', currency: 'usd', recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', hostedPage: true },
      }),
    );
    await api.settled(created.actionId);
    const ordered = await server.request(`/api/checkout/collections/${created.id}/orders`, {
      method: 'POST',
      body: { quantity: 1, recipient: { email: 'buyer@example.com' }, payment: { method: 'card', currency: 'usd' } },
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    const { clientSecret, order } = ordered.body as { clientSecret: string; order: { orderId: string } };
    expect(clientSecret).toMatch(/^ord_cs_/);
    secrets.push(clientSecret.slice('ord_cs_'.length));
    await server.request(`/checkout/${created.id}?orderId=${order.orderId}&clientSecret=${clientSecret}`);
    await server.request(`/checkout/${created.id}?orderId=${order.orderId}&client_secret=${clientSecret}`);
    // Under a name no rule knows, the value's own prefix gives it away.
    await server.request(`/checkout/${created.id}?orderId=${order.orderId}&cs=${clientSecret}`);
    expect((await server.request(`/api/2022-06-09/orders/${order.orderId}`, { headers: { authorization: clientSecret } })).status).toBe(200);

    // OAuth: the start, the provider's sign-in, and the callback that carries the flow's state and the provider's code.
    const project = await createProject(server, 'Logged OAuth', {
      redirectUrls: { allowed: ['https://app.example.com/login'], login: 'https://app.example.com/login' },
    });
    oidc.register({ clientId: 'logged-client', clientSecret: 'logged-client-secret', redirectUri: server.services.identity.oauth.callbackUri() });
    await server.services.identity.oauthClients.save(project.projectId, 'google', {
      clientId: 'logged-client',
      clientSecret: 'logged-client-secret',
      customScopes: [],
      enabled: true,
    });
    const start = await fetch(`${server.url}/v1/public/oauth/google/start?public_token=${project.publicToken}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    // Whatever the start sets (a cookie binding the flow to this browser) goes back with the callback.
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const callback = await signInAtProvider(start.headers.get('location')!, 'ada');
    const state = callback.searchParams.get('state')!;
    const code = callback.searchParams.get('code')!;
    expect(state.length).toBeGreaterThan(16);
    expect(code.length).toBeGreaterThan(8);
    secrets.push(state, code);
    const done = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    expect(done.status).toBe(302);
    const appToken = new URL(done.headers.get('location')!).searchParams.get('token')!;
    expect(appToken).toBeTruthy();
    secrets.push(appToken);

    // The CLI's device grant: the code, the console page and its lookup by user code, the approval, the token.
    const developer = await server.signIn(`logged-cli-${crypto.randomUUID()}@example.com`);
    const device = await server.request('/api/cli/device/code', { method: 'POST', body: { client_id: 'keepsake-cli' } });
    expect(device.status).toBe(200);
    const { user_code: userCode, device_code: deviceCode } = device.body as { user_code: string; device_code: string };
    secrets.push(userCode, userCode.replace('-', ''), deviceCode);
    await server.request(new URL(device.body.verification_uri_complete as string).pathname + new URL(device.body.verification_uri_complete as string).search, {
      cookie: developer,
    });
    expect((await server.request(`/api/console/cli/device?user_code=${userCode}`, { cookie: developer })).status).toBe(200);
    const approved = await server.request('/api/console/cli/device/approve', { method: 'POST', cookie: developer, body: { user_code: userCode } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const token = await server.request('/api/cli/token', {
      method: 'POST',
      body: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'keepsake-cli', device_code: deviceCode },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const cliToken = token.body.access_token as string;
    expect(cliToken).toMatch(/^kst_cli_/);
    secrets.push(cliToken.slice('kst_cli_'.length));
    // A token pasted into a URL by mistake.
    await server.request(`/api/console/projects?paste=${cliToken}`, { headers: { authorization: `Bearer ${cliToken}` } });

    await server.settled();
    const logs = server.logs();
    for (const secret of secrets) expect(logs, `${secret} in the log`).not.toContain(secret);
    // Each request was logged, redacted.
    expect(logs).toContain(`/checkout/${created.id}?orderId=${order.orderId}&clientSecret=[redacted]`);
    expect(logs).toContain(`/checkout/${created.id}?orderId=${order.orderId}&client_secret=[redacted]`);
    expect(logs).toContain(`/checkout/${created.id}?orderId=${order.orderId}&cs=ord_cs_[redacted]`);
    expect(logs).toMatch(/"url":"\/v1\/public\/oauth\/callback\?[^"]*state=\[redacted\]/);
    expect(logs).toMatch(/"url":"\/v1\/public\/oauth\/callback\?[^"]*code=\[redacted\]/);
    expect(logs).toContain('/console/authorize-device?user_code=[redacted]');
    expect(logs).toContain('/api/console/cli/device?user_code=[redacted]');
    expect(logs).toContain('/api/console/projects?paste=kst_cli_[redacted]');
  } finally {
    await oidc.close();
  }
}, 120_000);

it('redacts credential-named query parameters and API keys anywhere in a URL', () => {
  expect(redactUrl('/a?token=abc&page=2&CODE=123456&apiKey=x&x_api_key=y&session_token=s')).toBe(
    '/a?token=[redacted]&page=2&CODE=[redacted]&apiKey=[redacted]&x_api_key=[redacted]&session_token=[redacted]',
  );
  expect(redactUrl('/k/sk_production_AbC-123_x?q=sk_staging_zz9')).toBe('/k/sk_production_[redacted]?q=sk_staging_[redacted]');
  expect(redactUrl('/plain?x=1&y')).toBe('/plain?x=1&y');
  expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[redacted]');
});

it('issue 22 item 6: names a credential by its words, whatever the case and separators; public tokens and plain parameters stay readable', () => {
  for (const name of credentialParameters) expect(isCredentialName(name), name).toBe(true);
  for (const name of ['apikey', 'xApiKey', 'API_KEY', 'clientsecret', 'usercode', 'deviceCode', 'codeVerifier', 'oauthState', 'refreshToken', 'otp']) {
    expect(isCredentialName(name), name).toBe(true);
  }
  for (const name of [
    'public_token',
    'publicToken',
    'orderId',
    'page',
    'perPage',
    'locale',
    'currency',
    'statement',
    'keyword',
    'login_redirect_url',
    'signup_redirect_url',
    'callbackUrl',
    'signinAuthenticationMethod',
    'email',
    'collectionId',
    'iss',
  ]) {
    expect(isCredentialName(name), name).toBe(false);
  }
  expect(redactUrl('/v1/public/oauth/callback?code=c1&state=s1&iss=http%3A%2F%2Fidp')).toBe(
    '/v1/public/oauth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fidp',
  );
  expect(redactUrl('/checkout/c?orderId=o&clientSecret=ord_cs_abc&client%5Fsecret=x')).toBe(
    '/checkout/c?orderId=o&clientSecret=[redacted]&client%5Fsecret=[redacted]',
  );
  // Credentials Keepsake issues are told by their prefix under any name, and in the path.
  expect(
    redactUrl('/x/ord_cs_abc/y?a=ck_production_k1&b=whsec_c2VjcmV0&c=kst_cli_t-1&d=connected-app-secret-z&e=sk_live_s&public_token=public-token-test-1'),
  ).toBe(
    '/x/ord_cs_[redacted]/y?a=ck_production_[redacted]&b=whsec_[redacted]&c=kst_cli_[redacted]&d=connected-app-secret-[redacted]&e=sk_live_[redacted]&public_token=public-token-test-1',
  );
  // A parameter without a value, or repeated, or with an empty value.
  expect(redactUrl('/a?token&token=1&token=&x=2')).toBe('/a?token&token=[redacted]&token=[redacted]&x=2');
});
