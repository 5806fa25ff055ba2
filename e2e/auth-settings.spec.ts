// The console's sign-in settings: an owner sets the project's allowed origins and captcha, with validation,
// and the auth service (/sdk/v1) applies them at once.
import { expect, test } from './fixtures.ts';

test('an owner edits allowed origins and captcha in project settings, and /sdk/v1 follows', async ({ page, mailbox }) => {
  const email = `settings-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await test.step('sign in and create a project', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Passcode').pressSequentially(await mailbox.passcodeFor(email));
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
    await section.getByRole('checkbox', { name: /Require a captcha/ }).check();
    await section.getByRole('button', { name: 'Save sign-in settings' }).click();
    await expect(page.getByText('Sign-in settings saved')).toBeVisible();
  });

  await test.step('the settings stay after a reload, and the auth service applies them', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Sign-in settings' });
    await expect(section.getByLabel('Allowed origins')).toHaveValue('https://shop.example.com\nhttps://admin.example.com');
    await expect(section.getByRole('checkbox', { name: /Require a captcha/ })).toBeChecked();

    const allowed = await bootstrapFrom('https://shop.example.com');
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers()['access-control-allow-credentials']).toBe('true');
    expect(((await allowed.json()) as { data: { captcha_settings: unknown } }).data.captcha_settings).toMatchObject({ enabled: true });
    expect((await bootstrapFrom('https://evil.example.com')).status()).toBe(403);
  });
});
