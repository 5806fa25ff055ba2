// issue 12 §8: Google One Tap. ID tokens are signed in the test process by a locally generated key whose public
// half a local JWKS server serves (GOOGLE_JWKS_URL), as Google's https://www.googleapis.com/oauth2/v3/certs does.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { projects } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStandIn } from '../../testing/http-stand-in.ts';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createProject, dumpTable, expectSdkError, setAuthConfig } from '../../testing/sdk.ts';

const app = 'http://localhost:5173';
const clientId = '123456789012-abcdef0123456789abcdef0123456789.apps.googleusercontent.com';
const authConfig = { redirectUrls: { allowed: [`${app}/login`, `${app}/signup`], login: `${app}/login`, signup: `${app}/signup` } };

let server: TestServer;
let jwksServer: Awaited<ReturnType<typeof startHttpStandIn>>;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  const google = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  googleKey = google.privateKey;
  otherKey = other.privateKey;
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' };
  jwksServer = await startHttpStandIn((request) =>
    request.url === '/oauth2/v3/certs' ? { status: 200, body: JSON.stringify({ keys: [jwk] }) } : { status: 404, body: '{}' },
  );
  server = await startTestServer({ env: { GOOGLE_JWKS_URL: `${jwksServer.url}/oauth2/v3/certs` } });
  project = await createProject(server, 'One Tap project', authConfig);
  await configureGoogle(project.projectId, clientId);
});
afterAll(async () => {
  await server?.close();
  await jwksServer?.close();
});

function configureGoogle(projectId: string, id: string) {
  return server.services.identity.oauthClients.save(projectId, 'google', { clientId: id, clientSecret: 'google-secret', customScopes: [], enabled: true });
}

/** A Google ID token as One Tap hands it to the page (`credential`), with `claims` over the defaults. */
async function idToken(claims: JWTPayload = {}, options: { key?: CryptoKey; expiresIn?: string | number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: 'https://accounts.google.com',
    aud: clientId,
    azp: clientId,
    sub: '110169484474386276334',
    email: 'grace@example.com',
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://lh3.example/grace.png',
    iat: now,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1', typ: 'JWT' })
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? googleKey);
}

/** An /sdk/v1 call from the page at `origin` (the genuine client's X-SDK-Parent-Host). */
function call(path: string, publicToken: string, init: { body?: unknown; origin?: string | null } = {}) {
  const headers: Record<string, string> = { authorization: basicAuth(publicToken) };
  if (init.origin !== null) headers['x-sdk-parent-host'] = init.origin ?? app;
  return server.request(`/sdk/v1${path}`, { method: init.body === undefined ? 'GET' : 'POST', headers, body: init.body });
}

async function start(publicToken = project.publicToken, origin?: string | null) {
  return call('/oauth/google/onetap/start', publicToken, { origin });
}

async function submit(token: string, extra: Record<string, unknown> = {}, publicToken = project.publicToken) {
  const started = await start(publicToken);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return call('/oauth/google/onetap/submit', publicToken, { body: { id_token: token, oauth_callback_id: started.body.data.oauth_callback_id, ...extra } });
}

describe('Google One Tap', () => {
  it('start answers the Google client id and an oauth_callback_id', async () => {
    const res = await start();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      google_client_id: clientId,
      oauth_callback_id: expect.any(String),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('submit signs a new user up (signup URL, names saved), then the same account logs in', async () => {
    const credential = await idToken();
    const res = await submit(credential);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const redirect = new URL(res.body.data.redirect_url);
    expect(redirect.origin + redirect.pathname).toBe(`${app}/signup`);
    expect(redirect.searchParams.get('stytch_token_type')).toBe('oauth');

    const auth = await project.sdk.post('/oauth/authenticate', { token: redirect.searchParams.get('token'), session_duration_minutes: 60 });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    const data = auth.body.data;
    expect(data.provider_type).toBe('google');
    expect(data.provider_subject).toBe('110169484474386276334');
    expect(data.provider_values).toEqual(expect.objectContaining({ id_token: credential, access_token: '' }));
    expect(data.user.emails).toEqual([expect.objectContaining({ email: 'grace@example.com', verified: true })]);
    expect(data.user.name).toEqual({ first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
    expect(data.user.providers).toEqual([
      { oauth_user_registration_id: data.oauth_user_registration_id, provider_type: 'google', provider_subject: '110169484474386276334' },
    ]);
    expect(data.session.authentication_factors).toEqual([expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' })]);

    // Google's other issuer spelling, the same account: the login URL and the same user.
    const again = await submit(await idToken({ iss: 'accounts.google.com', given_name: 'Someone', family_name: 'Else' }), {
      login_redirect_url: `${app}/login?next=home`,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const login = new URL(again.body.data.redirect_url);
    expect(login.origin + login.pathname).toBe(`${app}/login`);
    expect(login.searchParams.get('next')).toBe('home');
    const second = await project.sdk.post('/oauth/authenticate', { token: login.searchParams.get('token') });
    expect(second.body.data.user_id).toBe(data.user_id);
    // A name the user already has is never overwritten by the provider's.
    expect(second.body.data.user.name).toEqual({ first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
  });

  it('never links an unverified Google email to the user who owns that address', async () => {
    const owner = await project.sdk.post('/magic_links/email/login_or_create', { email: 'owner@example.com' });
    expect(owner.status).toBe(200);
    const res = await submit(await idToken({ sub: 'unverified-1', email: 'owner@example.com', email_verified: false }));
    const token = new URL(res.body.data.redirect_url).searchParams.get('token');
    const auth = await project.sdk.post('/oauth/authenticate', { token });
    expect(auth.body.data.user_id).not.toBe(owner.body.data.user_id);
    expect(auth.body.data.user.emails).toEqual([]);
  });

  it.each([
    ['a wrong audience', () => idToken({ aud: '999-other.apps.googleusercontent.com' }), 'issued to another client'],
    ['a wrong issuer', () => idToken({ iss: 'https://evil.example' }), 'not issued by Google'],
    ['an expired token', () => idToken({ iat: Math.floor(Date.now() / 1000) - 7200 }, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }), 'expired'],
    ['a bad signature', () => idToken({}, { key: otherKey }), 'signature does not verify'],
    ['a token that is not a JWT', async () => 'not-a-jwt', 'not a signed JWT'],
  ])('refuses %s: 401 invalid_id_token, and no user', async (_name, make, reason) => {
    const res = await submit(await make());
    expectSdkError(res, 401, 'invalid_id_token');
    expect(res.body.error_message).toContain(reason);
  });

  it('accepts an ID token once: a replayed one is refused', async () => {
    const credential = await idToken({ sub: 'replayed-1', email: 'replay@example.com' });
    expect((await submit(credential)).status).toBe(200);
    const replayed = await submit(credential);
    expectSdkError(replayed, 401, 'invalid_id_token');
    expect(replayed.body.error_message).toContain('already used');
    expect(await dumpTable(server, 'auth_one_tap_id_tokens')).not.toContain(credential);
  });

  it('refuses an oauth_callback_id that is not the one start answered', async () => {
    const res = await call('/oauth/google/onetap/submit', project.publicToken, { body: { id_token: await idToken(), oauth_callback_id: 'forged' } });
    expectSdkError(res, 400, 'invalid_oauth_callback_id');
  });

  it('refuses redirect URLs outside the project list', async () => {
    const res = await submit(await idToken(), { login_redirect_url: 'https://evil.example/steal' });
    expectSdkError(res, 400, 'invalid_redirect_url');
  });
});

describe('Google One Tap states (spec §4), each with its own error at start and submit', () => {
  /** A live project (no test-environment default redirect URLs) that allows the app's origin. */
  async function liveProject(name: string, redirectUrls: Record<string, unknown>) {
    const created = await server.services.projects.operatorCreateProject(`owner.${crypto.randomUUID()}@example.com`, name, [app]);
    await server.ctx.db.update(projects).set({ environment: 'live', authConfig: { redirectUrls } }).where(eq(projects.id, created.projectId));
    server.services.identity.tenantChanged();
    await configureGoogle(created.projectId, clientId);
    return created.publicToken;
  }

  async function expectState(publicToken: string, status: number, type: string, origin?: string | null) {
    expectSdkError(await start(publicToken, origin), status, type);
    const submitted = await call('/oauth/google/onetap/submit', publicToken, { origin, body: { id_token: await idToken(), oauth_callback_id: 'x' } });
    expectSdkError(submitted, status, type);
  }

  it('origin not allowed: a page origin the project does not allow, or none', async () => {
    await expectState(project.publicToken, 403, 'origin_not_allowed_for_client', 'https://evil.example');
    await expectState(project.publicToken, 403, 'origin_not_allowed_for_client', null);
  });

  it('no OAuth config: no Google client, or a disabled one', async () => {
    const bare = await createProject(server, 'No Google', authConfig);
    await expectState(bare.publicToken, 404, 'oauth_config_not_found');
    await server.services.identity.oauthClients.save(bare.projectId, 'google', { clientId, clientSecret: 's', customScopes: [], enabled: false });
    await expectState(bare.publicToken, 404, 'oauth_config_not_found');
  });

  it('invalid client: a client id Google would not recognise', async () => {
    const odd = await createProject(server, 'Odd client id', authConfig);
    await configureGoogle(odd.projectId, 'keepsake-google-client');
    await expectState(odd.publicToken, 400, 'invalid_client');
  });

  it('no login redirect URLs, then no signup redirect URLs', async () => {
    await expectState(await liveProject('No redirect URLs', {}), 400, 'no_login_redirect_urls_set');
    await expectState(await liveProject('Login URL only', { login: `${app}/login` }), 400, 'no_signup_redirect_urls_set');
    const ready = await start(await liveProject('Both URLs', { login: `${app}/login`, signup: `${app}/signup` }));
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  });

  it('a redirect URL list alone serves both kinds', async () => {
    await setAuthConfig(server, project.projectId, { redirectUrls: { allowed: [`${app}/login`] } });
    try {
      expect((await start()).status).toBe(200);
    } finally {
      await setAuthConfig(server, project.projectId, authConfig);
    }
  });
});

describe('Google One Tap on a server whose Google is another OpenID provider (OAUTH_ENDPOINTS)', () => {
  it('works when GOOGLE_JWKS_URL is that provider’s keys (a stand-in playing all of Google), not when the keys are Google’s', async () => {
    const standIn = await startTestServer({
      env: { OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: jwksServer.url } }), GOOGLE_JWKS_URL: `${jwksServer.url}/oauth2/v3/certs` },
    });
    const elsewhere = await startTestServer({ env: { OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: jwksServer.url } }) } });
    try {
      for (const [target, status, errorType] of [
        [standIn, 200, undefined],
        [elsewhere, 400, 'default_provider_not_allowed'],
      ] as const) {
        const other = await createProject(target, 'Stand-in Google', authConfig);
        await target.services.identity.oauthClients.save(other.projectId, 'google', { clientId, clientSecret: 's', customScopes: [], enabled: true });
        const res = await target.request('/sdk/v1/oauth/google/onetap/start', {
          headers: { authorization: basicAuth(other.publicToken), 'x-sdk-parent-host': app },
        });
        if (errorType) expectSdkError(res, status, errorType);
        else expect(res.status, JSON.stringify(res.body)).toBe(status);
      }
      const signIn = await createProject(standIn, 'Stand-in sign-in', authConfig);
      await standIn.services.identity.oauthClients.save(signIn.projectId, 'google', { clientId, clientSecret: 's', customScopes: [], enabled: true });
      const headers = { authorization: basicAuth(signIn.publicToken), 'x-sdk-parent-host': app };
      const started = await standIn.request('/sdk/v1/oauth/google/onetap/start', { headers });
      const res = await standIn.request('/sdk/v1/oauth/google/onetap/submit', {
        method: 'POST',
        headers,
        body: { id_token: await idToken({ sub: 'stand-in-1', email: 'stand-in@example.com' }), oauth_callback_id: started.body.data.oauth_callback_id },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(new URL(res.body.data.redirect_url).searchParams.get('stytch_token_type')).toBe('oauth');
    } finally {
      await Promise.all([standIn.close(), elsewhere.close()]);
    }
  });
});
