import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { softAuthenticator } from '../testing/soft-authenticator.ts';

let server: TestServer;
let publicToken: string;

beforeAll(async () => {
  server = await startTestServer();
  publicToken = (await server.services.identity.platformTenant()).publicToken;
});
afterAll(() => server?.close());

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
const basicFor = (sessionToken: string) => `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`;

function expectSpecError(res: { status: number; body: any; headers: Headers }, status: number, type?: string) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
  expect(res.body.status_code).toBe(status);
  if (type) expect(res.body.error_type).toBe(type);
  expect(res.body.error_message.length).toBeGreaterThan(0);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  expect(res.body.error_url).toContain(`/docs/errors#${res.body.error_type}`);
}

describe('product session', () => {
  it('answers {} when signed out, and with an unknown or oversized cookie', async () => {
    expect((await server.request('/api/session')).body).toEqual({});
    expect((await server.request('/api/session', { cookie: 'keepsake_session=nope' })).body).toEqual({});
    expect((await server.request('/api/session', { cookie: `keepsake_session=${'a'.repeat(300)}` })).body).toEqual({});
  });

  it('rejects a bad session token with 401 in the spec shape and sets no cookie', async () => {
    const res = await server.request('/api/session/authenticate', { method: 'POST', body: { session_token: 'not-a-real-token' } });
    expectSpecError(res, 401, 'invalid_session_token');
    expect(res.headers.get('set-cookie')).toBeNull();
    const empty = await server.request('/api/session/authenticate', { method: 'POST', body: { session_token: '' } });
    expectSpecError(empty, 400, 'invalid_request');
  });

  it('sets an httpOnly SameSite=Lax keepsake_session cookie for a good token, then reports the user', async () => {
    const cookie = await server.signIn('session.user@example.com');
    const token = tokenOf(cookie);
    // Re-authenticate with the same token to look at the Set-Cookie attributes.
    const res = await server.request('/api/session/authenticate', { method: 'POST', body: { session_token: token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, status: 200, error: null, callbackUrl: '/' });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^keepsake_session=/);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60 * 60); // the sign-in session lasts 60 minutes

    const me = await server.request('/api/session', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'session.user@example.com', image: null, webauthn_registrations: [] });
    expect(me.body.user.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof me.body.user.name).toBe('string');
    expect(Number.isNaN(Date.parse(me.body.user.createdAt))).toBe(false);
    expect(Date.parse(me.body.expires)).toBeGreaterThan(Date.now());
  });

  it("lists the user's passkeys (id and name) as the auth service holds them, renamed or deleted", async () => {
    const cookie = await server.signIn('session.passkeys@example.com');
    const authorization = basicFor(tokenOf(cookie));
    // The platform project's passkeys live on Keepsake's own origin (the console's).
    const origin = new URL(server.config.publicUrl).origin;
    const started = await server.request('/sdk/v1/webauthn/register/start', {
      method: 'POST',
      headers: { authorization },
      body: { domain: new URL(origin).hostname, return_passkey_credential_options: true },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const created = softAuthenticator().create(started.body.data.public_key_credential_creation_options, origin);
    const registered = await server.request('/sdk/v1/webauthn/register', {
      method: 'POST',
      headers: { authorization },
      body: { public_key_credential: JSON.stringify(created.json) },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const id = registered.body.data.webauthn_registration_id as string;

    const renamed = await server.request(`/sdk/v1/webauthn/update/${id}`, { method: 'PUT', headers: { authorization }, body: { name: 'Work laptop' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await server.request('/api/session', { cookie })).body.user.webauthn_registrations).toEqual([
      { webauthn_registration_id: id, name: 'Work laptop' },
    ]);

    const deleted = await server.request(`/sdk/v1/users/webauthn_registrations/${id}`, { method: 'DELETE', headers: { authorization } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await server.request('/api/session', { cookie })).body.user.webauthn_registrations).toEqual([]);
  });

  it('signs out: answers the callback URL, clears the cookie and revokes the auth-service session', async () => {
    const cookie = await server.signIn('signout.user@example.com');
    const token = tokenOf(cookie);
    const before = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basicFor(token) }, body: {} });
    expect(before.status).toBe(200);

    const res = await server.request('/api/session/signout?callbackUrl=/console', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: '/console' });
    const cleared = res.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^keepsake_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);

    expect((await server.request('/api/session', { cookie })).body).toEqual({});
    const after = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basicFor(token) }, body: {} });
    expectSpecError(after, 404, 'session_not_found');
  });

  it('only follows same-origin relative callback URLs', async () => {
    const cases: Array<[string, string]> = [
      ['/console/overview?x=1', '/console/overview?x=1'],
      ['https://evil.example', '/'],
      ['//evil', '/'],
      ['/\\evil.example', '/'],
      ['javascript:alert(1)', '/'],
    ];
    for (const [callbackUrl, expected] of cases) {
      const res = await server.request(`/api/session/signout?callbackUrl=${encodeURIComponent(callbackUrl)}`, { method: 'POST' });
      expect(res.status, callbackUrl).toBe(200);
      expect(res.body.url, callbackUrl).toBe(expected);
    }
    const noCallback = await server.request('/api/session/signout', { method: 'POST' });
    expect(noCallback.body).toEqual({ url: '/' });
    const fromBody = await server.request('/api/session/signout', { method: 'POST', body: { callbackUrl: '/user' } });
    expect(fromBody.body).toEqual({ url: '/user' });
  });

  it('GET signout revokes the session and redirects with 303', async () => {
    const cookie = await server.signIn('get.signout@example.com');
    const res = await server.request('/api/session/signout?callbackUrl=/user', { cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/user');
    expect(res.headers.get('set-cookie')).toMatch(/^keepsake_session=;/);
    expect((await server.request('/api/session', { cookie })).body).toEqual({});

    const evil = await server.request('/api/session/signout?callbackUrl=https://evil.example');
    expect(evil.status).toBe(303);
    expect(evil.headers.get('location')).toBe('/');
  });
});

describe('POST /api/sdk/auth/user/get-or-create', () => {
  const call = (body: unknown, headers: Record<string, string> = {}) => server.request('/api/sdk/auth/user/get-or-create', { method: 'POST', body, headers });

  it('picks the sign-up template for an email without a project and the sign-in one after a project exists', async () => {
    const email = 'templates@example.com';
    expect((await call({ email })).body).toEqual({ hasProject: false, templateId: 'signup_otp' });
    expect((await call({ email }, { 'x-api-key': 'anything' })).body).toEqual({ hasProject: false, templateId: 'auth_sdk_signin_otp_without_project' });

    const cookie = await server.signIn(email);
    const created = await server.request('/api/console/projects', { method: 'POST', cookie, body: { name: 'Template test' } });
    expect(created.status).toBe(201);

    expect((await call({ email: 'TEMPLATES@example.com' })).body).toEqual({ hasProject: true, templateId: 'signin_otp' });
    expect((await call({ email }, { 'x-api-key': 'anything' })).body).toEqual({ hasProject: true, templateId: 'auth_sdk_signin_otp_with_project' });
  });

  it('answers 400 in the spec shape for a bad email', async () => {
    for (const body of [{ email: 'not-an-email' }, { email: 42 }, {}, { email: 'a@b' }]) {
      const res = await call(body);
      expectSpecError(res, 400, 'invalid_request');
      expect(res.body.error_message).toContain('email');
    }
  });
});
