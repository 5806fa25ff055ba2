// The sign-in widget's Text and WhatsApp tabs (@keepsake/auth-ui `otp` product, spec §2, §5, §7) on a customer's
// page against the e2e server: the tabs, the country selector, an invalid number's message, and an SMS passcode
// sign-in with the code read from the dev outbox; axe on each screen at both widths and screenshots of them.
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test } from './sdk-fixtures.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots/widget';
const phoneOtp = { products: ['otp' as const], otpOptions: { methods: ['sms' as const, 'whatsapp' as const, 'email' as const], expirationMinutes: 5 } };

async function openWidget(page: Page, site: string, publicToken: string, endpoint: string): Promise<void> {
  await page.goto(`${site}/widget`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  await page.evaluate(([token, url, config]) => window.widget.mount(token, url, config), [publicToken, endpoint, phoneOtp] as const);
}

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

test('signs in with an SMS passcode from the Text tab, the code read from the dev outbox', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  const national = `415555${String(Math.floor(1000 + Math.random() * 8999))}`;
  const phone = `+1${national}`;
  await openWidget(page, sdkPages.site, project.publicToken, keepsake.url);

  await expect(page.getByRole('tab')).toHaveText(['Text', 'WhatsApp', 'Email']);
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  const country = page.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveValue('US');
  const input = page.getByLabel('Phone number');
  expect((await input.boundingBox())?.height).toBe(47);
  expect((await page.locator('.ks-country').boundingBox())?.height).toBe(47);
  await expectAccessibleNow(page, 'the widget Text tab');
  await input.fill(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`);
  await screenshot(page, 'otp-phone-tab');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  await expect(page.getByText(`A 6-digit passcode was sent to you at ${phone}.`)).toBeVisible();
  await expect(page.getByText(/^Your code expires in [45]:\d\d\.$/)).toBeVisible();
  await expectAccessibleNow(page, 'the widget OTP Authenticate screen for a phone');
  await screenshot(page, 'otp-authenticate-phone');

  const code = await keepsake.textedCode(phone);
  await page.getByLabel('One-time passcode').pressSequentially(code);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  // The Success screen fires AUTHENTICATE_FLOW_COMPLETE in an effect after it renders: polled, not read at once.
  await expect.poll(() => page.evaluate(() => window.widget.events)).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');
});

test('an invalid number gets the §5 message and no text; the WhatsApp tab reads numbers in the chosen country', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await openWidget(page, sdkPages.site, project.publicToken, keepsake.url);

  await page.getByLabel('Phone number').fill('555');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid phone number, please try again.');
  await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleNow(page, 'the widget Text tab with an invalid number');
  await screenshot(page, 'otp-phone-invalid');

  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(page.getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('GB');
  await expect(page.locator('.ks-country')).toContainText('GB +44');
  const subscriber = String(Math.floor(100000 + Math.random() * 899999));
  await page.getByLabel('Phone number').fill(`07400 ${subscriber}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const phone = `+447400${subscriber}`;
  await expect(page.getByText(`A 6-digit passcode was sent to you at ${phone}.`)).toBeVisible();
  expect(await keepsake.textedCode(phone)).toMatch(/^\d{6}$/);
  expect(await keepsake.textsTo('+1555')).toBe(0);
});
