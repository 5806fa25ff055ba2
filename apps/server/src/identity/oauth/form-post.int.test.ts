// issue 12 (OAuth): Apple's response_mode=form_post callback, the callback's errors sent back to the app's login
// URL, and provider names saved on users. Apple and GitHub are an HTTP stand-in answering their documented token
// shapes (Apple's ID token carries the profile; its form's `user` carries the name on the first sign-in only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStandIn } from '../../testing/http-stand-in.ts';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject } from '../../testing/sdk.ts';

const app = 'https://app.example.com';
const authConfig = { redirectUrls: { allowed: [`${app}/login`, `${app}/signup`], login: `${app}/login`, signup: `${app}/signup` } };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const appleIdToken = (sub: string, email: string) =>
  `${b64({ alg: 'none' })}.${b64({ sub, email, email_verified: 'true', iss: 'https://appleid.apple.com' })}.sig`;

let server: TestServer;
let standIn: Awaited<ReturnType<typeof startHttpStandIn>>;
let project: Awaited<ReturnType<typeof createProject>>;
/** The Apple account the stand-in's token endpoint signs in next. */
const appleAccount = { sub: '001234.apple-ada', email: 'ada@privaterelay.appleid.com' };

beforeAll(async () => {
  standIn = await startHttpStandIn((request) => {
    const [, provider, name] = new URL(request.url, 'http://stand-in').pathname.split('/');
    if (name !== 'token') return { status: 404, body: '{}' };
    if (new URLSearchParams(request.body).get('code') !== 'the-code') {
      return { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Bad code' }) };
    }
    const idToken = provider === 'apple' ? { id_token: appleIdToken(appleAccount.sub, appleAccount.email) } : {};
    return { status: 200, body: JSON.stringify({ access_token: `${provider}-access`, token_type: 'bearer', expires_in: 3600, ...idToken }) };
  });
  const endpoints = (provider: string, names: string[]) => Object.fromEntries(names.map((n) => [n, `${standIn.url}/${provider}/${n}`]));
  server = await startTestServer({
    env: {
      OAUTH_ENDPOINTS: JSON.stringify({ apple: endpoints('apple', ['authorization', 'token']), github: endpoints('github', ['authorization', 'token']) }),
    },
  });
  project = await createProject(server, 'Form post project', authConfig);
  for (const provider of ['apple', 'github'] as const) {
    await server.services.identity.oauthClients.save(project.projectId, provider, {
      clientId: `${provider}-client`,
      clientSecret: 's',
      customScopes: [],
      enabled: true,
    });
  }
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** The cookie each flow's start set, by state: the browser that started it sends it back to the callback (ADR 132). */
const flowCookies = new Map<string, string>();
/** The Set-Cookie line of the last start. */
let lastSetCookie = '';

/** Starts a flow at `provider` and answers the provider's authorization URL. */
async function startFlow(provider: string): Promise<URL> {
  const query = new URLSearchParams({ public_token: project.publicToken });
  const res = await fetch(new URL(`/v1/public/oauth/${provider}/start?${query.toString()}`, server.url), { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const location = new URL(res.headers.get('location')!);
  lastSetCookie = res.headers.getSetCookie()[0]!;
  flowCookies.set(location.searchParams.get('state')!, lastSetCookie.split(';')[0]!);
  return location;
}

/**
 * The callback as the browser that started the flow sends it (with the flow's cookie; `sameBrowser: false` for
 * another browser): a form POST (Apple) or a GET; answers the status, JSON body and redirect.
 */
async function callback(method: 'GET' | 'POST', fields: Record<string, string>, sameBrowser = true) {
  const form = new URLSearchParams(fields).toString();
  const cookie = sameBrowser && fields.state ? flowCookies.get(fields.state) : undefined;
  const cookies: Record<string, string> = cookie ? { cookie } : {};
  const res =
    method === 'POST'
      ? await fetch(new URL('/v1/public/oauth/callback', server.url), {
          method,
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookies },
          body: form,
        })
      : await fetch(new URL(`/v1/public/oauth/callback?${form}`, server.url), { redirect: 'manual', headers: cookies });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    location: res.headers.get('location') ? new URL(res.headers.get('location')!) : undefined,
  };
}

const authenticate = (token: string | null) => project.sdk.post('/oauth/authenticate', { token });

describe("Apple's form_post callback", () => {
  it('asks Apple for name and email with response_mode=form_post, and signs in from the POSTed form with the name', async () => {
    const authorization = await startFlow('apple');
    expect(authorization.searchParams.get('response_mode')).toBe('form_post');
    expect(authorization.searchParams.get('scope')).toBe('name email');
    const state = authorization.searchParams.get('state')!;

    const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: appleAccount.email });
    const done = await callback('POST', { code: 'the-code', state, user });
    expect(done.status, JSON.stringify(done.body)).toBe(302);
    expect(done.location!.origin + done.location!.pathname).toBe(`${app}/signup`);
    const res = await authenticate(done.location!.searchParams.get('token'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.provider_type).toBe('apple');
    expect(res.body.data.provider_subject).toBe(appleAccount.sub);
    expect(res.body.data.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    expect(res.body.data.user.emails).toEqual([expect.objectContaining({ email: appleAccount.email, verified: true })]);

    // Apple sends `user` on the first sign-in only: the next one keeps the saved name.
    const next = await callback('POST', { code: 'the-code', state: (await startFlow('apple')).searchParams.get('state')! });
    expect(next.location!.pathname).toBe('/login');
    const again = await authenticate(next.location!.searchParams.get('token'));
    expect(again.body.data.user_id).toBe(res.body.data.user_id);
    expect(again.body.data.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
  });

  it('takes a form POST only for form_post providers, and a GET only for the others', async () => {
    const github = await callback('POST', { code: 'the-code', state: (await startFlow('github')).searchParams.get('state')! });
    expect(github.status).toBe(302);
    expect(github.location!.searchParams.get('error')).toBe('oauth_provider_error');
    expect(github.location!.searchParams.get('error_description')).toContain('form POST is accepted only from providers that use response_mode=form_post');
    expect(github.location!.searchParams.has('token')).toBe(false);

    const apple = await callback('GET', { code: 'the-code', state: (await startFlow('apple')).searchParams.get('state')! });
    expect(apple.location!.searchParams.get('error')).toBe('oauth_provider_error');
    expect(apple.location!.searchParams.has('token')).toBe(false);
  });
});

describe("issue 22 item 14: Apple's form POST finishes only in the browser that started the flow", () => {
  it('sets a SameSite=None; Secure cookie (a cross-site POST carries no Lax cookie), and refuses the POST without it', async () => {
    const state = (await startFlow('apple')).searchParams.get('state')!;
    expect(lastSetCookie).toContain('SameSite=None');
    expect(lastSetCookie).toContain('Secure');
    expect(lastSetCookie).toContain('HttpOnly');
    expect(lastSetCookie).toContain('Path=/v1/public/oauth/callback');
    const elsewhere = await callback('POST', { code: 'the-code', state }, false);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.location!.origin + elsewhere.location!.pathname).toBe(`${app}/login`);
    expect(elsewhere.location!.searchParams.get('error')).toBe('oauth_flow_browser_mismatch');
    expect(elsewhere.location!.searchParams.has('token')).toBe(false);

    const here = await callback('POST', { code: 'the-code', state: (await startFlow('apple')).searchParams.get('state')! });
    expect(here.location!.searchParams.get('token')).toBeTruthy();
  });
});

describe('OAuth callback errors go back to the app', () => {
  it('the provider answering error=access_denied: the login URL with error, error_description and provider_error', async () => {
    const state = (await startFlow('github')).searchParams.get('state')!;
    const denied = await callback('GET', { state, error: 'access_denied', error_description: 'The user declined' });
    expect(denied.status).toBe(302);
    const to = denied.location!;
    expect(to.origin + to.pathname).toBe(`${app}/login`);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      stytch_token_type: 'oauth',
      error: 'oauth_provider_error',
      error_description: 'github answered access_denied',
      provider_error: 'access_denied',
    });
  });

  it("never passes the provider's free text on to the app: only a well-formed error code", async () => {
    const state = (await startFlow('github')).searchParams.get('state')!;
    const res = await callback('GET', { state, error: 'Your account is locked, call +1 555 0100', error_description: 'Call us now' });
    expect(Object.fromEntries(res.location!.searchParams)).toEqual({
      stytch_token_type: 'oauth',
      error: 'oauth_provider_error',
      error_description: 'github answered unknown_error',
      provider_error: 'unknown_error',
    });
  });

  it('Apple cancelled in a form POST, and a refused token exchange, redirect with their errors', async () => {
    const cancelled = await callback('POST', { state: (await startFlow('apple')).searchParams.get('state')!, error: 'user_cancelled_authorize' });
    expect(cancelled.location!.searchParams.get('provider_error')).toBe('user_cancelled_authorize');

    const refused = await callback('POST', { code: 'wrong', state: (await startFlow('apple')).searchParams.get('state')! });
    expect(refused.location!.origin + refused.location!.pathname).toBe(`${app}/login`);
    expect(refused.location!.searchParams.get('error')).toBe('oauth_provider_error');
    expect(refused.location!.searchParams.get('error_description')).toContain('Bad code');
  });

  it('an expired flow is known: its login URL with error=oauth_state_not_found, and it cannot be retried', async () => {
    const state = (await startFlow('apple')).searchParams.get('state')!;
    await server.ctx.db.execute(`update auth_oauth_states set expires_at = now() - interval '1 minute'`);
    const expired = await callback('POST', { code: 'the-code', state });
    expect(expired.location!.origin + expired.location!.pathname).toBe(`${app}/login`);
    expect(expired.location!.searchParams.get('error')).toBe('oauth_state_not_found');
    expect(expired.location!.searchParams.has('token')).toBe(false);
    expect((await callback('POST', { code: 'the-code', state })).status).toBe(404);
  });

  it('a state naming no flow has no redirect URL to go to: the JSON error', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await callback(method, { state: 'forged-state', code: 'the-code' });
      expect([method, res.status, res.body?.error_type]).toEqual([method, 404, 'oauth_state_not_found']);
      expect(res.location).toBeUndefined();
    }
  });
});

describe('the API reference (and so the bad-input fuzz test) lists the new routes', () => {
  it('documents the form_post callback and the One Tap calls', async () => {
    const doc = (await server.request('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/v1/public/oauth/callback'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/sdk/v1/oauth/google/onetap/start'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/sdk/v1/oauth/google/onetap/submit'] ?? {})).toEqual(['post']);
  });
});
