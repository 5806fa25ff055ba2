// issue 12 (OAuth): start → the provider's login page → callback → the app's redirect URL → /oauth/authenticate,
// against a real OpenID Connect provider in the test process (testing/oidc-stand-in.ts) standing in for Google.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { signInAtProvider, startOidcStandIn } from '../../testing/oidc-stand-in.ts';
import { basicAuth, createProject, dumpTable, expectSdkError, rowsOf, setAuthConfig } from '../../testing/sdk.ts';
import { pkceChallenge } from '../magic-links/tokens.ts';

const app = 'https://app.example.com';
const authConfig = { redirectUrls: { allowed: [`${app}/login`, `${app}/signup`], login: `${app}/login` } };
const clientSecret = 'google-client-secret-that-must-stay-sealed';

let server: TestServer;
let oidc: Awaited<ReturnType<typeof startOidcStandIn>>;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  oidc = await startOidcStandIn({
    ada: { email: 'Ada@Example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', picture: 'https://pictures.example/ada.png' },
    eve: { email: 'victim@example.com', email_verified: false, given_name: 'Eve', family_name: 'Mallory', picture: '' },
  });
  server = await startTestServer({ env: { OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: oidc.issuer } }) } });
  oidc.register({ clientId: 'keepsake-google-client', clientSecret, redirectUri: server.services.identity.oauth.callbackUri() });
  project = await createProject(server, 'OAuth project', authConfig);
  await server.services.identity.oauthClients.save(project.projectId, 'google', {
    clientId: 'keepsake-google-client',
    clientSecret,
    customScopes: [],
    enabled: true,
  });
});
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

/**
 * A browser of its own: GETs a path without following its redirect, sending the cookies Keepsake set it earlier
 * (for their path) and keeping the ones it sets now.
 */
function browser() {
  const jar = new Map<string, { value: string; path: string }>();
  return {
    jar,
    async visit(pathOrUrl: string) {
      const url = new URL(pathOrUrl, server.url);
      const cookie = [...jar]
        .filter(([, c]) => url.pathname.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((part) => part.trim());
        const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
        const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
        if (!value || attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))) jar.delete(name);
        else jar.set(name, { value, path });
      }
      const text = await res.text();
      return { status: res.status, location: res.headers.get('location') ?? '', body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
  };
}

/** A visit from a fresh browser, with no cookies. */
const visit = (pathOrUrl: string) => browser().visit(pathOrUrl);

function startPath(query: Record<string, string>, provider = 'google') {
  return `/v1/public/oauth/${provider}/start?${new URLSearchParams({ public_token: project.publicToken, ...query }).toString()}`;
}

/** The whole provider side, in one browser: start, sign in as `login` at the stand-in, callback. Answers the app's redirect URL. */
async function signInWithGoogle(login: string, query: Record<string, string> = {}, at = browser()): Promise<URL> {
  const start = await at.visit(startPath(query));
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  expect(start.location.startsWith(`${oidc.issuer}/auth?`)).toBe(true);
  const callback = await signInAtProvider(start.location, login);
  expect(callback.toString().startsWith(server.services.identity.oauth.callbackUri())).toBe(true);
  const done = await at.visit(callback.toString());
  expect(done.status, JSON.stringify(done.body)).toBe(302);
  return new URL(done.location);
}

const authenticate = (token: string, extra: Record<string, unknown> = {}) =>
  project.sdk.post('/oauth/authenticate', { token, session_duration_minutes: 60, ...extra });

describe('OAuth sign-in with the Google (OIDC) adapter', () => {
  it('signs a new user up: signup URL with the token, a session, the registration and the provider tokens', async () => {
    const redirect = await signInWithGoogle('ada', { signup_redirect_url: `${app}/signup?from=oauth` });
    expect(redirect.origin + redirect.pathname).toBe(`${app}/signup`);
    expect(redirect.searchParams.get('from')).toBe('oauth');
    expect(redirect.searchParams.get('stytch_token_type')).toBe('oauth');
    const token = redirect.searchParams.get('token')!;

    const res = await authenticate(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.provider_type).toBe('google');
    expect(data.provider_subject).toBe('ada');
    expect(data.provider_values.access_token).toEqual(expect.any(String));
    expect(data.provider_values.id_token.split('.')).toHaveLength(3);
    expect(data.provider_values.scopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(data.user.emails).toEqual([expect.objectContaining({ email: 'ada@example.com', verified: true })]);
    expect(data.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    expect(data.user.providers).toEqual([{ oauth_user_registration_id: data.oauth_user_registration_id, provider_type: 'google', provider_subject: 'ada' }]);
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'oauth',
        delivery_method: 'oauth_google',
        google_oauth_factor: { id: data.oauth_user_registration_id, provider_subject: 'ada', email_id: data.user.emails[0].email_id },
      }),
    ]);
    const me = await project.sdk.get('/users/me', data.session_token);
    expect(me.status).toBe(200);
    expect(me.body.data.user_id).toBe(data.user_id);

    // The same account again is a login: the login URL, the same user, no second registration.
    const again = await signInWithGoogle('ada');
    expect(again.origin + again.pathname).toBe(`${app}/login`);
    const second = await authenticate(again.searchParams.get('token')!);
    expect(second.body.data.user_id).toBe(data.user_id);
    expect(second.body.data.oauth_user_registration_id).toBe(data.oauth_user_registration_id);
  });

  it('stores tokens hashed, the client secret and provider tokens sealed, and the picture on the registration', async () => {
    const redirect = await signInWithGoogle('ada');
    const token = redirect.searchParams.get('token')!;
    const tokens = await dumpTable(server, 'auth_oauth_tokens');
    expect(tokens).not.toContain(token);
    const res = await authenticate(token);
    const accessToken: string = res.body.data.provider_values.access_token;
    for (const table of ['auth_oauth_tokens', 'auth_oauth_registrations', 'auth_oauth_states', 'auth_oauth_providers']) {
      const dump = await dumpTable(server, table);
      expect(dump).not.toContain(accessToken);
      expect(dump).not.toContain(clientSecret);
    }
    expect(await dumpTable(server, 'auth_oauth_registrations')).toContain('https://pictures.example/ada.png');
  });

  it('refuses a replayed token and a replayed callback', async () => {
    const tab = browser();
    const start = await tab.visit(startPath({}));
    const callback = await signInAtProvider(start.location, 'ada');
    const done = await tab.visit(callback.toString());
    const token = new URL(done.location).searchParams.get('token')!;
    expect((await authenticate(token)).status).toBe(200);
    expectSdkError(await authenticate(token), 401, 'unable_to_auth_oauth_token');
    const replayed = await tab.visit(callback.toString());
    expect(replayed.status).toBe(404);
    expect(replayed.body.error_type).toBe('oauth_state_not_found');
    expectSdkError(await authenticate('not-a-token'), 401, 'unable_to_auth_oauth_token');
  });

  it('binds the token to the code_challenge: a wrong or missing verifier is refused, the right one signs in', async () => {
    const verifier = 'a'.repeat(16) + crypto.randomUUID().replaceAll('-', '');
    const redirect = await signInWithGoogle('ada', { code_challenge: pkceChallenge(verifier) });
    const token = redirect.searchParams.get('token')!;
    expectSdkError(await authenticate(token), 400, 'pkce_mismatch');
    expectSdkError(await authenticate(token, { code_verifier: 'wrong-verifier' }), 400, 'pkce_mismatch');
    expect((await authenticate(token, { code_verifier: verifier })).status).toBe(200);
  });

  it('requires a code_challenge when the project requires PKCE for OAuth, and says so in bootstrap', async () => {
    await setAuthConfig(server, project.projectId, { ...authConfig, oauth: { pkceRequired: true } });
    try {
      const bootstrap = await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`);
      expect(bootstrap.body.data.pkce_required_for_oauth).toBe(true);
      const res = await visit(startPath({}));
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('pkce_mismatch');
    } finally {
      await setAuthConfig(server, project.projectId, authConfig);
    }
    const bootstrap = await server.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`);
    expect(bootstrap.body.data.pkce_required_for_oauth).toBe(false);
  });

  it('never links an unverified provider email to the user who owns that address', async () => {
    const owner = await project.sdk.post('/magic_links/email/login_or_create', { email: 'victim@example.com' });
    expect(owner.status).toBe(200);
    const redirect = await signInWithGoogle('eve');
    expect(redirect.pathname).toBe('/login'); // no signup URL was asked for: new users get the login URL
    const res = await authenticate(redirect.searchParams.get('token')!);
    expect(res.status).toBe(200);
    expect(res.body.data.user_id).not.toBe(owner.body.data.user_id);
    expect(res.body.data.user.emails).toEqual([]);
  });

  it('answers bad starts with clear errors, never a redirect', async () => {
    const unconfigured = await createProject(server, 'Project without OAuth', authConfig);
    const cases: Array<[string, number, string]> = [
      [startPath({}, 'myspace'), 400, 'oauth_provider_not_supported'],
      [startPath({}).replace(project.publicToken, unconfigured.publicToken), 404, 'oauth_config_not_found'],
      [startPath({ login_redirect_url: 'https://evil.example/steal' }), 400, 'invalid_redirect_url'],
      [startPath({ signup_redirect_url: 'javascript:alert(1)' }), 400, 'invalid_redirect_url'],
      [startPath({ code_challenge: 'too-short' }), 400, 'invalid_request'],
      [`/v1/public/oauth/google/start?public_token=public-token-test-unknown`, 404, 'not_found'],
      ['/v1/public/oauth/google/start', 400, 'invalid_request'],
      ['/v1/public/oauth/callback?state=unknown&code=x', 404, 'oauth_state_not_found'],
      ['/v1/public/oauth/callback', 404, 'oauth_state_not_found'],
    ];
    for (const [path, status, type] of cases) {
      const res = await visit(path);
      expect([path, res.status, res.body?.error_type]).toEqual([path, status, type]);
      expect(res.location).toBe('');
    }
  });

  it('a disabled provider is unconfigured; the provider refusing the sign-in goes back to the app with the error', async () => {
    const tab = browser();
    const start = await tab.visit(startPath({}));
    const state = new URL(start.location).searchParams.get('state')!;
    const denied = await tab.visit(`/v1/public/oauth/callback?state=${state}&error=access_denied&error_description=The+user+declined`);
    expect(denied.status).toBe(302);
    const to = new URL(denied.location);
    expect(to.origin + to.pathname).toBe(`${app}/login`);
    expect(to.searchParams.get('error')).toBe('oauth_provider_error');
    expect(to.searchParams.get('error_description')).toBe('google answered access_denied');
    expect(to.searchParams.get('provider_error')).toBe('access_denied');
    expect(to.searchParams.has('token')).toBe(false);

    await server.services.identity.oauthClients.save(project.projectId, 'google', {
      clientId: 'keepsake-google-client',
      clientSecret: undefined,
      customScopes: [],
      enabled: false,
    });
    try {
      const res = await visit(startPath({}));
      expect(res.status).toBe(404);
      expect(res.body.error_type).toBe('oauth_config_not_found');
    } finally {
      await server.services.identity.oauthClients.save(project.projectId, 'google', {
        clientId: 'keepsake-google-client',
        clientSecret: undefined,
        customScopes: [],
        enabled: true,
      });
    }
  });

  it('passes custom scopes and provider_* parameters to the provider, but not over its own parameters', async () => {
    const start = await visit(startPath({ custom_scopes: 'offline_access', provider_prompt: 'login', provider_redirect_uri: 'https://evil.example' }));
    const url = new URL(start.location);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(['openid', 'email', 'profile', 'offline_access']);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('redirect_uri')).toBe(server.services.identity.oauth.callbackUri());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('One Tap answers default_provider_not_allowed while Google sign-in goes through another OpenID provider', async () => {
    const res = await server.request('/sdk/v1/oauth/google/onetap/start', {
      headers: { authorization: basicAuth(project.publicToken), 'x-sdk-parent-host': 'http://localhost:5173' },
    });
    expectSdkError(res, 400, 'default_provider_not_allowed');
  });
});

describe('issue 22 item 14: an OAuth flow finishes only in the browser that started it (login CSRF)', () => {
  /** An attacker's flow, taken to the provider and signed in as `login`: the callback URL they would send a victim. */
  async function callbackUrlOf(login: string, at = browser()) {
    const start = await at.visit(startPath({}));
    expect(start.status).toBe(302);
    return { at, callback: await signInAtProvider(start.location, login) };
  }

  function expectMismatch(res: { status: number; location: string }) {
    expect(res.status).toBe(302);
    const to = new URL(res.location);
    expect(to.origin + to.pathname).toBe(`${app}/login`);
    expect(to.searchParams.get('error')).toBe('oauth_flow_browser_mismatch');
    expect(to.searchParams.get('error_description')).toContain('not started in this browser');
    expect(to.searchParams.has('token')).toBe(false);
  }

  it('start sets an HttpOnly, SameSite=Lax cookie for the callback only, whose value is stored hashed', async () => {
    const tab = browser();
    const start = await tab.visit(startPath({}));
    const [line] = start.headers.getSetCookie();
    expect(line).toMatch(/^keepsake_oauth_[0-9a-f]{24}=[A-Za-z0-9_-]{43};/);
    expect(line).toContain('Path=/v1/public/oauth/callback');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Max-Age=600');
    // The test server's PUBLIC_URL is http://: a browser would drop a Secure cookie there.
    expect(line).not.toContain('Secure');
    const [cookie] = [...tab.jar.values()];
    expect(await dumpTable(server, 'auth_oauth_states')).not.toContain(cookie!.value);
  });

  it("a callback opened in another browser, with no cookie or with its own flow's, is refused with the callback error redirect", async () => {
    const tokens = async () => rowsOf<{ n: number }>(await server.ctx.db.execute('select count(*)::int as n from auth_oauth_tokens'))[0]!.n;
    const issued = await tokens();
    const { callback } = await callbackUrlOf('eve');
    expectMismatch(await visit(callback.toString()));

    // A victim who has a flow of their own: its cookie is not the attacker's flow's.
    const victim = browser();
    const own = await victim.visit(startPath({}));
    expect(own.status).toBe(302);
    const second = await callbackUrlOf('eve');
    expectMismatch(await victim.visit(second.callback.toString()));

    // A cookie of the right name with another flow's value is refused too.
    const third = await callbackUrlOf('eve');
    const [name] = [...third.at.jar.keys()];
    const forged = browser();
    forged.jar.set(name!, { value: [...victim.jar.values()][0]!.value, path: '/v1/public/oauth/callback' });
    expectMismatch(await forged.visit(third.callback.toString()));
    // The refused flow is used up: not even the browser that started it can finish it now.
    expect((await third.at.visit(third.callback.toString())).status).toBe(404);
    // No sign-in token was issued for the attacker's account.
    expect(await tokens()).toBe(issued);
  });

  it('the browser that started the flow signs in, also with two flows side by side, and the cookie is cleared', async () => {
    const tab = browser();
    const first = await callbackUrlOf('ada', tab);
    const second = await callbackUrlOf('ada', tab);
    expect(tab.jar.size).toBe(2);
    for (const { callback } of [second, first]) {
      const done = await tab.visit(callback.toString());
      expect(done.status, JSON.stringify(done.body)).toBe(302);
      const token = new URL(done.location).searchParams.get('token')!;
      expect((await authenticate(token)).status).toBe(200);
    }
    expect(tab.jar.size).toBe(0);
  });
});
