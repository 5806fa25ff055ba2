import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAuthConfig } from '../identity/auth-config.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { expectSdkError } from '../testing/sdk.ts';

let server: TestServer;
let owner: string;
let developer: string;
let stranger: string;
let projectId: string;
let publicToken: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, developer, stranger] = await Promise.all([
    server.signIn('owner.settings@example.com'),
    server.signIn('dev.settings@example.com'),
    server.signIn('stranger.settings@example.com'),
  ]);
  const created = await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Settings' } });
  projectId = created.body.project.id;
  publicToken = created.body.project.publicToken;
  const added = await server.request('/api/console/projects/members', {
    method: 'POST',
    cookie: owner,
    body: { projectId, email: 'dev.settings@example.com', role: 'developer' },
  });
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

const path = () => `/api/console/projects/${projectId}/auth-config`;
/** Every sign-in method's defaults; the cases below name the keys they change. */
const defaults = parseAuthConfig({});

describe('/api/console/projects/{id}/auth-config', () => {
  it('needs a console session (401 first)', async () => {
    expectSdkError(await server.request(path()), 401, 'unauthorized');
    expectSdkError(await server.request(path(), { method: 'PATCH', body: { allowedOrigins: [] } }), 401, 'unauthorized');
  });

  it('reads the defaults, for every member; strangers get 404', async () => {
    for (const cookie of [owner, developer]) {
      const res = await server.request(path(), { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ allowedOrigins: [], authConfig: { ...defaults, captcha: { enabled: false }, mfa: { required: false } } });
      expect(res.body.authConfig.otps).toEqual({ emailExpirationMinutes: 10, smsExpirationMinutes: 5, whatsappExpirationMinutes: 5 });
    }
    expectSdkError(await server.request(path(), { cookie: stranger }), 404, 'not_found');
  });

  it('lets owners change origins and replace top-level keys whole; developers may not', async () => {
    const res = await server.request(path(), {
      method: 'PATCH',
      cookie: owner,
      body: { allowedOrigins: ['https://App.example.com', 'http://localhost:5173', 'https://app.example.com'], authConfig: { captcha: { enabled: true } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      authConfig: { ...defaults, captcha: { enabled: true }, mfa: { required: false } },
    });

    const mfa = await server.request(path(), { method: 'PATCH', cookie: owner, body: { authConfig: { mfa: { required: true } } } });
    expect(mfa.body).toEqual({
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      authConfig: { ...defaults, captcha: { enabled: true }, mfa: { required: true } },
    });

    // The sign-in methods' keys are edited the same way, each replaced whole with its defaults filled.
    const luds = await server.request(path(), {
      method: 'PATCH',
      cookie: owner,
      body: { authConfig: { passwords: { strengthPolicy: 'luds', ludsMinimumCount: 12 } } },
    });
    expect(luds.body.authConfig).toEqual({
      ...defaults,
      captcha: { enabled: true },
      mfa: { required: true },
      passwords: { ...defaults.passwords, strengthPolicy: 'luds', ludsMinimumCount: 12 },
    });

    // The auth service sees it at once.
    const boot = await server.request(`/sdk/v1/projects/bootstrap/${publicToken}`, { headers: { origin: 'https://app.example.com' } });
    expect(boot.body.data.captcha_settings).toMatchObject({ enabled: true });
    expect(boot.body.data.password_config).toEqual({ luds_complexity: 3, luds_minimum_count: 12 });
    expect(boot.headers.get('access-control-allow-origin')).toBe('https://app.example.com');

    expectSdkError(await server.request(path(), { method: 'PATCH', cookie: developer, body: { allowedOrigins: [] } }), 403, 'forbidden');
    expectSdkError(await server.request(path(), { method: 'PATCH', cookie: stranger, body: { allowedOrigins: [] } }), 404, 'not_found');
    expect((await server.request(path(), { cookie: owner })).body.allowedOrigins).toHaveLength(2);
  });

  it('names the field and its limits in every 400, and stores nothing from a refused save', async () => {
    const before = (await server.request(path(), { cookie: owner })).body;
    for (const [authConfig, message] of [
      [{ magicLinks: { loginExpirationMinutes: 4 } }, 'authConfig.magicLinks.loginExpirationMinutes: must be a whole number from 5 to 10080'],
      [{ magicLinks: { signupExpirationMinutes: 10_081 } }, 'authConfig.magicLinks.signupExpirationMinutes: must be a whole number from 5 to 10080'],
      [{ otps: { emailExpirationMinutes: 0 } }, 'authConfig.otps.emailExpirationMinutes: must be a whole number from 1 to 60'],
      [{ otps: { smsExpirationMinutes: 2.5 } }, 'authConfig.otps.smsExpirationMinutes: must be a whole number from 1 to 60'],
      [{ otps: { whatsappExpirationMinutes: '5' } }, 'authConfig.otps.whatsappExpirationMinutes: must be a whole number from 1 to 60'],
      [{ passwords: { ludsMinimumCount: 5 } }, 'authConfig.passwords.ludsMinimumCount: must be a whole number from 6 to 64'],
      [{ passwords: { ludsComplexity: 5 } }, 'authConfig.passwords.ludsComplexity: must be a whole number from 1 to 4'],
      [{ passwords: { strengthPolicy: 'none' } }, 'authConfig.passwords.strengthPolicy: must be zxcvbn or luds'],
      [{ passwords: { breachCheckOnLogin: 'no' } }, 'authConfig.passwords.breachCheckOnLogin: must be true or false'],
      [{ magicLinks: { pkceRequired: 1 } }, 'authConfig.magicLinks.pkceRequired: must be true or false'],
      [{ magicLinks: { expiry: 5 } }, 'authConfig.magicLinks: Unrecognized key: "expiry"'],
      [{ redirectUrls: { allowed: ['app.example.com/cb'] } }, 'authConfig.redirectUrls.allowed.0: expected an absolute http:// or https:// URL'],
      [
        { redirectUrls: { allowed: ['https://user:pw@app.example.com/cb'] } },
        'authConfig.redirectUrls.allowed.0: a redirect URL may not carry a user name or password',
      ],
      [{ redirectUrls: { allowed: Array.from({ length: 51 }, (_, i) => `https://app.example.com/${i}`) } }, 'at most 50 allowed redirect URLs'],
      [{ redirectUrls: { login: 'javascript:alert(1)' } }, 'authConfig.redirectUrls.login: expected an absolute http:// or https:// URL'],
    ] as const) {
      const res = await server.request(path(), { method: 'PATCH', cookie: owner, body: { authConfig } });
      expectSdkError(res, 400, 'invalid_request');
      expect(res.body.error_message).toContain(message);
    }
    expect((await server.request(path(), { cookie: owner })).body).toEqual(before);
  });

  it('lets admins save too, and refuses developers for every key', async () => {
    const admin = await server.signIn('admin.settings@example.com');
    const added = await server.request('/api/console/projects/members', {
      method: 'POST',
      cookie: owner,
      body: { projectId, email: 'admin.settings@example.com', role: 'admin' },
    });
    expect(added.status).toBe(201);
    const saved = await server.request(path(), { method: 'PATCH', cookie: admin, body: { authConfig: { otps: { emailExpirationMinutes: 15 } } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.authConfig.otps).toEqual({ emailExpirationMinutes: 15, smsExpirationMinutes: 5, whatsappExpirationMinutes: 5 });
    for (const authConfig of [{ otps: { emailExpirationMinutes: 20 } }, { mfa: { required: false } }, { redirectUrls: { allowed: [] } }]) {
      expectSdkError(await server.request(path(), { method: 'PATCH', cookie: developer, body: { authConfig } }), 403, 'forbidden');
    }
    expect((await server.request(path(), { cookie: developer })).body.authConfig.otps.emailExpirationMinutes).toBe(15);
  });

  it('validates origins and auth settings (400) and refuses other origins on the cookie call (403)', async () => {
    for (const body of [
      {},
      { allowedOrigins: ['https://app.example.com/path'] },
      { allowedOrigins: 'https://app.example.com' },
      { allowedOrigins: ['ftp://x.example'] },
      { authConfig: { captcha: { enabled: 'yes' } } },
      { authConfig: { captcha: { enabled: true, siteKey: 'x' } } },
      { authConfig: { unknown: true } },
      { authConfig: { captcha: null } },
      { authConfig: { passwords: { strengthPolicy: 'weak' } } },
      { authConfig: { redirectUrls: { allowed: ['not a url'] } } },
    ]) {
      const res = await server.request(path(), { method: 'PATCH', cookie: owner, body });
      expectSdkError(res, 400, 'invalid_request');
    }
    const csrf = await server.request(path(), { method: 'PATCH', cookie: owner, headers: { origin: 'https://evil.example' }, body: { allowedOrigins: [] } });
    expectSdkError(csrf, 403, 'invalid_origin');
  });
});
