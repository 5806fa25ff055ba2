// The sign-in widget (@keepsake/auth-ui) on a customer's page, another origin than Keepsake: mounted with email
// passcodes against the e2e server, signed in with the code from the mail sink, Success shown with its events;
// axe and screenshots (docs/screenshots/widget/) on every screen at both widths; and Shadow DOM isolation
// against a hostile host stylesheet (ADR 113).
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test } from './sdk-fixtures.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const emailOtp = { products: ['otp' as const], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };

async function openWidget(page: Page, site: string, path = '/widget'): Promise<void> {
  await page.goto(`${site}${path}`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
}

test('signs in with an email passcode from Main through OTP Authenticate to Success', async ({ page, sdkPages, keepsake, mailbox }) => {
  const project = await keepsake.createProject();
  const email = `widget-${Date.now()}@example.com`;
  await openWidget(page, sdkPages.site);
  await page.evaluate(([token, endpoint, config]) => window.widget.mount(token, endpoint, config), [project.publicToken, keepsake.url, emailOtp] as const);

  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const emailInput = page.getByLabel('Email', { exact: true });
  expect((await emailInput.boundingBox())?.height).toBe(47);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectAccessibleNow(page, 'the widget Main screen');
  await screenshotBothWidths(page, 'docs/screenshots/widget', 'main-email-otp');

  await emailInput.fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await expect(page.getByText(`A 6-digit passcode was sent to you at ${email.slice(0, 20)}…`)).toBeVisible();
  await expect(page.getByText(/^Your code expires in [45]:\d\d\.$/)).toBeVisible();
  await expectAccessibleNow(page, 'the widget OTP Authenticate screen');
  await screenshotBothWidths(page, 'docs/screenshots/widget', 'otp-authenticate-email');

  const code = await mailbox.passcodeFor(email);
  await page.getByLabel('One-time passcode').pressSequentially(`ab${code}`);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  await expectAccessibleNow(page, 'the widget Success screen');
  await screenshotBothWidths(page, 'docs/screenshots/widget', 'otp-confirmation');

  expect(await page.evaluate(() => window.widget.events)).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');
});

test('a wrong passcode shows the §8 message and the user can still sign in', async ({ page, sdkPages, keepsake, mailbox, consoleErrors }) => {
  consoleErrors.allow({ text: /Failed to load resource/ });
  const project = await keepsake.createProject();
  const email = `widget-wrong-${Date.now()}@example.com`;
  await openWidget(page, sdkPages.site);
  await page.evaluate(([token, endpoint, config]) => window.widget.mount(token, endpoint, config), [project.publicToken, keepsake.url, emailOtp] as const);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await mailbox.passcodeFor(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('One-time passcode').fill(wrong);
  await expect(page.getByRole('alert')).toHaveText('Invalid passcode, please try again.');
  await expect(page.getByLabel('One-time passcode')).toHaveValue('');
  await page.getByLabel('One-time passcode').fill(code);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  expect(await page.evaluate(() => window.widget.errors)).toHaveLength(1);
});

test('with enableShadowDOM a hostile host stylesheet neither reaches the widget nor receives its styles', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  const styleOf = (selector: string) =>
    page.evaluate((target) => {
      const host = document.querySelector('[data-keepsake-auth-ui="shadow-host"]');
      const element = (host?.shadowRoot ?? document).querySelector(target)!;
      const style = getComputedStyle(element);
      return { height: style.height, fontFamily: style.fontFamily, color: style.color, letterSpacing: style.letterSpacing, background: style.backgroundColor };
    }, selector);

  // Without a shadow root the hostile sheet wins: the check below can tell the difference.
  await openWidget(page, sdkPages.site, '/widget/hostile');
  await page.evaluate(([token, endpoint, config]) => window.widget.mount(token, endpoint, config), [project.publicToken, keepsake.url, emailOtp] as const);
  expect((await styleOf('.ks-widget .ks-input')).height).toBe('10px');

  await openWidget(page, sdkPages.site, '/widget/hostile');
  await page.evaluate(([token, endpoint, config]) => window.widget.mount(token, endpoint, { ...config, enableShadowDOM: true }), [
    project.publicToken,
    keepsake.url,
    emailOtp,
  ] as const);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const input = await styleOf('.ks-input');
  expect(input.height).toBe('47px');
  expect(input.fontFamily).not.toContain('Comic Sans');
  expect(input.letterSpacing).toBe('normal');
  expect(input.color).toBe('rgb(25, 48, 61)');
  expect((await styleOf('.ks-button')).background).toBe('rgb(25, 48, 61)');
  expect((await styleOf('.ks-header')).color).toBe('rgb(25, 48, 61)');
  // And out: the page's own `.ks-input` keeps the host's styles, not the widget's 47 px.
  const hostField = await page.getByLabel('Host field').evaluate((element) => getComputedStyle(element).height);
  expect(hostField).toBe('10px');
  await page.getByLabel('Email', { exact: true }).fill('shadow@example.com');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('shadow@example.com');
});
