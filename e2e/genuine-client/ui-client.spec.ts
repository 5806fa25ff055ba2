// issue 10: Stytch's own pre-built UI client (StytchUIClient.mountLogin from @stytch/vanilla-js 5.23.1) in
// Chromium against Keepsake, from another origin: an email-passcode sign-in, and the password flow, whose
// create-password screen rendered empty (a Back button only) until users/search answered `userType`.
import type { StytchLoginConfig } from '@stytch/vanilla-js';
import { expect, expectSignedIn, test, unique } from './fixtures.ts';

test('the UI client signs in with an email passcode', async ({ page, genuine, mailbox }) => {
  await genuine.mountLogin(page, {
    products: ['otp'],
    otpOptions: { methods: ['email'], expirationMinutes: 10 },
    sessionOptions: { sessionDurationMinutes: 60 },
  });
  const email = unique('genuine-ui-otp');
  const login = page.locator('#login');

  await login.getByPlaceholder('example@email.com').fill(email);
  await login.getByRole('button', { name: 'Continue with email' }).click();
  await expect(login.getByText('Enter passcode')).toBeVisible();
  await expect(login.getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();

  await login.getByRole('textbox', { name: 'One-time passcode' }).pressSequentially(await mailbox.passcodeFor(email));
  await expect(login.getByText('Your passcode has been successfully verified.')).toBeVisible();
  expect(await page.evaluate(() => [window.genuine.uiEvents, window.genuine.uiErrors])).toEqual([
    ['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE'],
    [],
  ]);
  const stored = await expectSignedIn(genuine, page, { email });
  expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'otp', delivery_method: 'email' })]);
});

test('the UI client creates a password for a new user, then logs back in with it', async ({ page, genuine }) => {
  const email = unique('genuine-ui-password');
  const password = `Ui-${Math.random().toString(36).slice(2)}-Vault!42`;
  const config: StytchLoginConfig = { products: ['passwords'], sessionOptions: { sessionDurationMinutes: 60 } };
  const project = await genuine.mountLogin(page, config);
  const login = page.locator('#login');

  await test.step('a new address gets the create-password screen (userType new), and the password signs the user in', async () => {
    await login.getByPlaceholder('example@email.com').fill(email);
    await login.getByRole('button', { name: 'Continue with email' }).click();
    await expect(login.getByText('Finish creating your account by setting a password.')).toBeVisible();
    await login.getByRole('textbox', { name: 'Password' }).fill(password);
    // Continue is enabled once the strength check (zxcvbn, on the server) accepts the password.
    await login.getByRole('button', { name: 'Continue' }).click();
    await expect(login.getByText('You have successfully logged in.')).toBeVisible();
    expect(await page.evaluate(() => [window.genuine.uiEvents, window.genuine.uiErrors])).toEqual([['PASSWORD_CREATE', 'AUTHENTICATE_FLOW_COMPLETE'], []]);
    await expectSignedIn(genuine, page, { email });
  });

  await test.step('signed out and back on the login screen, the address is a password user (userType password)', async () => {
    expect((await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()))).ok).toBe(true);
    await genuine.mountLogin(page, config, { project });
    await login.getByPlaceholder('example@email.com').fill(email);
    await login.getByRole('button', { name: 'Continue with email' }).click();
    await login.getByRole('textbox', { name: 'Password' }).fill(password);
    await login.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(login.getByText('You have successfully logged in.')).toBeVisible();
    expect(await page.evaluate(() => window.genuine.uiEvents)).toContain('PASSWORD_AUTHENTICATE');
    await expectSignedIn(genuine, page, { email });
  });
});
