import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passcodeIn } from '../../testing/smtp-sink.ts';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject } from '../../testing/sdk.ts';

let server: TestServer;
/** A customer project (not the platform one): sessions are per project. */
let project: { projectId: string; publicToken: string };
let platform: { projectId: string; publicToken: string };

beforeAll(async () => {
  server = await startTestServer();
  project = await server.services.projects.operatorCreateProject('owner.sessions@example.com', 'Sessions project');
  const tenant = await server.services.identity.platformTenant();
  platform = { projectId: tenant.projectId, publicToken: tenant.publicToken };
});
afterAll(() => server?.close());

const basic = (user: string, secret = '') => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** Signs `email` in to `publicToken`'s project through the email passcode flow; returns the authenticate data. */
async function login(email: string, publicToken = project.publicToken, sessionMinutes?: number) {
  const before = server.smtp!.messagesTo(email).length;
  const sent = await server.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization: basic(publicToken) }, body: { email } });
  expect(sent.status).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  const res = await server.request('/sdk/v1/otps/authenticate', {
    method: 'POST',
    headers: { authorization: basic(publicToken) },
    body: { token: passcodeIn(mail), method_id: sent.body.data.email_id, ...(sessionMinutes ? { session_duration_minutes: sessionMinutes } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body.data as { session_token: string; session_jwt: string; user_id: string; session: { session_id: string; expires_at: string } };
}

function sessionsAuthenticate(token: string, body: unknown = {}, publicToken = project.publicToken) {
  return server.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basic(publicToken, token) }, body });
}

describe('/sdk/v1/sessions', () => {
  it('rejects sessions/authenticate without credentials, with an unknown public token, or without a session token', async () => {
    const none = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', body: {} });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
    const unknown = await sessionsAuthenticate('whatever', {}, 'public-token-test-00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(401);
    const noToken = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basic(project.publicToken) }, body: {} });
    expect(noToken.status).toBe(401);
    expect(noToken.body.error_type).toBe('unauthorized_credentials');
    const bogus = await sessionsAuthenticate('not-a-session');
    expect(bogus.status).toBe(404);
    expect(bogus.body.error_type).toBe('session_not_found');
  });

  it('authenticates a session token and returns the token, a JWT, the session and the user', async () => {
    const signedIn = await login('alice.sessions@example.com');
    const res = await sessionsAuthenticate(signedIn.session_token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ status_code: 200, session_token: signedIn.session_token, user_id: signedIn.user_id });
    expect(data.request_id).toBe(res.headers.get('x-request-id'));
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.session).toMatchObject({ session_id: signedIn.session.session_id, user_id: signedIn.user_id });
    for (const field of ['expires_at', 'last_accessed_at', 'started_at']) expect(Number.isNaN(Date.parse(data.session[field])), field).toBe(false);
    expect(data.user).toMatchObject({ user_id: signedIn.user_id, emails: [{ email: 'alice.sessions@example.com', verified: true }] });
  });

  it('lists every factor of the user, phone numbers and the password included, from the one session lookup', async () => {
    const { sdk } = await createProject(server, 'Factors project');
    const created = await sdk.post('/passwords', {
      email: 'factors.sessions@example.com',
      password: 'violet-Tractor-harbour-91-quiz',
      session_duration_minutes: 60,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const phone = '+14155550123';
    const sent = await sdk.post('/otps/sms/send/secondary', { phone_number: phone }, created.body.data.session_token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = passcodeIn(await server.outbox.waitFor(phone));
    const stepped = await sdk.post('/otps/authenticate', { token: code, method_id: sent.body.data.phone_id }, created.body.data.session_token);
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);

    const res = await sdk.post('/sessions/authenticate', {}, stepped.body.data.session_token);
    expect(res.status).toBe(200);
    const user = res.body.data.user;
    expect(user.emails).toEqual([{ email_id: expect.any(String), email: 'factors.sessions@example.com', verified: false }]);
    expect(user.phone_numbers).toEqual([{ phone_id: sent.body.data.phone_id, phone_number: phone, verified: true }]);
    expect(user.password).toEqual({ password_id: created.body.data.user.password.password_id, requires_reset: false });
    expect(user).toMatchObject({ totps: [], crypto_wallets: [], providers: [], webauthn_registrations: [], biometric_registrations: [] });
    expect(res.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['password', 'otp']);
    // GET /users/me reads the same lookup.
    expect((await sdk.get('/users/me', stepped.body.data.session_token)).body.data).toMatchObject({
      phone_numbers: user.phone_numbers,
      password: user.password,
    });
  });

  it('extends expires_at with session_duration_minutes', async () => {
    const signedIn = await login('extend.sessions@example.com', project.publicToken, 30);
    const initial = Date.parse(signedIn.session.expires_at);
    expect((initial - Date.now()) / 60_000).toBeLessThanOrEqual(30);

    const extended = await sessionsAuthenticate(signedIn.session_token, { session_duration_minutes: 120 });
    expect(extended.status).toBe(200);
    const minutes = (Date.parse(extended.body.data.session.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(118);
    expect(minutes).toBeLessThanOrEqual(120);

    // Without the field the expiry stays where it is.
    const plain = await sessionsAuthenticate(signedIn.session_token);
    expect(plain.body.data.session.expires_at).toBe(extended.body.data.session.expires_at);

    for (const bad of [{ session_duration_minutes: 'sixty' }, { session_duration_minutes: -5 }, { session_duration_minutes: 1.5 }]) {
      const res = await sessionsAuthenticate(signedIn.session_token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error_type).toBe('invalid_request');
    }
  });

  it("signs the session JWT with a key published at the project's JWKS URL", async () => {
    const signedIn = await login('jwt.sessions@example.com');
    const jwks = await server.request(`/sdk/v1/sessions/jwks/${project.projectId}`);
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.body.keys) {
      expect(key).not.toHaveProperty('d'); // never the private half
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    }
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toContain(decodeProtectedHeader(signedIn.session_jwt).kid);

    const { payload } = await jwtVerify(signedIn.session_jwt, createLocalJWKSet(jwks.body), {
      audience: project.projectId,
      issuer: `${server.config.publicUrl}/${project.projectId}`,
      algorithms: ['RS256'],
    });
    expect(payload.sub).toBe(signedIn.user_id);
    expect(typeof payload.iat).toBe('number');
    expect(typeof payload.nbf).toBe('number');
    expect(payload.nbf).toBeLessThanOrEqual(payload.iat!);
    expect(payload.exp).toBeGreaterThan(payload.iat!);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload['https://stytch.com/session']).toMatchObject({
      id: signedIn.session.session_id,
      expires_at: signedIn.session.expires_at,
      started_at: expect.any(String),
      last_accessed_at: expect.any(String),
      authentication_factors: [expect.objectContaining({ type: 'otp', delivery_method: 'email', last_authenticated_at: expect.any(String) })],
    });

    // Another project's keys do not verify it.
    await login('jwt.platform@example.com', platform.publicToken); // makes sure the platform project has a key
    const platformKeys = (await server.request(`/sdk/v1/sessions/jwks/${platform.projectId}`)).body;
    expect(platformKeys.keys.length).toBeGreaterThanOrEqual(1);
    await expect(jwtVerify(signedIn.session_jwt, createLocalJWKSet(platformKeys))).rejects.toThrow();
  });

  it('hands out the same JWT while the session is unchanged, and a new one once it changes', async () => {
    const signedIn = await login('jwt.reuse@example.com');
    const first = await sessionsAuthenticate(signedIn.session_token);
    const second = await sessionsAuthenticate(signedIn.session_token);
    expect(second.body.data.session_jwt).toBe(first.body.data.session_jwt);
    const extended = await sessionsAuthenticate(signedIn.session_token, { session_duration_minutes: 240 });
    expect(extended.body.data.session_jwt).not.toBe(first.body.data.session_jwt);
    const claims = decodeJwt(extended.body.data.session_jwt)['https://stytch.com/session'] as { expires_at: string };
    expect(claims.expires_at).toBe(extended.body.data.session.expires_at);
  });

  it('answers 404 for the JWKS of an unknown project and 400 for a malformed id', async () => {
    const unknown = await server.request('/sdk/v1/sessions/jwks/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_type).toBe('not_found');
    const bad = await server.request('/sdk/v1/sessions/jwks/not-a-uuid');
    expect(bad.status).toBe(400);
  });

  it('gives every login a new session token (no fixation)', async () => {
    const first = await login('fixation.sessions@example.com');
    const second = await login('fixation.sessions@example.com');
    expect(second.session_token).not.toBe(first.session_token);
    expect(second.session.session_id).not.toBe(first.session.session_id);
    expect(second.user_id).toBe(first.user_id);
    // Both sessions are independent and live.
    expect((await sessionsAuthenticate(first.session_token)).status).toBe(200);
    expect((await sessionsAuthenticate(second.session_token)).status).toBe(200);
  });

  it('does not accept a session token of one project under another project', async () => {
    const signedIn = await login('cross.sessions@example.com');
    const res = await sessionsAuthenticate(signedIn.session_token, {}, platform.publicToken);
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('session_not_found');
  });

  it('revokes with an empty JSON body, answering 200 {data} (never 204), and the token stops working', async () => {
    const signedIn = await login('revoke.sessions@example.com');
    const other = await login('revoke.sessions@example.com');
    const res = await server.request('/sdk/v1/sessions/revoke', {
      method: 'POST',
      headers: { authorization: basic(project.publicToken, signedIn.session_token), 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status_code: 200 });
    expect(res.body.data.request_id).toBe(res.headers.get('x-request-id'));

    const after = await sessionsAuthenticate(signedIn.session_token);
    expect(after.status).toBe(404);
    expect(after.body.error_type).toBe('session_not_found');
    const again = await server.request('/sdk/v1/sessions/revoke', {
      method: 'POST',
      headers: { authorization: basic(project.publicToken, signedIn.session_token) },
      body: {},
    });
    expect(again.status).toBe(404);
    // Only that session went.
    expect((await sessionsAuthenticate(other.session_token)).status).toBe(200);
  });

  it('accepts the stytch_session cookie in place of the Basic secret', async () => {
    const signedIn = await login('cookie.sessions@example.com');
    const cookie = `stytch_session=${signedIn.session_token}`;
    const res = await server.request('/sdk/v1/sessions/authenticate', {
      method: 'POST',
      headers: { authorization: basic(project.publicToken) },
      body: {},
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.session_token).toBe(signedIn.session_token);
    // public_token:public_token also means "no secret", so the cookie is used.
    const same = await server.request('/sdk/v1/users/me', { headers: { authorization: basic(project.publicToken, project.publicToken) }, cookie });
    expect(same.status).toBe(200);
    expect(same.body.data.user_id).toBe(signedIn.user_id);
    // The cookie alone, without the public token, is not enough.
    const noPublic = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', body: {}, cookie });
    expect(noPublic.status).toBe(401);
    // Revoking through the cookie works too.
    const revoked = await server.request('/sdk/v1/sessions/revoke', {
      method: 'POST',
      headers: { authorization: basic(project.publicToken) },
      body: {},
      cookie,
    });
    expect(revoked.status).toBe(200);
    expect((await sessionsAuthenticate(signedIn.session_token)).status).toBe(404);
  });
});

describe('GET /sdk/v1/users/me', () => {
  it('needs a session, then puts the user fields directly under data', async () => {
    const anonymous = await server.request('/sdk/v1/users/me', { headers: { authorization: basic(project.publicToken) } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error_type).toBe('unauthorized_credentials');

    const signedIn = await login('me.sessions@example.com');
    const res = await server.request('/sdk/v1/users/me', { headers: { authorization: basic(project.publicToken, signedIn.session_token) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status_code: 200,
      user_id: signedIn.user_id,
      emails: [{ email: 'me.sessions@example.com', verified: true }],
      phone_numbers: [],
      webauthn_registrations: [],
    });
    expect(res.body.data).not.toHaveProperty('user');
  });
});

describe('GET /sdk/v1/projects/bootstrap/{public_token}', () => {
  it('returns every bootstrap field, with password_config present as null and captcha_settings as {enabled: false}', async () => {
    const res = await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    for (const field of [
      'request_id',
      'status_code',
      'project_name',
      'disable_sdk_watermark',
      'cname_domain',
      'email_domains',
      'captcha_settings',
      'pkce_required_for_email_magic_links',
      'pkce_required_for_password_resets',
      'pkce_required_for_oauth',
      'pkce_required_for_sso',
      'slug_pattern',
      'create_organization_enabled',
      'password_config',
      'dfp_protected_auth_enabled',
      'dfp_protected_auth_mode',
      'rbac_policy',
      'siwe_required_for_crypto_wallets',
      'vertical',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data.project_name).toBe('Sessions project');
    expect(data.captcha_settings).toEqual({ enabled: false });
    expect(data.password_config).toBeNull();
    expect(['CONSUMER', 'B2B']).toContain(data.vertical);
  });

  it("reflects every sign-in setting of the project's auth config in the one route", async () => {
    const configured = await createProject(server, 'Bootstrap project', {
      captcha: { enabled: true },
      magicLinks: { pkceRequired: true },
      passwords: { strengthPolicy: 'luds', ludsMinimumCount: 10, ludsComplexity: 4, pkceRequiredForResets: true },
    });
    const res = await server.request(`/sdk/v1/projects/bootstrap/${configured.publicToken}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      project_name: 'Bootstrap project',
      captcha_settings: { enabled: true, siteKey: 'dev-captcha-site-key' },
      pkce_required_for_email_magic_links: true,
      pkce_required_for_password_resets: true,
      password_config: { luds_complexity: 4, luds_minimum_count: 10 },
    });
    const defaults = (await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`)).body.data;
    expect(defaults).toMatchObject({ pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false });
  });

  it('answers 404 in the spec shape for an unknown public token', async () => {
    const res = await server.request('/sdk/v1/projects/bootstrap/public-token-test-00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status_code: 404, error_type: 'not_found' });
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });
});
