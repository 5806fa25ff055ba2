// Issue 13 §8–9: the project's OpenID Connect identity provider, driven by the genuine openid-client as the relying
// party. The widget's side (spec §7 /oauth/authorize/start, /oauth/authorize, /oauth/logout/start) is played with
// a session token, as the widget in IdP-consent mode would on the developer's authorization page.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, dumpTable, expectSdkError, sdkLogin, type SdkClient } from '../../testing/sdk.ts';
import { authorizationPage, callback, loggedOut, pkceRequest, startIdpWorld, widgetAuthorize as authorizeAs, type IdpWorld } from './idp-testing.ts';

let world: IdpWorld;
let server: TestServer;
let projectId: string;
let publicToken: string;
let sdk: SdkClient;
let session: string;
let userId: string;

beforeAll(async () => {
  world = await startIdpWorld('owner.idp@example.com');
  ({ server, projectId, publicToken, sdk, session, userId } = world);
}, 180_000);
afterAll(() => server?.close());

const registerApp = (body: Record<string, unknown>) => world.registerApp(body);
const issuer = () => world.issuer();
const discover = (clientId: string, clientSecret?: string) => world.discover(clientId, clientSecret);
const widgetAuthorize = (url: URL, consent: boolean | undefined, token = session) => authorizeAs(world, url, consent, token);

describe('OpenID Connect identity provider with openid-client', () => {
  it('serves discovery whose authorization and end-session endpoints are the developer page', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public' });
    const config = await discover(app.clientId);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer());
    expect(meta.authorization_endpoint).toBe(authorizationPage);
    expect(meta.end_session_endpoint).toBe(authorizationPage);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = await server.request(`/v1/public/${projectId}/.well-known/jwks.json`);
    expect(jwks.body.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks.body)).not.toMatch(/"d":/);
  });

  it('runs authorization code + PKCE for a first-party public app without consent, validates the ID token, reads userinfo, refreshes', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public', scopes: ['openid', 'email', 'profile', 'offline_access'] });
    const config = await discover(app.clientId);
    const { verifier, state, nonce, url } = await pkceRequest(config, 'openid email profile offline_access');
    expect(url.origin + url.pathname).toBe(authorizationPage);
    const { start, redirect } = await widgetAuthorize(url, undefined);
    expect(start).toEqual(
      expect.objectContaining({
        consent_required: false,
        oidc_client: { client_id: app.clientId, client_name: 'Relying Party', client_type: 'first_party' },
        redirect_uri: callback,
        scopes: ['openid', 'email', 'profile', 'offline_access'],
        ungrantable_scope: '',
      }),
    );
    expect(redirect.searchParams.get('state')).toBe(state);

    const tokens = await oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const claims = tokens.claims()!;
    expect(claims).toEqual(
      expect.objectContaining({ iss: issuer(), sub: userId, aud: app.clientId, email: 'end.user@example.com', email_verified: true, nonce }),
    );
    const info = await oidc.fetchUserInfo(config, tokens.access_token, userId);
    expect(info).toEqual(expect.objectContaining({ sub: userId, email: 'end.user@example.com', email_verified: true }));
    expect(info.phone_number).toBeUndefined();

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()!.sub).toBe(userId);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await dumpTable(server, 'idp_refresh_tokens')).not.toContain(refreshed.refresh_token!);
    expect(await dumpTable(server, 'idp_codes')).not.toContain(redirect.searchParams.get('code')!);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, userId)).sub).toBe(userId);

    // The code works once; presented again, it was stolen: every token issued from it is revoked (RFC 6749 §4.1.2).
    await expect(
      oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, userId)).rejects.toMatchObject({ status: 401 });
  });

  it('asks a third-party app for consent; deny answers access_denied, allow is remembered', async () => {
    const { app, clientSecret } = await registerApp({ clientType: 'third_party', clientAuth: 'confidential' });
    expect(clientSecret).toMatch(/^connected-app-secret-/);
    expect(await dumpTable(server, 'idp_clients')).not.toContain(clientSecret!);
    const config = await discover(app.clientId, clientSecret!);
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid email phone', state });

    const denied = await widgetAuthorize(url, false);
    expect(denied.start.consent_required).toBe(true);
    expect(denied.start.grantable_scope).toBe('openid email');
    expect(denied.start.ungrantable_scope).toBe('phone');
    expect(denied.redirect.searchParams.get('error')).toBe('access_denied');
    expect(denied.redirect.searchParams.get('code')).toBeNull();
    await expect(oidc.authorizationCodeGrant(config, denied.redirect, { expectedState: state })).rejects.toMatchObject({ error: 'access_denied' });

    const allowed = await widgetAuthorize(url, true);
    const tokens = await oidc.authorizationCodeGrant(config, allowed.redirect, { expectedState: state });
    expect(tokens.claims()!.sub).toBe(userId);
    expect(tokens.refresh_token).toBeUndefined();
    const again = await sdk.post('/oauth/authorize/start', Object.fromEntries(url.searchParams), session);
    expect(again.body.data.consent_required).toBe(false);
    // The list form (auth-js) asks the same; a scope granted before is not asked again, a new one is.
    const { scope: _s, ...withoutScope } = Object.fromEntries(url.searchParams);
    const listed = await sdk.post('/oauth/authorize/start', { ...withoutScope, scopes: ['openid', 'email'] }, session);
    expect(listed.body.data).toEqual(expect.objectContaining({ consent_required: false, scopes: ['openid', 'email'] }));
    const wider = await sdk.post('/oauth/authorize/start', { ...withoutScope, scopes: ['openid', 'email', 'profile'] }, session);
    expect(wider.body.data.consent_required).toBe(true);

    // A wrong secret is refused by the token endpoint.
    const wrong = await discover(app.clientId, 'connected-app-secret-wrong');
    const next = await widgetAuthorize(url, true);
    await expect(oidc.authorizationCodeGrant(wrong, next.redirect, { expectedState: state })).rejects.toMatchObject({ status: 401 });
  });

  it('logs out: confirmation unless a valid id_token_hint names the signed-in user', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public' });
    const config = await discover(app.clientId);
    const { verifier, state, nonce, url } = await pkceRequest(config, 'openid');
    const { redirect } = await widgetAuthorize(url, undefined);
    const tokens = await oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });

    const withHint = oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: loggedOut, id_token_hint: tokens.id_token!, state: 's1' });
    expect(withHint.origin + withHint.pathname).toBe(authorizationPage);
    const quiet = await sdk.post('/oauth/logout/start', Object.fromEntries(withHint.searchParams), session);
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    expect(quiet.body.data).toEqual(expect.objectContaining({ consent_required: false, redirect_uri: `${loggedOut}?state=s1` }));

    const withoutHint = oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: loggedOut });
    const asked = await sdk.post('/oauth/logout/start', Object.fromEntries(withoutHint.searchParams), session);
    expect(asked.body.data).toEqual(expect.objectContaining({ consent_required: true, redirect_uri: loggedOut }));

    const forged = await sdk.post(
      '/oauth/logout/start',
      { client_id: app.clientId, post_logout_redirect_uri: loggedOut, id_token_hint: 'e30.e30.sig' },
      session,
    );
    expectSdkError(forged, 400, 'invalid_id_token_hint');
    const elsewhere = await sdk.post('/oauth/logout/start', { client_id: app.clientId, post_logout_redirect_uri: 'https://evil.example.com/' }, session);
    expectSdkError(elsewhere, 400, 'invalid_post_logout_redirect_uri');
  });

  it('refuses what the widget must not pass on: no session, missing parameters, unknown client, unregistered redirect, public app without PKCE', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public' });
    const base = { client_id: app.clientId, redirect_uri: callback, response_type: 'code', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' };
    const noSession = await sdk.post('/oauth/authorize/start', base);
    expectSdkError(noSession, 401, 'unauthorized_credentials');
    expect(noSession.body.error_message).toBe('No active session detected. Please log in to continue.');
    for (const param of ['client_id', 'redirect_uri', 'response_type'] as const) {
      const { [param]: _left, ...rest } = base;
      const res = await sdk.post('/oauth/authorize/start', rest, session);
      expectSdkError(res, 400, 'invalid_request');
      expect(res.body.error_message).toBe(`Required parameter is missing: ${param}. Please reach out to the application developer.`);
    }
    const logoutMissing = await sdk.post('/oauth/logout/start', { client_id: app.clientId }, session);
    expect(logoutMissing.body.error_message).toBe('Required parameter is missing: post_logout_redirect_uri. Please reach out to the application developer.');
    expectSdkError(await sdk.post('/oauth/authorize/start', { ...base, client_id: 'connected-app-nope' }, session), 404, 'oidc_client_not_found');
    expectSdkError(await sdk.post('/oauth/authorize/start', { ...base, redirect_uri: 'https://evil.example.com/cb' }, session), 400, 'invalid_redirect_uri');
    expectSdkError(await sdk.post('/oauth/authorize/start', { ...base, response_type: 'token' }, session), 400, 'unsupported_response_type');
    const { code_challenge: _c, ...noPkce } = base;
    expect((await sdk.post('/oauth/authorize/start', noPkce, session)).status).toBe(200);
    expectSdkError(await sdk.post('/oauth/authorize', noPkce, session), 400, 'code_challenge_required');
    expectSdkError(await sdk.post('/oauth/authorize', { ...base, code_challenge_method: 'plain' }, session), 400, 'code_challenge_required');
  });

  it('keeps each project to its own apps: another project cannot authorize or redeem with them', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public' });
    const other = await createSdkProject(server, 'other.idp@example.com', 'Other IdP project');
    const otherSession = (await sdkLogin(server, other.publicToken, 'end.user@example.com')).session_token;
    const res = await server.request('/sdk/v1/oauth/authorize/start', {
      method: 'POST',
      headers: { authorization: basicAuth(other.publicToken, otherSession) },
      body: { client_id: app.clientId, redirect_uri: callback, response_type: 'code', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' },
    });
    expectSdkError(res, 404, 'oidc_client_not_found');
    const token = await server.request(`/v1/public/${other.projectId}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: `grant_type=authorization_code&code=x&client_id=${app.clientId}&redirect_uri=${encodeURIComponent(callback)}`,
    });
    expect(token.status).toBe(401);
    expect(token.body.error).toBe('invalid_client');
  });

  it('follows the widget form post with a redirect carrying the code', async () => {
    const { app } = await registerApp({ clientType: 'first_party', clientAuth: 'public' });
    const form = new URLSearchParams({
      client_id: app.clientId,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid',
      state: 'form-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      consent_granted: 'false',
      __Authorization: basicAuth(publicToken, session),
    });
    const res = await fetch(`${server.url}/sdk/v1/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(callback);
    expect(location.searchParams.get('state')).toBe('form-state');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
