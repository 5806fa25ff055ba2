// The widget's passkeys (ADR 113, issue 13) on a customer's page with Chromium's virtual authenticator: sign in with
// an email passcode, register a passkey through the passkey registration mount, sign out, sign in with the 'Login
// with a Passkey' button (a browser without passkey autofill), then through autofill on the email input
// (conditional mediation), rename and delete the passkey, and the §8 message when a deleted passkey is offered.
// Axe at 1280 and 390 px on every passkey screen; screenshots in docs/screenshots/widget/.
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test } from './sdk-fixtures.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const config = { products: ['otp' as const, 'passkeys' as const], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };
const NOT_FOUND = 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const screenshots = 'docs/screenshots/widget';

async function openWidget(page: Page, site: string): Promise<void> {
  await page.goto(`${site}/widget`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
}

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

test('passkeys in the widget: register through the registration mount, sign in with the button and with autofill, rename, delete', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const project = await keepsake.createProject();
  const authenticator = await addVirtualAuthenticator(page);
  const email = `widget-passkey-${Date.now()}@example.com`;
  const mountLogin = () =>
    page.evaluate(([token, endpoint, c]) => window.widget.mount(token, endpoint, c), [project.publicToken, keepsake.url, config] as const);
  const mountRegistration = () =>
    page.evaluate(([token, endpoint]) => window.widget.mountPasskeyRegistration(token, endpoint), [project.publicToken, keepsake.url] as const);
  const signOut = async () => {
    await page.evaluate(() => window.widget.signOut());
    await openWidget(page, sdkPages.site);
  };

  await test.step('without a session the registration mount shows the §6 error', async () => {
    await openWidget(page, sdkPages.site);
    await mountRegistration();
    await expect(page.getByRole('alert')).toHaveText('Error: Cannot use PasskeyRegistration component without active user authenticated.');
  });

  await test.step('sign in with an email passcode (the email input asks for passkeys meanwhile)', async () => {
    await mountLogin();
    const input = page.getByLabel('Email', { exact: true });
    await expect(input).toHaveAttribute('autocomplete', 'username webauthn');
    // Chromium offers passkey autofill, and the form is shown: no button (spec §2).
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login with a Passkey' })).toHaveCount(0);
    await input.fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('One-time passcode').pressSequentially(await mailbox.passcodeFor(email));
    await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  });

  await test.step('Register New Passkey, then Passkey Registration Success lists it', async () => {
    await page.evaluate(() => (window.widget.events.length = 0));
    await mountRegistration();
    await expect(page.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
    await expectAccessibleNow(page, 'Register New Passkey');
    await screenshot(page, 'passkey-registration-start');
    await page.getByRole('button', { name: 'Create a Passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Your Passkeys' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveText([/Chrome on Linux/]);
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(await page.evaluate(() => window.widget.events)).toEqual(['PASSKEY_REGISTER']);
    await expect(page.getByText('Passkey created')).toBeHidden({ timeout: 5_000 });
    await expectAccessibleNow(page, 'Passkey Registration Success');
    await screenshot(page, 'passkey-registration-success');
  });

  await test.step('sign out, then sign in with the "Login with a Passkey" button where the browser has no autofill', async () => {
    await signOut();
    await page.evaluate(() => (PublicKeyCredential.isConditionalMediationAvailable = async () => false));
    await mountLogin();
    const button = page.getByRole('button', { name: 'Login with a Passkey' });
    await expect(button).toBeVisible();
    // At the top: before the email form.
    expect((await button.boundingBox())!.y).toBeLessThan((await page.getByLabel('Email', { exact: true }).boundingBox())!.y);
    await expectAccessibleNow(page, 'the Main screen with the passkey button');
    await screenshot(page, 'main-passkey-button');
    await button.click();
    await expect(page.getByText('You have successfully logged in with your Passkey.')).toBeVisible();
    await expectAccessibleNow(page, 'Passkey Confirmation');
    await screenshot(page, 'passkey-confirmation');
    expect(await page.evaluate(() => window.widget.events)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  await test.step('sign out, then sign in through autofill on the email input (conditional mediation)', async () => {
    await signOut();
    await mountLogin();
    await expect(page.getByText('You have successfully logged in with your Passkey.')).toBeVisible();
    expect(await page.evaluate(() => window.widget.events)).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  await test.step('rename the passkey; the new name is the server’s', async () => {
    await mountRegistration();
    await page.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const name = page.getByLabel('Passkey name');
    await expect(name).toBeFocused();
    await name.fill('Work laptop – Chrome');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Rename Work laptop – Chrome' })).toBeVisible();
    await openWidget(page, sdkPages.site);
    await mountRegistration();
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveText([/Work laptop – Chrome/]);
  });

  await test.step('delete the passkey after the confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Work laptop – Chrome' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Work laptop – Chrome?' });
    await expect(confirm.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
    await expectAccessibleNow(page, 'the passkey delete confirmation');
    await screenshot(page, 'passkey-registration-success-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('You have no Passkeys yet.')).toBeVisible();
  });

  await test.step('the deleted passkey, still in the authenticator, is refused with the §8 message', async () => {
    consoleErrors.allow({ text: /Failed to load resource/ });
    await signOut();
    await mountLogin();
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.widget.errors.at(-1))).toBe(NOT_FOUND);
  });
});
