// The console's sign-in settings: an owner sets the project's allowed origins, redirect URLs, expiries, password
// policy, captcha and MFA (each switched on only after a confirmation), with validation; the values survive a
// reload and the auth service (/sdk/v1) applies them at once.
import { expect, expectAccessibleNow, test } from './fixtures.ts';

test('an owner edits every sign-in setting in project settings, with confirmations, and /sdk/v1 follows', async ({ page, mailbox }) => {
  const email = `settings-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await test.step('sign in and create a project', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('One-time passcode').pressSequentially(await mailbox.passcodeFor(email));
    await expect(page).toHaveURL(/\/user$/, { timeout: 15_000 });
    const created = await page.request.post('/api/console/projects', { data: { name: 'Settings E2E' } });
    expect(created.status()).toBe(201);
  });

  const project = (await (await page.request.get('/api/console/projects')).json()) as { projects: Array<{ id: string; publicToken: string }> };
  const publicToken = project.projects[0]!.publicToken;
  const bootstrapFrom = (origin: string) => page.request.get(`/sdk/v1/projects/bootstrap/${publicToken}`, { headers: { origin } });

  await test.step('the settings section loads with no origins and captcha off', async () => {
    await page.goto('/console/projects/settings');
    const section = page.getByRole('region', { name: 'Sign-in settings' });
    await expect(section.getByLabel('Allowed origins')).toHaveValue('');
    await expect(section.getByRole('checkbox', { name: /Require a captcha/ })).not.toBeChecked();
    await expect(section.getByRole('button', { name: 'Save sign-in settings' })).toBeDisabled();
    expect((await bootstrapFrom('https://shop.example.com')).status()).toBe(403);
  });

  await test.step('a path is refused with a message; a valid list and captcha are saved', async () => {
    const section = page.getByRole('region', { name: 'Sign-in settings' });
    const origins = section.getByLabel('Allowed origins');
    await origins.fill('https://shop.example.com/cart');
    await section.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(section.getByRole('alert')).toContainText('https://shop.example.com/cart is not an origin');
    await expect(origins).toHaveAttribute('aria-invalid', 'true');

    await origins.fill('https://shop.example.com\nhttps://admin.example.com');
    const captcha = section.getByRole('checkbox', { name: /Require a captcha/ });
    await captcha.click();
    const dialog = page.getByRole('alertdialog', { name: 'Require a captcha?' });
    await expect(dialog).toContainText("refused with 'Captcha required'");
    await expectAccessibleNow(page, 'the captcha confirmation open');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(captcha).not.toBeChecked();
    await captcha.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Require a captcha' }).click();
    await expect(captcha).toBeChecked();
    await section.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(page.getByText('Sign-in settings saved')).toBeVisible();
    await expect(section.getByRole('status')).toHaveText('All changes saved.');
  });

  await test.step('redirect URLs, expiries, the LUDS policy and MFA are checked, confirmed and saved', async () => {
    const section = page.getByRole('region', { name: 'Sign-in settings' });
    const draft = section.getByLabel('New redirect URL');
    await draft.fill('shop.example.com/authenticate');
    await section.getByRole('button', { name: 'Add URL' }).click();
    await expect(section.getByText('Enter an absolute http:// or https:// URL')).toBeVisible();
    await draft.fill('https://shop.example.com/authenticate');
    await draft.press('Enter');
    await draft.fill('https://shop.example.com/old');
    await section.getByRole('button', { name: 'Add URL' }).click();
    await section.getByRole('button', { name: 'Remove https://shop.example.com/old' }).click();
    await expect(section.getByRole('list', { name: 'Allowed redirect URLs' }).getByRole('listitem').locator('code')).toHaveText([
      'https://shop.example.com/authenticate',
    ]);

    const loginMinutes = section.getByLabel('Magic link expiry, login (minutes)');
    await loginMinutes.fill('2');
    await section.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(section.getByText('Enter a whole number from 5 to 10080')).toBeVisible();
    await expect(loginMinutes).toHaveAttribute('aria-invalid', 'true');
    await loginMinutes.fill('5');
    await section.getByLabel('Email passcode expiry (minutes)').fill('3');
    await section.getByLabel('Strength policy').selectOption('luds');
    await section.getByLabel('Minimum length (LUDS)').fill('12');
    await section.getByLabel('Character classes required (LUDS)').fill('4');

    const mfa = section.getByRole('checkbox', { name: /Require a second factor/ });
    await mfa.click();
    const dialog = page.getByRole('alertdialog', { name: 'Require a second factor?' });
    await expect(dialog).toContainText('must enter a code from the app');
    await expectAccessibleNow(page, 'the second-factor confirmation open');
    await dialog.getByRole('button', { name: 'Require a second factor' }).click();
    await expect(mfa).toBeChecked();
    await section.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(section.getByRole('status')).toHaveText('All changes saved.');
  });

  await test.step('the settings stay after a reload, and the auth service applies them', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Sign-in settings' });
    await expect(section.getByLabel('Allowed origins')).toHaveValue('https://shop.example.com\nhttps://admin.example.com');
    await expect(section.getByRole('checkbox', { name: /Require a captcha/ })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: /Require a second factor/ })).toBeChecked();
    await expect(section.getByRole('list', { name: 'Allowed redirect URLs' }).getByRole('listitem').locator('code')).toHaveText([
      'https://shop.example.com/authenticate',
    ]);
    await expect(section.getByLabel('Magic link expiry, login (minutes)')).toHaveValue('5');
    await expect(section.getByLabel('Email passcode expiry (minutes)')).toHaveValue('3');
    await expect(section.getByLabel('Strength policy')).toHaveValue('luds');
    await expect(section.getByLabel('Minimum length (LUDS)')).toHaveValue('12');

    const allowed = await bootstrapFrom('https://shop.example.com');
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers()['access-control-allow-credentials']).toBe('true');
    const boot = (await allowed.json()) as { data: { captcha_settings: unknown; password_config: unknown } };
    expect(boot.data.captcha_settings).toMatchObject({ enabled: true });
    expect(boot.data.password_config).toEqual({ luds_complexity: 4, luds_minimum_count: 12 });
    expect((await bootstrapFrom('https://evil.example.com')).status()).toBe(403);

    const strength = await page.request.post('/sdk/v1/passwords/strength_check', {
      headers: { authorization: `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`, origin: 'https://shop.example.com' },
      data: { password: 'maple-river-42' },
    });
    expect(strength.status()).toBe(200);
    const verdict = (await strength.json()) as { data: { strength_policy: string; valid_password: boolean } };
    expect(verdict.data).toMatchObject({ strength_policy: 'luds', valid_password: false });
  });
});
