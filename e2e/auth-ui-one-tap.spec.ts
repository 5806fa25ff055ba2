// Google One Tap in the sign-in widget (issue 13 §2 "Google One Tap", spec §2 "one-tap prompt container … banner
// shows on phones, not tablets", §4 "One Tap states", §7 "oneTap"), in Chromium on a customer's page. Google's UI
// script is the stand-in of support/gsi-stand-in.ts; the ID token it hands the page is signed by the OpenID Connect
// stand-in that plays Google in e2e, and the server verifies it against that stand-in's keys (GOOGLE_JWKS_URL).
// (a) the prompt shows, the account is picked, the widget signs in; (b) the prompt not displayed, or closed by the
// user: the standard 'Continue with Google' button, which signs in through the redirect flow; (c) on a phone One
// Tap is Google's banner (no container in the widget), on a tablet it is shown in the widget.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { StytchLoginConfig } from '@keepsake/auth-ui';
import { expect } from './fixtures.ts';
import { test, type Keepsake } from './sdk-fixtures.ts';
import { gsiStandInRecord, serveGoogleIdentityStandIn } from './support/gsi-stand-in.ts';
import { E2E_GOOGLE_ONE_TAP_CLIENT } from './support/oidc.ts';

const SCREENSHOTS = 'docs/screenshots/widget';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A project whose Google client is the stand-in's One Tap client. */
async function oneTapProject(keepsake: Keepsake) {
  const project = await keepsake.createProject();
  await keepsake.setOauthClient(project.id, 'google', E2E_GOOGLE_ONE_TAP_CLIENT);
  return project;
}

const configFor = (site: string, position?: string): StytchLoginConfig => ({
  products: ['oauth', 'otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 10 },
  oauthOptions: {
    providers: [{ type: 'google', one_tap: true, ...(position ? { position } : {}) }],
    loginRedirectURL: `${site}/widget`,
    signupRedirectURL: `${site}/widget`,
  },
});

async function openAndMount(page: Page, site: string, publicToken: string, endpoint: string, config: StytchLoginConfig): Promise<void> {
  if (!page.url().startsWith(`${site}/widget`)) await page.goto(`${site}/widget`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  await page.evaluate(([token, url, widgetConfig]) => window.widget.mount(token, url, widgetConfig), [publicToken, endpoint, config] as const);
}

/** On the redirect URL: the widget redeems the token; Success, signed in with OAuth as `email`. */
async function expectSignedIn(page: Page, site: string, publicToken: string, endpoint: string, config: StytchLoginConfig, email: string) {
  await page.waitForURL((url) => url.href.startsWith(`${site}/widget?`) && url.searchParams.get('stytch_token_type') === 'oauth');
  const oneTapStarts: string[] = [];
  page.on('request', (request) => void (request.url().includes('/oauth/google/onetap/start') && oneTapStarts.push(request.url())));
  await openAndMount(page, site, publicToken, endpoint, config);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('You have successfully signed in.')).toBeVisible();
  // The landing page redeems the token; it does not ask Google for One Tap again (the prompt would cover Success).
  expect(oneTapStarts).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Sign in with Google' })).toHaveCount(0);
  expect(await page.evaluate(() => window.widget.events)).toEqual(['AUTHENTICATE_FLOW_COMPLETE']);
  const user = await page.evaluate(() => window.widget.client!.user.get());
  expect(user.emails.map((entry) => entry.email)).toEqual([email]);
  expect(await page.evaluate(() => window.widget.client?.session.getSync()?.authentication_factors.map((factor) => factor.type))).toEqual(['oauth']);
}

test('desktop: the One Tap prompt shows, the account is picked, the widget signs in with the Google email', async ({ page, sdkPages, keepsake }) => {
  const project = await oneTapProject(keepsake);
  const login = `onetap${Date.now()}`;
  await serveGoogleIdentityStandIn(page, { login });
  const config = configFor(sdkPages.site);
  await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, config);

  const prompt = page.getByRole('dialog', { name: 'Sign in with Google' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText(`${login}@oidc.example`)).toBeVisible();
  const widget = page.locator('#login');
  // One Tap instead of the Google button; floating (the default): Google's own place, no container in the widget.
  await expect(widget.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(widget.locator('#ks-google-one-tap')).toHaveCount(0);
  await expect(widget.locator('.ks-divider')).toBeHidden(); // nothing above it: no 'or' over the form
  const record = await gsiStandInRecord(page);
  expect(record.initialize).toEqual([expect.objectContaining({ client_id: E2E_GOOGLE_ONE_TAP_CLIENT.clientId })]);
  expect(record.initialize[0]).not.toHaveProperty('prompt_parent_id');
  expect(record.placements).toEqual(['top-right']);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/one-tap-prompt-1280.png` });

  await prompt.getByRole('button', { name: `Continue as ${login}` }).click();
  await expectSignedIn(page, sdkPages.site, project.publicToken, keepsake.url, config, `${login}@oidc.example`);
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
});

test('the prompt not displayed (Google says why): the standard button, which signs in through the redirect flow', async ({ page, sdkPages, keepsake }) => {
  const project = await oneTapProject(keepsake);
  await serveGoogleIdentityStandIn(page, { login: 'unused', moment: { notDisplayed: 'opt_out_or_no_session' } });
  const config = configFor(sdkPages.site, 'floatingOrEmbedded');
  await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, config);

  const widget = page.locator('#login');
  await expect(widget.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(widget.locator('#ks-google-one-tap')).toHaveCount(0);
  expect(await page.evaluate(() => window.widget.errors)).toEqual(['Google One Tap was not shown (opt_out_or_no_session).']);
  // Google's own reason is reported, not shown: only a §4 configuration state gets a line for the developer.
  await expect(widget.locator('.ks-one-tap-notice')).toHaveCount(0);

  await widget.getByRole('button', { name: 'Continue with Google' }).click();
  const account = `redirect${Date.now()}`;
  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page, sdkPages.site, project.publicToken, keepsake.url, config, `${account}@oidc.example`);
});

test('the prompt shown and closed by the user: the standard button takes its place', async ({ page, sdkPages, keepsake }) => {
  const project = await oneTapProject(keepsake);
  await serveGoogleIdentityStandIn(page, { login: 'closer' });
  await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, configFor(sdkPages.site, 'floatingOrEmbedded'));

  const widget = page.locator('#login');
  const prompt = widget.getByRole('dialog', { name: 'Sign in with Google' });
  await expect(prompt).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(widget.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(widget.locator('#ks-google-one-tap')).toHaveCount(0);
  expect(await page.evaluate(() => window.widget.errors)).toEqual(['Google One Tap was not shown (user_cancel).']);
});

test('signing in another way (email passcode) takes the floating prompt away: it does not cover the next screen', async ({ page, sdkPages, keepsake }) => {
  const project = await oneTapProject(keepsake);
  await serveGoogleIdentityStandIn(page, { login: 'elsewhere' });
  await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, configFor(sdkPages.site));

  const prompt = page.getByRole('dialog', { name: 'Sign in with Google' });
  await expect(prompt).toBeVisible();
  await page.locator('#login').getByRole('textbox', { name: 'Email' }).fill(`one-tap-otp-${Date.now()}@example.com`);
  await page.locator('#login').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect((await gsiStandInRecord(page)).cancels).toBe(1);
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("One Tap is Google's banner at the bottom of the screen: the widget keeps no container", async ({ page, sdkPages, keepsake }) => {
    const project = await oneTapProject(keepsake);
    await serveGoogleIdentityStandIn(page, { login: 'phone' });
    await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, configFor(sdkPages.site, 'floatingOrEmbedded'));

    const prompt = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(prompt).toBeVisible();
    await expect(page.locator('#login #ks-google-one-tap')).toHaveCount(0);
    await expect(page.locator('#login').getByRole('dialog')).toHaveCount(0);
    const record = await gsiStandInRecord(page);
    expect(record.initialize[0]).not.toHaveProperty('prompt_parent_id');
    expect(record.placements).toEqual(['bottom-banner']);
    const box = (await prompt.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.width)).toBe(390);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/one-tap-phone-banner-390.png` });
  });
});

test.describe('on a tablet', () => {
  test.use({ userAgent: IPAD, viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('One Tap is shown in the widget, in its 47 px container, and signs in from there', async ({ page, sdkPages, keepsake }) => {
    const project = await oneTapProject(keepsake);
    const login = `tablet${Date.now()}`;
    await serveGoogleIdentityStandIn(page, { login });
    const config = configFor(sdkPages.site, 'floatingOrEmbedded');
    await openAndMount(page, sdkPages.site, project.publicToken, keepsake.url, config);

    const container = page.locator('#login #ks-google-one-tap');
    const prompt = container.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(prompt).toBeVisible();
    await expect(container).toHaveAttribute('data-status', 'shown');
    const record = await gsiStandInRecord(page);
    expect(record.initialize[0]).toMatchObject({ prompt_parent_id: 'ks-google-one-tap' });
    expect(record.placements).toEqual(['parent:ks-google-one-tap']);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/one-tap-tablet-embedded-820.png` });

    await prompt.getByRole('button', { name: `Continue as ${login}` }).click();
    await expectSignedIn(page, sdkPages.site, project.publicToken, keepsake.url, config, `${login}@oidc.example`);
  });
});
