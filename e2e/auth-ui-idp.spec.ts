// The sign-in widget's identity-provider mount (spec §2 IDP consent, §4 Authorize) on a customer's authorization
// page, in Chromium: a real signed-in session on the page, the widget's §7 calls (/oauth/authorize/start,
// /oauth/authorize, /oauth/logout/start) answered by stand-ins with the §7 shapes (the whole protocol, through
// openid-client, is the identity provider's own spec), and the session revoked for real on logout. Axe at 1280
// and 390 on each screen, and screenshots of the consent and logout screens in docs/screenshots/widget/.
import type { Page, Route } from '@playwright/test';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test, type Keepsake } from './sdk-fixtures.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots/widget';
const CLIENT = { client_id: 'connected-app-e2e', client_name: 'Photo Printer', client_type: 'third_party' };

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

/** A real session for a new user of a new project, as the `stytch_session` cookie of the customer's page. */
async function signIn(page: Page, keepsake: Keepsake, site: string, mailbox: { passcodeFor(to: string): Promise<string> }) {
  const project = await keepsake.createProject();
  const email = `idp-${Date.now()}@example.com`;
  const sent = await keepsake.call('POST', project.publicToken, '/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const code = await mailbox.passcodeFor(email);
  const signedIn = await keepsake.call('POST', project.publicToken, '/otps/authenticate', { token: code, method_id: sent.body.data.email_id });
  expect(signedIn.status).toBe(200);
  await page.context().addCookies([{ name: 'stytch_session', value: signedIn.body.data.session_token as string, url: site }]);
  return project;
}

/** Answers the widget's §7 identity-provider calls with `answers`, in the §7 envelope; keeps the bodies sent. */
async function standIn(page: Page, keepsake: Keepsake, site: string, answers: Record<string, Record<string, unknown>>) {
  const bodies: Record<string, Record<string, unknown>> = {};
  const cors = { 'access-control-allow-origin': site, 'access-control-allow-credentials': 'true' };
  await page.route(`${keepsake.url}/sdk/v1/oauth/**`, async (route: Route) => {
    const path = new URL(route.request().url()).pathname.replace('/sdk/v1', '');
    const answer = answers[path];
    if (!answer) return route.fulfill({ status: 404, headers: cors, json: { status_code: 404, error_type: 'not_found', error_message: 'Not found' } });
    bodies[path] = route.request().postDataJSON() as Record<string, unknown>;
    return route.fulfill({ status: 200, headers: cors, json: { data: { request_id: 'request-e2e', status_code: 200, ...answer } } });
  });
  return bodies;
}

async function openIdp(page: Page, site: string, query: string, publicToken: string, endpoint: string): Promise<void> {
  await page.goto(`${site}/widget${query}`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  await page.evaluate(([token, url]) => window.widget.mountIdentityProvider(token, url), [publicToken, endpoint] as const);
}

const authorizeQuery = (site: string) =>
  `?${new URLSearchParams({
    client_id: CLIENT.client_id,
    redirect_uri: `${site}/widget/callback`,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    state: 'state-e2e',
    nonce: 'nonce-e2e',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;

test('IDP Consent: the app and its scopes in plain words; Allow grants and returns to the app with the code', async ({ page, sdkPages, keepsake, mailbox }) => {
  const site = sdkPages.site;
  const project = await signIn(page, keepsake, site, mailbox);
  const bodies = await standIn(page, keepsake, site, {
    '/oauth/authorize/start': {
      consent_required: true,
      oidc_client: CLIENT,
      redirect_uri: `${site}/widget/callback`,
      scopes: ['openid', 'email', 'profile', 'offline_access'],
    },
    '/oauth/authorize': { redirect_uri: `${site}/widget/callback?code=code-e2e&state=state-e2e` },
  });
  await openIdp(page, site, authorizeQuery(site), project.publicToken, keepsake.url);

  await expect(page.getByRole('heading', { name: 'Photo Printer wants to access your account' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText([
    'Confirm who you are',
    'See your email address',
    'See your basic profile information, such as your name',
    'Keep this access while you are not using the application',
  ]);
  expect((await page.getByRole('button', { name: 'Allow' }).boundingBox())?.height).toBe(47);
  expect(bodies['/oauth/authorize/start']).toMatchObject({ client_id: CLIENT.client_id, response_type: 'code' });
  await expectAccessibleNow(page, 'the widget IDP Consent screen');
  await screenshot(page, 'idp-consent');

  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${site}/widget/callback?code=code-e2e&state=state-e2e`);
  expect(bodies['/oauth/authorize']).toMatchObject({ consent_granted: true, client_id: CLIENT.client_id, redirect_uri: `${site}/widget/callback` });
});

test('IDP Consent: Deny says access was denied and links back to the app with the error', async ({ page, sdkPages, keepsake, mailbox }) => {
  const site = sdkPages.site;
  const project = await signIn(page, keepsake, site, mailbox);
  const denied = `${site}/widget/callback?error=access_denied&state=state-e2e`;
  const bodies = await standIn(page, keepsake, site, {
    '/oauth/authorize/start': { consent_required: true, oidc_client: CLIENT, redirect_uri: `${site}/widget/callback`, scopes: ['openid', 'email'] },
    '/oauth/authorize': { redirect_uri: denied },
  });
  await openIdp(page, site, authorizeQuery(site), project.publicToken, keepsake.url);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('Access to the application was denied.')).toBeVisible();
  expect(bodies['/oauth/authorize']).toMatchObject({ consent_granted: false });
  await expect(page.getByRole('link', { name: 'Return to the application' })).toHaveAttribute('href', denied);
  await expectAccessibleNow(page, 'the widget IDP consent denied message');
  await screenshot(page, 'idp-consent-denied');
  expect(await page.evaluate(() => window.widget.events)).toEqual(['OAUTH_AUTHORIZE_FLOW_START', 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED']);
});

test('logout: the confirmation; No keeps the session, Yes revokes it and follows the post-logout redirect', async ({ page, sdkPages, keepsake, mailbox }) => {
  const site = sdkPages.site;
  const project = await signIn(page, keepsake, site, mailbox);
  const bye = `${site}/widget/signed-out?state=state-e2e`;
  await standIn(page, keepsake, site, { '/oauth/logout/start': { consent_required: true, redirect_uri: bye } });
  const query = `?${new URLSearchParams({ client_id: CLIENT.client_id, post_logout_redirect_uri: `${site}/widget/signed-out`, state: 'state-e2e' })}`;

  await openIdp(page, site, query, project.publicToken, keepsake.url);
  await expect(page.getByRole('heading', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText('The application asked to log you out. Do you want to log out?')).toBeVisible();
  await expectAccessibleNow(page, 'the widget logout confirmation');
  await screenshot(page, 'idp-logout');
  await page.getByRole('button', { name: 'No, stay logged in' }).click();
  await expect(page.getByText('You have not been logged out. You may close this page.')).toBeVisible();
  await screenshot(page, 'idp-logout-kept');
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');

  await openIdp(page, site, query, project.publicToken, keepsake.url);
  const revoked = page.waitForResponse((response) => response.url() === `${keepsake.url}/sdk/v1/sessions/revoke` && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Yes, log out' }).click();
  expect((await revoked).status()).toBe(200);
  await page.waitForURL(bye);
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).not.toContain('stytch_session');
});

test('a missing parameter and a missing session are shown in the widget', async ({ page, sdkPages, keepsake }) => {
  const site = sdkPages.site;
  const project = await keepsake.createProject();
  await openIdp(page, site, `?client_id=${CLIENT.client_id}&response_type=code`, project.publicToken, keepsake.url);
  await expect(page.getByRole('alert')).toHaveText('Required parameter is missing: redirect_uri. Please reach out to the application developer.');
  await expectAccessibleNow(page, 'the widget IDP missing-parameter message');
  await screenshot(page, 'idp-missing-parameter');

  await openIdp(page, site, authorizeQuery(site), project.publicToken, keepsake.url);
  await expect(page.getByRole('alert')).toHaveText('No active session detected. Please log in to continue.');
  expect(await page.evaluate(() => window.widget.errors)).toEqual(['No active session detected. Please log in to continue.']);
});
