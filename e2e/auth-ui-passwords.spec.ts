// The sign-in widget's magic-link and password products on a customer's page (another origin) against the e2e
// server, in Chromium: a magic link followed from the mail sink; password create (strength bar, breached
// message), login, a wrong password; Forgot → the reset link from the mail sink → the reset-password mount →
// signed in, and the reset email's one-click login link ('Logging in'); a passwordless account (Password Set New)
// and an existing account on create (Password Dedupe). Axe at 1280 and 390 and screenshots of every new screen
// (docs/screenshots/widget/).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test } from './sdk-fixtures.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots/widget';
const STRONG = 'violet tractor juggles seventeen marshmallows';
const BREACHED = 'password1';
const BREACHED_MESSAGE = 'This password may have been used on a different site that experienced a security issue. Please choose another password.';

// Several screens each get axe at two widths and two screenshots: slow on a busy machine.
test.slow();

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

async function openWidget(page: Page, site: string, path = '/widget'): Promise<void> {
  await page.goto(`${site}${path}`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
}

async function mount(page: Page, token: string, endpoint: string, config: object): Promise<void> {
  await page.evaluate(([t, e, c]) => window.widget.mount(t, e, c as never), [token, endpoint, config] as const);
}

/** Axe at both widths, then the screen at both widths to docs/screenshots/widget/<name>-{1280,390}.png. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectAccessibleNow(page, `the widget ${name} screen`);
  await screenshotBothWidths(page, screenshots, name);
}

/** The link of `stytch_token_type=<type>` in email number `after + 1` to `to`. */
async function emailedLink(mailbox: { waitFor(to: string, options?: { after?: number }): Promise<{ text: string }> }, to: string, type: string, after = 0) {
  const links = (await mailbox.waitFor(to, { after })).text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.map((href) => new URL(href)).find((url) => url.searchParams.get('stytch_token_type') === type);
  if (!link) throw new Error(`no ${type} link in the email to ${to}`);
  return link;
}

/** A new visitor: a page in a fresh browser context (no session cookie, no session state kept by the last client). */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** The widget's sign-in left a session cookie on the customer's site. */
async function expectSessionCookie(page: Page, sdkPages: { cookies(context: BrowserContext): Promise<Array<{ name: string }>> }): Promise<void> {
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');
}

async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('magic link: Main sends it, Check your email offers the mail providers and Resend, and the emailed link signs in', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const project = await keepsake.createProject();
  const email = unique('widget-eml');
  const landing = `${sdkPages.site}/widget/landing`;
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, {
    products: ['emailMagicLinks'],
    emailMagicLinksOptions: { loginRedirectURL: landing, signupRedirectURL: landing },
  });

  await enterEmail(page, 'not-an-email');
  await expect(page.getByRole('alert')).toHaveText('Invalid email address');
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`An email was sent to ${email.slice(0, 20)}….`)).toBeVisible();
  for (const name of ['Open Gmail', 'Open Yahoo', 'Open Outlook']) await expect(page.getByRole('link', { name })).toBeVisible();
  await checkScreen(page, 'email-confirmation');

  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Email resent')).toBeVisible();
  const link = await emailedLink(mailbox, email, 'magic_links', 1);
  expect(`${link.origin}${link.pathname}`).toBe(landing);
  expect(await page.evaluate(() => window.widget.events)).toEqual(['MAGIC_LINK_LOGIN_OR_CREATE', 'MAGIC_LINK_LOGIN_OR_CREATE']);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');

  await page.goto(link.href);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  expect(await page.evaluate(([t, e]) => window.widget.authenticateMagicLink(t, e), [project.publicToken, keepsake.url] as const)).toMatch(/\S/);
  await expectSessionCookie(page, sdkPages);
});

test('password: create with the strength bar (a breached password refused), then log in, a wrong password shown inline', async ({
  page,
  browser,
  sdkPages,
  keepsake,
  consoleErrors,
}) => {
  consoleErrors.allow({ text: /Failed to load resource/ });
  const project = await keepsake.createProject();
  const email = unique('widget-pw');
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, { products: ['passwords'] });

  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(BREACHED);
  await expect(page.getByRole('alert')).toHaveText(BREACHED_MESSAGE);
  await expect(continueButton).toBeDisabled();
  await checkScreen(page, 'password-breached-message');

  await page.getByLabel('Password', { exact: true }).fill('kitten7');
  await expect(page.getByText(/^Password strength: [0-2] of 4$/)).toBeAttached();
  await expect(page.locator('.ks-segment')).toHaveCount(4);
  await expect(continueButton).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await expect(page.getByText('Password strength: 4 of 4')).toBeAttached();
  await expect(continueButton).toBeEnabled();
  await checkScreen(page, 'password-create-or-login');
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('You are now logged in.')).toBeVisible();
  await checkScreen(page, 'password-confirmation');
  // The Success screen fires AUTHENTICATE_FLOW_COMPLETE in an effect after it renders: polled, not read at once.
  await expect.poll(() => page.evaluate(() => window.widget.events)).toEqual(['PASSWORD_CREATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  await expectSessionCookie(page, sdkPages);

  page = await newVisitor(browser);
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, { products: ['passwords'] });
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await checkScreen(page, 'password-login');
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expectSessionCookie(page, sdkPages);
  await page.context().close();
});

test('Forgot password: the reset link from the mail sink opens the reset-password mount, which sets a new password and signs in', async ({
  page,
  browser,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const project = await keepsake.createProject();
  const email = unique('widget-reset');
  const created = await keepsake.call('POST', project.publicToken, '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
  expect(created.status).toBe(200);
  const resetPage = `${sdkPages.site}/widget/reset`;
  const config = { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: resetPage, loginRedirectURL: resetPage } };
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, config);
  await enterEmail(page, email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`A link to reset your password was sent to you at ${email.slice(0, 20)}….`)).toBeVisible();
  await checkScreen(page, 'password-forgot');

  const reset = await emailedLink(mailbox, email, 'reset_password');
  expect(`${reset.origin}${reset.pathname}`).toBe(resetPage);
  await openWidget(page, sdkPages.site, `${reset.pathname}${reset.search}`);
  await page.evaluate(([t, e, c]) => window.widget.mountResetPassword(t, e, c as never), [project.publicToken, keepsake.url, config] as const);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const newPassword = 'cobalt lanterns drift over quiet harbours';
  await page.getByLabel('New password').fill(newPassword);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await checkScreen(page, 'password-reset-form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  // The Success screen fires AUTHENTICATE_FLOW_COMPLETE in an effect after it renders: polled, not read at once.
  await expect.poll(() => page.evaluate(() => window.widget.events)).toEqual(['PASSWORD_RESET_BY_EMAIL', 'AUTHENTICATE_FLOW_COMPLETE']);
  await expectSessionCookie(page, sdkPages);
  const old = await keepsake.call('POST', project.publicToken, '/passwords/authenticate', { email, password: STRONG, session_duration_minutes: 30 });
  expect(old.status).toBe(401);

  // A second reset email's one-click login link (stytch_token_type=login): the reset mount signs in at once.
  page = await newVisitor(browser);
  const again = await keepsake.call('POST', project.publicToken, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: resetPage,
    login_redirect_url: resetPage,
  });
  expect(again.status).toBe(200);
  const login = await emailedLink(mailbox, email, 'login', 1);
  await openWidget(page, sdkPages.site, `${login.pathname}${login.search}`);
  await page.evaluate(([t, e, c]) => window.widget.mountResetPassword(t, e, c as never), [project.publicToken, keepsake.url, config] as const);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expectSessionCookie(page, sdkPages);
  await page.context().close();
});

test('a passwordless account is sent a link to set a password; creating one for an existing account leads to Password Dedupe', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  consoleErrors.allow({ text: /Failed to load resource/ });
  const project = await keepsake.createProject();
  const email = unique('widget-passwordless');
  // An account without a password: signed up with an email passcode.
  const sent = await keepsake.call('POST', project.publicToken, '/otps/email/login_or_create', { email });
  const code = await mailbox.passcodeFor(email);
  expect((await keepsake.call('POST', project.publicToken, '/otps/authenticate', { token: code, method_id: sent.body.data.email_id })).status).toBe(200);

  const resetPage = `${sdkPages.site}/widget/reset`;
  const config = { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: resetPage } };
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, config);
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email to set a password' })).toBeVisible();
  await checkScreen(page, 'password-set-new');
  expect(`${(await emailedLink(mailbox, email, 'reset_password', 1)).pathname}`).toBe('/widget/reset');

  // Two tabs: this one was told the address is new (the search answer is replayed), the account exists by the
  // time the user presses Continue. The real create answers reset_password: Password Dedupe.
  await page.route('**/sdk/v1/users/search', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      json: { data: { status_code: 200, request_id: 'replayed', user_type: 'new', userType: 'new' } },
    }),
  );
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, config);
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`An account with ${email.slice(0, 20)}… already exists. To keep it secure, we sent you a link to set a password.`)).toBeVisible();
  await checkScreen(page, 'password-dedupe');
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
});

test('Password Breached: a login answered reset_password says the password was found in a breach and a reset link was sent', async ({
  page,
  sdkPages,
  keepsake,
  consoleErrors,
}) => {
  consoleErrors.allow({ text: /Failed to load resource/ });
  const project = await keepsake.createProject();
  const email = unique('widget-breached');
  const created = await keepsake.call('POST', project.publicToken, '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
  expect(created.status).toBe(200);
  // The server refuses to store a breached password, so no real account can hold one: the login's answer is the
  // server's reset_password error body, replayed (the real answer is covered in passwords.int.test.ts).
  await page.route('**/sdk/v1/passwords/authenticate', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      json: {
        status_code: 400,
        request_id: 'replayed',
        error_type: 'reset_password',
        error_message: 'This password must be reset before it can be used.',
        error_url: '',
      },
    }),
  );
  await openWidget(page, sdkPages.site);
  await mount(page, project.publicToken, keepsake.url, { products: ['passwords'] });
  await enterEmail(page, email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText(BREACHED_MESSAGE)).toBeVisible();
  await checkScreen(page, 'password-breached');
});
