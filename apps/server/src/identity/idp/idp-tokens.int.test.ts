// The identity provider's token lifecycle with the genuine openid-client as the relying party (ADR 125): RFC 7009
// revocation (`tokenRevocation`), RFC 7662 introspection (`tokenIntrospection`), access tokens that die with their
// app or family, refresh-token replay, and the issuer of a project that does not exist.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdkProject, dumpTable, expectSdkError, rowsOf } from '../../testing/sdk.ts';
import { callback, idpWorldOn, pkceRequest, signInThrough, startIdpWorld, widgetAuthorize, type IdpWorld } from './idp-testing.ts';

let world: IdpWorld;

beforeAll(async () => {
  world = await startIdpWorld('owner.idp-tokens@example.com');
}, 180_000);
afterAll(() => world?.server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const FULL = ['openid', 'email', 'profile', 'offline_access'];

/** A registered app and its relying-party configuration. */
async function relyingParty(body: Record<string, unknown>) {
  const { app, clientSecret } = await world.registerApp({ scopes: FULL, ...body });
  return { clientId: app.clientId, clientSecret, config: await world.discover(app.clientId, clientSecret ?? undefined) };
}

/** openid-client rejects a 401 with its WWW-Authenticate challenge; the RFC 6749 body is still on the response. */
async function expectInvalidClient(call: Promise<unknown>) {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { status?: number; response?: Response } | undefined;
  expect(error?.status).toBe(401);
  expect(await error!.response!.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
}

const userinfoStatus = async (accessToken: string) =>
  (await world.server.request(`/v1/public/${world.projectId}/oauth2/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('issuer and discovery', () => {
  it('advertises revocation and introspection; an unknown or ill-formed project is 404 identity_provider_not_found, a project without an authorization URL identity_provider_not_configured', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const meta = config.serverMetadata();
    expect(meta.revocation_endpoint).toBe(`${world.issuer()}/oauth2/revoke`);
    expect(meta.introspection_endpoint).toBe(`${world.issuer()}/oauth2/introspect`);
    expect(meta.prompt_values_supported).toEqual(['none', 'login', 'consent']);

    for (const id of [crypto.randomUUID(), 'not-a-project', '%20']) {
      for (const path of ['.well-known/openid-configuration', '.well-known/jwks.json']) {
        expectSdkError(await world.server.request(`/v1/public/${id}/${path}`), 404, 'identity_provider_not_found');
      }
      const token = await world.server.request(`/v1/public/${id}/oauth2/token`, { method: 'POST', headers: FORM, rawBody: 'grant_type=refresh_token' });
      expectSdkError(token, 404, 'identity_provider_not_found');
    }
    const bare = await createSdkProject(world.server, 'owner.idp-bare@example.com', 'No IdP yet');
    expectSdkError(await world.server.request(`/v1/public/${bare.projectId}/.well-known/openid-configuration`), 404, 'identity_provider_not_configured');
    // Configured but without connected apps yet: discovery is served (apps can be added at any time).
    const owner = await world.server.signIn('owner.idp-bare@example.com');
    const set = await world.server.request(`/api/console/projects/${bare.projectId}/identity-provider`, {
      method: 'PUT',
      cookie: owner,
      body: { authorizationUrl: 'https://bare.example.com/authorize' },
    });
    expect(set.status).toBe(200);
    expect((await world.server.request(`/v1/public/${bare.projectId}/.well-known/openid-configuration`)).status).toBe(200);
  });
});

describe('revocation (RFC 7009)', () => {
  it('a refresh token ends its whole family: every rotation and the access tokens issued with them', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, config);
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);

    await oidc.tokenRevocation(config, rotated.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    await expect(oidc.fetchUserInfo(config, rotated.access_token, world.userId)).rejects.toMatchObject({ status: 401 });
    // Revoking again, or revoking a revoked token, is still 200.
    await oidc.tokenRevocation(config, rotated.refresh_token!);
  });

  it('an access token is refused from then on; its refresh token keeps working', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, config);
    await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, world.userId)).rejects.toMatchObject({ status: 401 });
    expect(await dumpTable(world.server, 'idp_revoked_access_tokens')).not.toContain(tokens.access_token);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, world.userId)).sub).toBe(world.userId);
  });

  it('keeps a revoked access token only until it would have expired: the next revocation sweeps it', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const first = (await signInThrough(world, config)).tokens;
    const second = (await signInThrough(world, config)).tokens;
    const jtiOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    const rows = async () => rowsOf<{ jti: string }>(await world.server.ctx.db.execute('select jti from idp_revoked_access_tokens')).map((row) => row.jti);
    await oidc.tokenRevocation(config, first.access_token, { token_type_hint: 'access_token' });
    expect(await rows()).toContain(jtiOf(first.access_token));
    // As if the first token's hour had passed.
    await world.server.ctx.db.execute(
      `update idp_revoked_access_tokens set expires_at = now() - interval '1 second' where jti = '${jtiOf(first.access_token)}'`,
    );
    await oidc.tokenRevocation(config, second.access_token, { token_type_hint: 'access_token' });
    const left = await rows();
    expect(left).not.toContain(jtiOf(first.access_token));
    expect(left).toContain(jtiOf(second.access_token));
    expect(await userinfoStatus(second.access_token)).toBe(401);
  });

  it("answers 200 for unknown tokens and for another app's tokens, which keep working; a bad client is 401 invalid_client", async () => {
    const mine = await relyingParty({ clientType: 'third_party', clientAuth: 'confidential' });
    const other = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, other.config);
    await oidc.tokenRevocation(mine.config, 'no-such-token');
    await oidc.tokenRevocation(mine.config, 'e30.e30.e30');
    await oidc.tokenRevocation(mine.config, tokens.refresh_token!);
    await oidc.tokenRevocation(mine.config, tokens.access_token);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect((await oidc.refreshTokenGrant(other.config, tokens.refresh_token!)).access_token).toBeTruthy();

    const wrongSecret = await world.discover(mine.clientId, 'connected-app-secret-wrong');
    await expectInvalidClient(oidc.tokenRevocation(wrongSecret, 'anything'));
    const unknown = await world.discover('connected-app-nope');
    await expectInvalidClient(oidc.tokenRevocation(unknown, 'anything'));

    const url = `/v1/public/${world.projectId}/oauth2/revoke`;
    const missing = await world.server.request(url, { method: 'POST', headers: FORM, rawBody: `client_id=${other.clientId}` });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: 'token is required.' });
    const empty = await world.server.request(url, { method: 'POST', headers: FORM, rawBody: '' });
    expect(empty.status).toBe(401);
    expect(empty.body.error).toBe('invalid_client');
    const tooLong = await world.server.request(url, { method: 'POST', headers: FORM, rawBody: `client_id=${other.clientId}&token=${'a'.repeat(5000)}` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('invalid_request');
  });
});

describe('introspection (RFC 7662)', () => {
  it("describes the confidential app's own live tokens, and active:false once revoked, expired or unknown", async () => {
    const { config, clientId } = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const { tokens } = await signInThrough(world, config);
    const access = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(access).toEqual(
      expect.objectContaining({
        active: true,
        scope: 'openid email offline_access',
        client_id: clientId,
        sub: world.userId,
        token_type: 'Bearer',
        iss: world.issuer(),
        aud: world.issuer(),
      }),
    );
    expect(access.exp! - access.iat!).toBe(3600);
    const refresh = await oidc.tokenIntrospection(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect(refresh).toEqual(expect.objectContaining({ active: true, client_id: clientId, sub: world.userId, token_type: 'refresh_token' }));
    expect(refresh.exp! - refresh.iat!).toBeGreaterThan(29 * 24 * 3600);

    expect(await oidc.tokenIntrospection(config, 'no-such-token')).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(config, tokens.id_token!)).toEqual({ active: false });

    await oidc.tokenRevocation(config, tokens.access_token);
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    expect((await oidc.tokenIntrospection(config, tokens.refresh_token!)).active).toBe(true);
    await world.server.ctx.db.execute(
      `update idp_refresh_tokens set expires_at = now() - interval '1 second' where client_row_id = (select id from idp_clients where client_id = '${clientId}')`,
    );
    expect(await oidc.tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false });
  });

  it("keeps foreign tokens inactive: another project's, and, for a third-party app, another app's; a first-party app sees the project's access tokens", async () => {
    const thirdParty = await relyingParty({ clientType: 'third_party', clientAuth: 'confidential' });
    const resourceServer = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, spa.config);
    expect(await oidc.tokenIntrospection(thirdParty.config, tokens.access_token)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(thirdParty.config, tokens.refresh_token!)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(resourceServer.config, tokens.access_token)).toEqual(
      expect.objectContaining({ active: true, client_id: spa.clientId }),
    );
    expect(await oidc.tokenIntrospection(resourceServer.config, tokens.refresh_token!)).toEqual({ active: false });

    const elsewhere = await idpWorldOn(world.server, 'owner.idp-elsewhere@example.com');
    const { app } = await elsewhere.registerApp({ clientType: 'first_party', clientAuth: 'public', scopes: FULL });
    const foreign = await signInThrough(elsewhere, await elsewhere.discover(app.clientId));
    expect(await oidc.tokenIntrospection(resourceServer.config, foreign.tokens.access_token)).toEqual({ active: false });
    await oidc.tokenRevocation(resourceServer.config, foreign.tokens.access_token);
    expect(
      (
        await elsewhere.server.request(`/v1/public/${elsewhere.projectId}/oauth2/userinfo`, {
          headers: { authorization: `Bearer ${foreign.tokens.access_token}` },
        })
      ).status,
    ).toBe(200);
  });

  it('is for confidential apps only: a public app or a wrong secret is 401 invalid_client; no token is 400', async () => {
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, spa.config);
    await expectInvalidClient(oidc.tokenIntrospection(spa.config, tokens.access_token));
    const rs = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const wrong = await world.discover(rs.clientId, 'connected-app-secret-wrong');
    await expectInvalidClient(oidc.tokenIntrospection(wrong, tokens.access_token));
    const res = await world.server.request(`/v1/public/${world.projectId}/oauth2/introspect`, {
      method: 'POST',
      headers: { ...FORM, authorization: `Basic ${Buffer.from(`${rs.clientId}:${rs.clientSecret}`).toString('base64')}` },
      rawBody: 'token_type_hint=access_token',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'token is required.' });
  });
});

describe('access tokens die with their app and family', () => {
  it('userinfo and introspection refuse the access tokens of a deleted app at once', async () => {
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const rs = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const { tokens } = await signInThrough(world, spa.config);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    const deleted = await world.server.request(`/api/console/projects/${world.projectId}/connected-apps/${spa.clientId}`, {
      method: 'DELETE',
      cookie: world.owner,
    });
    expect(deleted.status).toBe(200);
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    expect(await oidc.tokenIntrospection(rs.config, tokens.access_token)).toEqual({ active: false });
  });

  it('a spent refresh token presented again revokes its family (it leaked)', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, config);
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(rotated.access_token)).toBe(401);
  });
});

describe('issue 22 (noted with item 8): a refresh asking for more than the grant', () => {
  it('is invalid_scope and leaves the refresh token working', async () => {
    const { config } = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const { tokens } = await signInThrough(world, config, 'openid email offline_access');
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'openid email profile offline_access' })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
    const narrowed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'openid offline_access' });
    expect(narrowed.scope).toBe('openid offline_access');
  });
});

describe('issue 22 item 8: a grant presented by another app is refused and left as it was', () => {
  const tokenUrl = () => `/v1/public/${world.projectId}/oauth2/token`;
  const presentAs = (clientId: string, grant: Record<string, string>) =>
    world.server.request(tokenUrl(), { method: 'POST', headers: FORM, rawBody: new URLSearchParams({ client_id: clientId, ...grant }).toString() });

  it("a confidential app's refresh token sent with a public app's client_id is invalid_grant, and it still works for its app", async () => {
    const confidential = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { tokens } = await signInThrough(world, confidential.config);

    const stolen = await presentAs(spa.clientId, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    // Without its secret, the confidential app's own client_id does not authenticate: 401, and nothing is touched.
    const noSecret = await presentAs(confidential.clientId, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.error).toBe('invalid_client');

    // The family stands: its access token works, and the refresh token rotates once for its own app.
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    const rotated = await oidc.refreshTokenGrant(confidential.config, tokens.refresh_token!);
    expect(rotated.claims()!.sub).toBe(world.userId);

    // A spent refresh token presented by another app does not revoke the family either; by its own app, it does.
    const replayed = await presentAs(spa.clientId, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(replayed.body.error).toBe('invalid_grant');
    expect(await userinfoStatus(rotated.access_token)).toBe(200);
    await expect(oidc.refreshTokenGrant(confidential.config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(rotated.access_token)).toBe(401);
  });

  it("an unspent code sent with another app's client_id is invalid_grant and is not burned: its app still exchanges it once", async () => {
    const confidential = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { verifier, state, nonce, url } = await pkceRequest(confidential.config, 'openid email offline_access');
    const { redirect } = await widgetAuthorize(world, url, true);
    const code = redirect.searchParams.get('code')!;

    const stolen = await presentAs(spa.clientId, { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    const noSecret = await presentAs(confidential.clientId, { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier });
    expect(noSecret.status).toBe(401);

    const tokens = await oidc.authorizationCodeGrant(confidential.config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.claims()!.sub).toBe(world.userId);
    // Once spent, another app presenting it changes nothing; the rightful app presenting it again revokes its tokens.
    expect((await presentAs(spa.clientId, { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier })).body.error).toBe(
      'invalid_grant',
    );
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect((await oidc.refreshTokenGrant(confidential.config, tokens.refresh_token!)).access_token).toBeTruthy();
  });

  it("a public app's code presented with a confidential app's valid credentials is refused, and the public app redeems it", async () => {
    const confidential = await relyingParty({ clientType: 'first_party', clientAuth: 'confidential' });
    const spa = await relyingParty({ clientType: 'first_party', clientAuth: 'public' });
    const { verifier, state, nonce, url } = await pkceRequest(spa.config, 'openid offline_access');
    const { redirect } = await widgetAuthorize(world, url, true);
    const res = await world.server.request(tokenUrl(), {
      method: 'POST',
      headers: { ...FORM, authorization: `Basic ${Buffer.from(`${confidential.clientId}:${confidential.clientSecret}`).toString('base64')}` },
      rawBody: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: callback,
        code_verifier: verifier,
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    const tokens = await oidc.authorizationCodeGrant(spa.config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.refresh_token).toBeTruthy();
  });
});
