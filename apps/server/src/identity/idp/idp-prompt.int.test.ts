// OpenID Connect Core §3.1.2.1 `prompt` at the identity provider, with the genuine openid-client building the
// requests and reading the answers: prompt=none never shows anything (login_required, consent_required, or the
// code), prompt=consent asks again, prompt=login and max_age want a recent sign-in, and the ID tokens carry
// auth_time (ADR 125).
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, expectSdkError } from '../../testing/sdk.ts';
import { callback, pkceRequest, startIdpWorld, widgetAuthorize, type IdpWorld } from './idp-testing.ts';

let world: IdpWorld;

beforeAll(async () => {
  world = await startIdpWorld('owner.idp-prompt@example.com');
}, 180_000);
afterAll(() => world?.server.close());

const NO_SESSION = 'No active session detected. Please log in to continue.';

async function thirdPartyApp() {
  const { app, clientSecret } = await world.registerApp({ clientType: 'third_party', clientAuth: 'confidential' });
  return { clientId: app.clientId, config: await world.discover(app.clientId, clientSecret!) };
}

describe('prompt=none', () => {
  it('without a session redirects back with error=login_required (the JSON call and the widget form post alike)', async () => {
    const { config } = await thirdPartyApp();
    const { url, state } = await pkceRequest(config, 'openid email', { prompt: 'none' });
    const params = Object.fromEntries(url.searchParams);
    const res = await world.sdk.post('/oauth/authorize', params);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const redirect = new URL(res.body.data.redirect_uri);
    expect(redirect.origin + redirect.pathname).toBe(callback);
    expect(redirect.searchParams.get('error')).toBe('login_required');
    expect(redirect.searchParams.get('iss')).toBe(world.issuer());
    expect(redirect.searchParams.get('code')).toBeNull();
    await expect(oidc.authorizationCodeGrant(config, redirect, { expectedState: state })).rejects.toMatchObject({ error: 'login_required' });

    const form = await fetch(`${world.server.url}/sdk/v1/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, __Authorization: basicAuth(world.publicToken, 'expired-or-unknown-session') }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(302);
    expect(new URL(form.headers.get('location')!).searchParams.get('error')).toBe('login_required');
  });

  it('never redirects to a URI the app did not register, and refuses none combined with another value', async () => {
    const { clientId } = await thirdPartyApp();
    const base = { client_id: clientId, response_type: 'code', prompt: 'none' };
    expectSdkError(await world.sdk.post('/oauth/authorize', { ...base, redirect_uri: 'https://evil.example.com/cb' }), 400, 'invalid_redirect_uri');
    expectSdkError(
      await world.sdk.post('/oauth/authorize', { ...base, client_id: 'connected-app-nope', redirect_uri: callback }),
      404,
      'oidc_client_not_found',
    );
    const mixed = await world.sdk.post('/oauth/authorize', { ...base, redirect_uri: callback, prompt: 'none login' }, world.session);
    expectSdkError(mixed, 400, 'invalid_request');
  });

  it('answers consent_required until the user consented, then issues the code without asking', async () => {
    const { config } = await thirdPartyApp();
    const silent = await pkceRequest(config, 'openid email', { prompt: 'none' });
    const params = Object.fromEntries(silent.url.searchParams);
    const start = await world.sdk.post('/oauth/authorize/start', params, world.session);
    expect(start.body.data.consent_required).toBe(true);
    // Even a consent_granted=true does not count: with prompt=none the user was shown nothing.
    const refused = await world.sdk.post('/oauth/authorize', { ...params, consent_granted: true }, world.session);
    const redirect = new URL(refused.body.data.redirect_uri);
    expect(redirect.searchParams.get('error')).toBe('consent_required');
    expect(redirect.searchParams.get('state')).toBe(silent.state);
    await expect(oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: silent.verifier, expectedState: silent.state })).rejects.toMatchObject({
      error: 'consent_required',
    });

    const asked = await pkceRequest(config, 'openid email');
    await widgetAuthorize(world, asked.url, true);

    const again = await pkceRequest(config, 'openid email', { prompt: 'none' });
    const { start: preflight, redirect: withCode } = await widgetAuthorize(world, again.url, undefined);
    expect(preflight.consent_required).toBe(false);
    const tokens = await oidc.authorizationCodeGrant(config, withCode, {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    });
    expect(tokens.claims()!.sub).toBe(world.userId);
  });
});

describe('prompt=consent and prompt=login', () => {
  it('prompt=consent asks again for scopes already granted', async () => {
    const { config } = await thirdPartyApp();
    await widgetAuthorize(world, (await pkceRequest(config, 'openid')).url, true);
    const plain = await widgetAuthorize(world, (await pkceRequest(config, 'openid')).url, undefined);
    expect(plain.start.consent_required).toBe(false);
    const forced = await pkceRequest(config, 'openid', { prompt: 'consent' });
    const params = Object.fromEntries(forced.url.searchParams);
    expect((await world.sdk.post('/oauth/authorize/start', params, world.session)).body.data.consent_required).toBe(true);
    const denied = await world.sdk.post('/oauth/authorize', { ...params, consent_granted: false }, world.session);
    expect(new URL(denied.body.data.redirect_uri).searchParams.get('error')).toBe('access_denied');
  });

  it('prompt=login takes a session signed in within five minutes, and treats an older one as no session', async () => {
    const { config } = await thirdPartyApp();
    const login = await pkceRequest(config, 'openid', { prompt: 'login' });
    const params = Object.fromEntries(login.url.searchParams);
    expect((await world.sdk.post('/oauth/authorize/start', params, world.session)).status).toBe(200);

    await world.server.ctx.db.execute(
      `update auth_sessions set started_at = now() - interval '10 minutes',
         authentication_factors = (select coalesce(jsonb_agg(f || '{"last_authenticated_at": "2020-01-01T00:00:00Z"}'::jsonb), '[]'::jsonb)
                                   from jsonb_array_elements(authentication_factors) f)
       where user_id = '${world.userId}'`,
    );
    for (const path of ['/oauth/authorize/start', '/oauth/authorize']) {
      const res = await world.sdk.post(path, { ...params, consent_granted: true }, world.session);
      expectSdkError(res, 401, 'unauthorized_credentials');
      expect(res.body.error_message).toBe(NO_SESSION);
    }
    // Without prompt=login the same session still works.
    const plain = Object.fromEntries((await pkceRequest(config, 'openid')).url.searchParams);
    expect((await world.sdk.post('/oauth/authorize/start', plain, world.session)).status).toBe(200);
  });
});

describe('max_age and auth_time (OpenID Connect Core §3.1.2.1, §2)', () => {
  it('refuses a session older than max_age, and the ID tokens (first and refreshed) carry auth_time', async () => {
    const { app } = await world.registerApp({ clientType: 'first_party', clientAuth: 'public', scopes: ['openid', 'email', 'offline_access'] });
    const config = await world.discover(app.clientId);
    expect(config.serverMetadata().claims_supported).toContain('auth_time');
    // The user last proved who they are ten minutes ago.
    await world.server.ctx.db.execute(
      `update auth_sessions set started_at = now() - interval '10 minutes',
         authentication_factors = (select coalesce(jsonb_agg(f || jsonb_build_object('last_authenticated_at', to_jsonb(now() - interval '10 minutes'))), '[]'::jsonb)
                                   from jsonb_array_elements(authentication_factors) f)
       where user_id = '${world.userId}'`,
    );
    const tenMinutesAgo = Date.now() / 1000 - 600;

    const strict = Object.fromEntries((await pkceRequest(config, 'openid', { max_age: '300' })).url.searchParams);
    for (const path of ['/oauth/authorize/start', '/oauth/authorize']) {
      const res = await world.sdk.post(path, strict, world.session);
      expectSdkError(res, 401, 'unauthorized_credentials');
      expect(res.body.error_message).toBe(NO_SESSION);
    }

    const lenient = await pkceRequest(config, 'openid email offline_access', { max_age: '3600' });
    const { redirect } = await widgetAuthorize(world, lenient.url, undefined);
    // openid-client checks auth_time against maxAge itself, and refuses an ID token without it.
    const tokens = await oidc.authorizationCodeGrant(config, redirect, {
      pkceCodeVerifier: lenient.verifier,
      expectedState: lenient.state,
      expectedNonce: lenient.nonce,
      maxAge: 3600,
    });
    const authTime = tokens.claims()!.auth_time!;
    expect(Math.abs(authTime - tenMinutesAgo)).toBeLessThan(30);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.claims()!.auth_time).toBe(authTime);

    for (const bad of ['soon', '-1', '1.5', '9999999999']) {
      const res = await world.sdk.post('/oauth/authorize/start', { ...strict, max_age: bad }, world.session);
      expectSdkError(res, 400, 'invalid_request');
      expect(res.body.error_message).toBe('max_age must be a whole number of seconds (0 or more).');
    }
  });
});
