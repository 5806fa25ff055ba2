// The identity provider end to end (issue 13 §9): the genuine openid-client as the relying party, Chromium on the
// developer's authorization page (the SDK test site's /widget page mounting the widget in IdP-consent mode), and
// the real §7 routes and token endpoint behind them. Consent → Allow → tokens, ID token, userinfo and refresh;
// Deny → 'Access to the application was denied.'; logout with confirmation (No keeps the session) and without it
// (a valid id_token_hint: the session is revoked and the browser follows the post-logout redirect); prompt=none
// answered without a screen (consent_required, a code, login_required).
import type { Page } from '@playwright/test';
import * as oidc from 'openid-client';
import { expect } from './fixtures.ts';
import { test, type Keepsake } from './sdk-fixtures.ts';

type Setup = { config: oidc.Configuration; publicToken: string; site: string; callback: string; signedOut: string; userId: string };

/** A project with a third-party public app, its authorization URL on the test site, and a signed-in user on the page. */
async function setUp(page: Page, keepsake: Keepsake, site: string, mailbox: { passcodeFor(to: string): Promise<string> }): Promise<Setup> {
  const project = await keepsake.createProject();
  const callback = `${site}/widget/callback`;
  const signedOut = `${site}/widget/signed-out`;
  const app = await keepsake.consoleCall('POST', `/api/console/projects/${project.id}/connected-apps`, {
    clientName: 'Photo Printer',
    clientType: 'third_party',
    clientAuth: 'public',
    redirectUris: [callback],
    postLogoutRedirectUris: [signedOut],
    scopes: ['openid', 'email', 'profile', 'offline_access'],
  });
  expect(app.status, JSON.stringify(app.body)).toBe(201);
  const set = await keepsake.consoleCall('PUT', `/api/console/projects/${project.id}/identity-provider`, { authorizationUrl: `${site}/widget` });
  expect(set.status, JSON.stringify(set.body)).toBe(200);

  const email = `idp-rp-${Date.now()}@example.com`;
  const sent = await keepsake.call('POST', project.publicToken, '/otps/email/login_or_create', { email });
  const signedIn = await keepsake.call('POST', project.publicToken, '/otps/authenticate', {
    token: await mailbox.passcodeFor(email),
    method_id: sent.body.data.email_id,
  });
  expect(signedIn.status).toBe(200);
  await page.context().addCookies([{ name: 'stytch_session', value: signedIn.body.data.session_token as string, url: site }]);

  const config = await oidc.discovery(new URL(`${keepsake.url}/v1/public/${project.id}`), app.body.app.clientId as string, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  return { config, publicToken: project.publicToken, site, callback, signedOut, userId: signedIn.body.data.user_id as string };
}

/** The browser on the developer's page at `url`, which mounts the widget in IdP-consent mode. */
async function openAuthorizationPage(page: Page, url: URL, publicToken: string, endpoint: string): Promise<void> {
  await page.goto(url.href);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  await page.evaluate(([token, api]) => window.widget.mountIdentityProvider(token, api), [publicToken, endpoint] as const);
}

async function authorizationRequest(setup: Setup, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(setup.config, {
    redirect_uri: setup.callback,
    scope: 'openid email profile offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** Opens the authorization page for `request`, clicks Allow, and redeems the code the browser returns with. */
async function allowAndRedeem(page: Page, setup: Setup, request: Awaited<ReturnType<typeof authorizationRequest>>, endpoint: string) {
  await openAuthorizationPage(page, request.url, setup.publicToken, endpoint);
  await expect(page.getByRole('heading', { name: /Photo Printer/ })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.pathname === '/widget/callback');
  const returned = new URL(page.url());
  expect(returned.searchParams.get('state')).toBe(request.state);
  return oidc.authorizationCodeGrant(setup.config, returned, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
  });
}

test('openid-client signs in through the consent screen: Allow gives tokens, a valid ID token, userinfo and a refresh', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const setup = await setUp(page, keepsake, sdkPages.site, mailbox);
  const request = await authorizationRequest(setup);
  expect(request.url.origin + request.url.pathname).toBe(`${setup.site}/widget`);
  const tokens = await allowAndRedeem(page, setup, request, keepsake.url);
  expect(tokens.claims()).toEqual(expect.objectContaining({ sub: setup.userId, aud: setup.config.clientMetadata().client_id, nonce: request.nonce }));
  const info = await oidc.fetchUserInfo(setup.config, tokens.access_token, setup.userId);
  expect(info.email).toMatch(/^idp-rp-\d+@example\.com$/);
  const refreshed = await oidc.refreshTokenGrant(setup.config, tokens.refresh_token!);
  expect(refreshed.claims()!.sub).toBe(setup.userId);

  // Granted once: the next authorization completes without the consent screen.
  const again = await authorizationRequest(setup);
  await openAuthorizationPage(page, again.url, setup.publicToken, keepsake.url);
  await page.waitForURL((url) => url.pathname === '/widget/callback');
  expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
});

test('Deny: the widget says access was denied and the relying party gets access_denied', async ({ page, sdkPages, keepsake, mailbox }) => {
  const setup = await setUp(page, keepsake, sdkPages.site, mailbox);
  const request = await authorizationRequest(setup);
  await openAuthorizationPage(page, request.url, setup.publicToken, keepsake.url);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('Access to the application was denied.')).toBeVisible();
  const back = await page.getByRole('link', { name: 'Return to the application' }).getAttribute('href');
  await expect(
    oidc.authorizationCodeGrant(setup.config, new URL(back!), { pkceCodeVerifier: request.verifier, expectedState: request.state }),
  ).rejects.toMatchObject({
    error: 'access_denied',
  });
});

test('logout: without a hint the user confirms (No keeps the session); with a valid id_token_hint the session ends at once', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const setup = await setUp(page, keepsake, sdkPages.site, mailbox);
  const tokens = await allowAndRedeem(page, setup, await authorizationRequest(setup), keepsake.url);

  await openAuthorizationPage(
    page,
    oidc.buildEndSessionUrl(setup.config, { post_logout_redirect_uri: setup.signedOut, state: 'bye' }),
    setup.publicToken,
    keepsake.url,
  );
  await page.getByRole('button', { name: 'No, stay logged in' }).click();
  await expect(page.getByText('You have not been logged out. You may close this page.')).toBeVisible();
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');

  const endSession = oidc.buildEndSessionUrl(setup.config, { post_logout_redirect_uri: setup.signedOut, id_token_hint: tokens.id_token!, state: 'bye' });
  const revoked = page.waitForResponse((response) => response.url() === `${keepsake.url}/sdk/v1/sessions/revoke`);
  await openAuthorizationPage(page, endSession, setup.publicToken, keepsake.url);
  expect((await revoked).status()).toBe(200);
  await page.waitForURL(`${setup.signedOut}?state=bye`);
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).not.toContain('stytch_session');
});

test('prompt=none shows nothing: consent_required before consent, then a code (with max_age, auth_time), and login_required without a session', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  // Signed out, the client still holds the session it cached: checking it and the preflight are refused (401),
  // and the widget then asks silently, so the relying party gets login_required, not a screen.
  consoleErrors.allow({ text: /status of 401/, url: /\/sdk\/v1\/(sessions\/authenticate|oauth\/authorize\/start)$/ });
  const setup = await setUp(page, keepsake, sdkPages.site, mailbox);
  /** Opens the page for a silent request and returns where the browser was sent, without any screen shown. */
  const silently = async (request: Awaited<ReturnType<typeof authorizationRequest>>) => {
    await openAuthorizationPage(page, request.url, setup.publicToken, keepsake.url);
    await page.waitForURL((url) => url.pathname === '/widget/callback');
    return new URL(page.url());
  };

  const beforeConsent = await authorizationRequest(setup, { prompt: 'none' });
  const refused = await silently(beforeConsent);
  expect(refused.searchParams.get('error')).toBe('consent_required');
  await expect(
    oidc.authorizationCodeGrant(setup.config, refused, { pkceCodeVerifier: beforeConsent.verifier, expectedState: beforeConsent.state }),
  ).rejects.toMatchObject({
    error: 'consent_required',
  });

  await allowAndRedeem(page, setup, await authorizationRequest(setup), keepsake.url);
  const granted = await authorizationRequest(setup, { prompt: 'none', max_age: '3600' });
  const tokens = await oidc.authorizationCodeGrant(setup.config, await silently(granted), {
    pkceCodeVerifier: granted.verifier,
    expectedState: granted.state,
    expectedNonce: granted.nonce,
    maxAge: 3600,
  });
  expect(tokens.claims()).toEqual(expect.objectContaining({ sub: setup.userId, auth_time: expect.any(Number) }));

  await page.context().clearCookies();
  const signedOut = await authorizationRequest(setup, { prompt: 'none' });
  const noSession = await silently(signedOut);
  expect(noSession.searchParams.get('error')).toBe('login_required');
  expect(noSession.searchParams.get('state')).toBe(signedOut.state);
});
