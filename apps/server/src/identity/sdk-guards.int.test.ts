// Browser origins (CORS) and captcha on /sdk/v1, and the bootstrap route (events: events/events.int.test.ts).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, sdkLogin } from '../testing/sdk.ts';
import { DEV_CAPTCHA_TOKEN } from './captcha/dev-verifier.ts';

const APP = 'https://app.example.com';
let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let liveProject: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  project = await createSdkProject(server, 'owner.cors@example.com', 'CORS project', [APP]);
  liveProject = await createSdkProject(server, 'owner.live@example.com', 'Live project', ['https://live.example.com']);
  await server.ctx.db.execute(`update projects set environment = 'live' where id = '${liveProject.projectId}'`);
  server.services.identity.tenantChanged();
});
afterAll(() => server?.close());

function sdkCall(path: string, init: { origin?: string; publicToken?: string; sessionToken?: string; body?: unknown; method?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.origin) headers.origin = init.origin;
  if (init.publicToken) headers.authorization = basicAuth(init.publicToken, init.sessionToken);
  return server.request(`/sdk/v1${path}`, { method: init.method ?? 'POST', headers, ...(init.body === undefined ? {} : { body: init.body }) });
}

function preflight(path: string, origin: string) {
  return server.request(`/sdk/v1${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-sdk-client' },
  });
}

describe('browser origins on /sdk/v1', () => {
  it('echoes an allowed origin with credentials, and answers its preflight', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'allowed.cors@example.com');
    const res = await sdkCall('/sessions/authenticate', { origin: APP, publicToken: project.publicToken, sessionToken: signedIn.session_token, body: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');

    const pre = await preflight('/sessions/authenticate', APP);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(APP);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-sdk-client, x-sdk-parent-host');
    expect((await preflight('/users/me', APP)).status).toBe(204);
  });

  it('refuses other origins with 403 in the spec shape, preflight included, before anything runs', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'refused.cors@example.com');
    for (const origin of ['https://evil.example', 'null', 'http://app.example.com', 'https://live.example.com']) {
      const res = await sdkCall('/sessions/revoke', { origin, publicToken: project.publicToken, sessionToken: signedIn.session_token, body: {} });
      expectSdkError(res, 403, 'invalid_origin');
      // Another project allows https://live.example.com, so its preflight passed and the refusal is readable
      // (docs/decisions/077); the other origins' preflights were refused, and so is reading the answer.
      expect(res.headers.get('access-control-allow-origin')).toBe(origin === 'https://live.example.com' ? origin : null);
    }
    // The revoke above never ran.
    expect((await sdkCall('/sessions/authenticate', { publicToken: project.publicToken, sessionToken: signedIn.session_token, body: {} })).status).toBe(200);
    const pre = await preflight('/sessions/revoke', 'https://evil.example');
    expectSdkError(pre, 403, 'invalid_origin');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    // A cookie-authenticated change from another origin is refused the same way (CSRF).
    const viaCookie = await server.request('/sdk/v1/sessions/revoke', {
      method: 'POST',
      headers: { authorization: basicAuth(project.publicToken), origin: 'https://evil.example' },
      cookie: `stytch_session=${signedIn.session_token}`,
      body: {},
    });
    expectSdkError(viaCookie, 403, 'invalid_origin');
  });

  it('allows any http://localhost origin for test projects only', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'localhost.cors@example.com');
    const res = await sdkCall('/sessions/authenticate', {
      origin: 'http://localhost:5173',
      publicToken: project.publicToken,
      sessionToken: signedIn.session_token,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await preflight('/sessions/authenticate', 'http://localhost:5173')).status).toBe(204);

    const live = await sdkCall('/otps/email/login_or_create', {
      origin: 'http://localhost:5173',
      publicToken: liveProject.publicToken,
      body: { email: 'x.live@example.com' },
    });
    expectSdkError(live, 403, 'invalid_origin');
    const liveAllowed = await sdkCall('/otps/email/login_or_create', {
      origin: 'https://live.example.com',
      publicToken: liveProject.publicToken,
      body: { email: 'x.live@example.com' },
    });
    expect(liveAllowed.status).toBe(200);
    expect(liveAllowed.headers.get('access-control-allow-origin')).toBe('https://live.example.com');
  });

  it("lets the server's own pages and non-browser clients through without CORS headers", async () => {
    const own = await sdkCall('/otps/email/login_or_create', { origin: server.url, publicToken: project.publicToken, body: { email: 'own.cors@example.com' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    const noOrigin = await sdkCall('/otps/email/login_or_create', { publicToken: project.publicToken, body: { email: 'own.cors@example.com' } });
    expect(noOrigin.status).toBe(200);
  });

  it('answers the JWKS to any origin and bootstrap by the project of its path token', async () => {
    const jwks = await server.request(`/sdk/v1/sessions/jwks/${project.projectId}`, { headers: { origin: 'https://anyone.example' } });
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('access-control-allow-origin')).toBe('*');
    const boot = await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`, { headers: { origin: APP } });
    expect(boot.status).toBe(200);
    expect(boot.headers.get('access-control-allow-origin')).toBe(APP);
    expectSdkError(
      await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`, { headers: { origin: 'https://evil.example' } }),
      403,
      'invalid_origin',
    );
  });

  it('sees a change of allowed origins at once', async () => {
    const origin = 'https://new.example.com';
    const before = await sdkCall('/otps/email/login_or_create', { origin, publicToken: project.publicToken, body: { email: 'change.cors@example.com' } });
    expectSdkError(before, 403, 'invalid_origin');
    await server.services.projects.updateAuthSettings(project.projectId, project.ownerUserId, { allowedOrigins: [APP, origin] });
    const after = await sdkCall('/otps/email/login_or_create', { origin, publicToken: project.publicToken, body: { email: 'change.cors@example.com' } });
    expect(after.status).toBe(200);
    expect((await preflight('/otps/email/login_or_create', origin)).status).toBe(204);
  });
});

describe('issue 10: every /sdk/v1 answer carries the CORS headers its preflight promised', () => {
  function expectCors(res: { headers: Headers }, origin: string) {
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
  }
  const unknownToken = 'public-token-test-00000000-0000-4000-8000-000000000000';

  it('errors are readable by an origin whose preflight passed: unknown route, no or unknown public token, bad input, no session', async () => {
    for (const path of ['/no/such/route', '/users/me', '/otps/email/login_or_create', '/sessions/authenticate']) {
      expect((await preflight(path, APP)).status, path).toBe(204);
    }
    const notFound = await server.request('/sdk/v1/no/such/route', { headers: { origin: APP } });
    expectSdkError(notFound, 404, 'route_not_found');
    expect(notFound.body.error_message).toBe('Route GET /sdk/v1/no/such/route not found.');
    expectCors(notFound, APP);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await sdkCall('/no/such/route', { origin: APP, publicToken: project.publicToken, method, ...(method === 'DELETE' ? {} : { body: {} }) });
      expectSdkError(res, 404, 'route_not_found');
      expectCors(res, APP);
    }

    const noToken = await sdkCall('/users/me', { origin: APP, method: 'GET' });
    expectSdkError(noToken, 401, 'unauthorized_credentials');
    expectCors(noToken, APP);
    const unknown = await sdkCall('/otps/email/login_or_create', { origin: APP, publicToken: unknownToken, body: { email: 'cors.unknown@example.com' } });
    expectSdkError(unknown, 401, 'unauthorized_credentials');
    expectCors(unknown, APP);
    const badInput = await sdkCall('/otps/email/login_or_create', { origin: APP, publicToken: project.publicToken, body: { email: 'not an email' } });
    expectSdkError(badInput, 400, 'invalid_request');
    expectCors(badInput, APP);
    const noSession = await sdkCall('/sessions/authenticate', { origin: APP, publicToken: project.publicToken, sessionToken: 'no-such-session', body: {} });
    expectSdkError(noSession, 404, 'session_not_found');
    expectCors(noSession, APP);

    // Any http://localhost origin passes the preflight while a test project exists, so its errors are readable too.
    const local = await server.request('/sdk/v1/no/such/route', { headers: { origin: 'http://localhost:5173' } });
    expectSdkError(local, 404, 'route_not_found');
    expectCors(local, 'http://localhost:5173');
  });

  it("gives no CORS headers to an origin whose preflight was refused, nor to the server's own pages", async () => {
    expectSdkError(await preflight('/no/such/route', 'https://evil.example'), 403, 'invalid_origin');
    for (const res of [
      await server.request('/sdk/v1/no/such/route', { headers: { origin: 'https://evil.example' } }),
      await sdkCall('/users/me', { origin: 'https://evil.example', method: 'GET' }),
      await sdkCall('/otps/email/login_or_create', { origin: 'https://evil.example', publicToken: unknownToken, body: { email: 'x@example.com' } }),
    ]) {
      expect([401, 404]).toContain(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const own = await server.request('/sdk/v1/no/such/route', { headers: { origin: server.url } });
    expectSdkError(own, 404, 'route_not_found');
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    const none = await server.request('/sdk/v1/no/such/route');
    expectSdkError(none, 404, 'route_not_found');
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('captcha', () => {
  let captchaProject: Awaited<ReturnType<typeof createSdkProject>>;
  beforeAll(async () => {
    captchaProject = await createSdkProject(server, 'owner.captcha@example.com', 'Captcha project');
  });
  const send = (body: Record<string, unknown>) =>
    sdkCall('/otps/email/login_or_create', { publicToken: captchaProject.publicToken, body: { email: 'someone.captcha@example.com', ...body } });

  it('is not asked for until the project enables it; then bootstrap announces it and a token is required', async () => {
    expect((await send({})).status).toBe(200);
    expect((await server.request(`/sdk/v1/projects/bootstrap/${captchaProject.publicToken}`)).body.data.captcha_settings).toEqual({ enabled: false });
    await server.services.projects.updateAuthSettings(captchaProject.projectId, captchaProject.ownerUserId, { authConfig: { captcha: { enabled: true } } });
    expect((await server.request(`/sdk/v1/projects/bootstrap/${captchaProject.publicToken}`)).body.data.captcha_settings).toEqual({
      enabled: true,
      siteKey: 'dev-captcha-site-key',
    });

    const missing = await send({});
    expectSdkError(missing, 400, 'captcha_required');
    expect(missing.body.error_message).toContain('Captcha required');
    const refused = await send({ captcha_token: 'made-up' });
    expectSdkError(refused, 400, 'captcha_failed');
    expect(refused.body.error_message).toContain('Captcha required');
    expect((await send({ captcha_token: DEV_CAPTCHA_TOKEN })).status).toBe(200);
    // Routes without the flag are not affected.
    expect((await sdkCall('/events', { publicToken: captchaProject.publicToken, body: [{ event_name: 'render_login_screen' }] })).status).toBe(200);
  });
});

describe('reCAPTCHA adapter against a local siteverify', () => {
  let siteverify: Server;
  let recaptchaServer: TestServer;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const token = form.get('response');
        const answer =
          form.get('secret') !== 'test-secret'
            ? { success: false, 'error-codes': ['invalid-input-secret'] }
            : token === 'good'
              ? { success: true, score: 0.9, action: 'LOGIN' }
              : token === 'low-score'
                ? { success: true, score: 0.1, action: 'LOGIN' }
                : token === 'other-action'
                  ? { success: true, score: 0.9, action: 'checkout' }
                  : token === 'broken'
                    ? 'not json'
                    : { success: false, 'error-codes': ['invalid-input-response'] };
        response.writeHead(200, { 'content-type': 'application/json' }).end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const address = siteverify.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    recaptchaServer = await startTestServer({
      env: { RECAPTCHA_SECRET_KEY: 'test-secret', RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` },
    });
  });
  afterAll(async () => {
    await recaptchaServer?.close();
    await new Promise<void>((resolve) => siteverify.close(() => resolve()));
  });

  it('accepts what siteverify accepts (LOGIN action, score ≥ 0.5) and refuses the rest', async () => {
    const p = await createSdkProject(recaptchaServer, 'owner.recaptcha@example.com', 'reCAPTCHA project');
    await recaptchaServer.services.projects.updateAuthSettings(p.projectId, p.ownerUserId, { authConfig: { captcha: { enabled: true } } });
    const boot = await recaptchaServer.request(`/sdk/v1/projects/bootstrap/${p.publicToken}`);
    expect(boot.body.data.captcha_settings).toEqual({ enabled: true, siteKey: 'site-key-123' });
    const send = (captcha_token: string) =>
      recaptchaServer.request('/sdk/v1/otps/email/login_or_create', {
        method: 'POST',
        headers: { authorization: basicAuth(p.publicToken) },
        body: { email: 'person.recaptcha@example.com', captcha_token },
      });
    expect((await send('good')).status).toBe(200);
    const last = seen.at(-1)!;
    expect(last.get('secret')).toBe('test-secret');
    expect(last.get('response')).toBe('good');
    expect(last.get('remoteip')).toBe('127.0.0.1');
    for (const token of ['low-score', 'other-action', 'broken', 'rejected', DEV_CAPTCHA_TOKEN]) {
      expectSdkError(await send(token), 400, 'captcha_failed');
    }
  });
});
