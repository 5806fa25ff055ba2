// Shared by the identity provider's integration tests: a project with an authorization URL and a signed-in end user,
// connected apps registered through the console API, and the relying party (the genuine openid-client) and the
// widget (the §7 calls with the user's session) played in between.
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createSdkProject, sdkClient, sdkLogin, type SdkClient } from '../../testing/sdk.ts';

export const callback = 'https://rp.example.com/callback';
export const loggedOut = 'https://rp.example.com/logged-out';
export const authorizationPage = 'https://app.example.com/oauth/authorize';

export type IdpWorld = {
  server: TestServer;
  owner: string;
  projectId: string;
  publicToken: string;
  sdk: SdkClient;
  session: string;
  userId: string;
  issuer: () => string;
  registerApp(body: Record<string, unknown>): Promise<{ app: { clientId: string }; clientSecret: string | null }>;
  discover(clientId: string, clientSecret?: string): Promise<oidc.Configuration>;
};

/** A server, a project whose identity provider is configured, and `end.user@example.com` signed in to it. */
export async function startIdpWorld(ownerEmail: string): Promise<IdpWorld> {
  return idpWorldOn(await startTestServer(), ownerEmail);
}

/** Another such project on a running server. */
export async function idpWorldOn(server: TestServer, ownerEmail: string): Promise<IdpWorld> {
  const owner = await server.signIn(ownerEmail);
  const { projectId, publicToken } = await createSdkProject(server, ownerEmail, 'IdP project');
  const signedIn = await sdkLogin(server, publicToken, 'end.user@example.com');
  const set = await server.request(`/api/console/projects/${projectId}/identity-provider`, {
    method: 'PUT',
    cookie: owner,
    body: { authorizationUrl: authorizationPage },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const issuer = () => `${server.url}/v1/public/${projectId}`;
  return {
    server,
    owner,
    projectId,
    publicToken,
    sdk: sdkClient(server, publicToken),
    session: signedIn.session_token,
    userId: signedIn.user_id,
    issuer,
    async registerApp(body) {
      const res = await server.request(`/api/console/projects/${projectId}/connected-apps`, {
        method: 'POST',
        cookie: owner,
        body: { clientName: 'Relying Party', redirectUris: [callback], postLogoutRedirectUris: [loggedOut], ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { app: { clientId: string }; clientSecret: string | null };
    },
    async discover(clientId, clientSecret) {
      return oidc.discovery(new URL(issuer()), clientId, clientSecret, clientSecret ? undefined : oidc.None(), { execute: [oidc.allowInsecureRequests] });
    },
  };
}

/** An authorization request with PKCE (S256), state and nonce, as a relying party builds it. */
export async function pkceRequest(config: oidc.Configuration, scope: string, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { verifier, state, nonce, url };
}

/** The §7 preflight's answer (spec: consent_required, oidc_client, redirect_uri, scopes). */
type Preflight = {
  consent_required: boolean;
  oidc_client: { client_id: string; client_name: string; client_type: string };
  redirect_uri: string;
  scopes: string[];
  grantable_scope: string;
  ungrantable_scope: string;
};

/** The widget on the authorization page: preflight, then the answer; returns the redirect the browser follows. */
export async function widgetAuthorize(world: IdpWorld, authorizationUrl: URL, consent: boolean | undefined, token = world.session) {
  const params = Object.fromEntries(authorizationUrl.searchParams);
  const start = await world.sdk.post('/oauth/authorize/start', params, token);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const submitted = await world.sdk.post('/oauth/authorize', { ...params, ...(consent === undefined ? {} : { consent_granted: consent }) }, token);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const preflight = (start.body as { data: Preflight }).data;
  return { start: preflight, redirect: new URL((submitted.body as { data: { redirect_uri: string } }).data.redirect_uri) };
}

/** Signs in through a first-party public app with offline_access: the relying party's configuration and its tokens. */
type Grant = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

export async function signInThrough(
  world: IdpWorld,
  config: oidc.Configuration,
  scope = 'openid email offline_access',
): Promise<{ tokens: Grant; redirect: URL }> {
  const { verifier, state, nonce, url } = await pkceRequest(config, scope);
  const { redirect } = await widgetAuthorize(world, url, true);
  const tokens = await oidc.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  return { tokens, redirect };
}
