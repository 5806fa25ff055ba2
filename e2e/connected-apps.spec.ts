// Connected apps in the console (issue 13 §7): an owner registers a confidential third-party app (its secret shown
// once, with a copy button), edits its redirect URIs and scopes, sets the project's authorization URL, and deletes
// the app after a confirmation. Axe at 1280 and 390 px on every state; screenshots in docs/screenshots/connected-apps.
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots/connected-apps';

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

test('an owner registers, edits and deletes a connected app, and sets the authorization URL', async ({ page, context, mailbox, consoleErrors }) => {
  await test.step('sign in and open Connected apps: the empty state', async () => {
    await signInWithProject(page, mailbox, uniqueEmail('apps'), 'Connected apps E2E');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Connected apps' }).click();
    await expect(page).toHaveURL(/\/console\/projects\/connected-apps$/);
    await expect(page.getByRole('heading', { name: 'No connected apps yet' })).toBeVisible();
    await expect(page.getByText(/\/v1\/public\/[0-9a-f-]{36}$/)).toBeVisible();
    await screenshot(page, 'empty');
  });

  let secret = '';
  await test.step('create a confidential third-party app: the secret is shown once with a copy button', async () => {
    await page.getByRole('button', { name: 'Add connected app' }).click();
    const form = page.getByRole('form', { name: 'New connected app' });
    await form.getByLabel('App name').fill('Partner portal');
    await form.getByLabel('Client authentication').selectOption('confidential');
    await form.getByRole('textbox', { name: 'Redirect URIs', exact: true }).fill('https://partner.example.com/cb');
    await expect(form.getByRole('checkbox', { name: /^openid/ })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: /^offline_access/ })).not.toBeChecked();
    await form.getByRole('checkbox', { name: /^offline_access/ }).check();
    await expectAccessibleNow(page, 'the create form');
    await screenshot(page, 'create');
    await form.getByRole('button', { name: 'Create app' }).click();

    const created = page.getByRole('status', { name: 'Partner portal is registered' });
    await expect(created).toBeVisible();
    secret = (await created.locator('code').nth(1).textContent()) ?? '';
    expect(secret).toMatch(/^connected-app-secret-[A-Za-z0-9_-]{43}$/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await created.getByRole('button', { name: 'Copy Client secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessibleNow(page, 'the secret shown once');
    await screenshot(page, 'created');
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    const item = page.getByRole('listitem', { name: 'Partner portal' });
    await expect(item.getByText(`Client secret ending in …${secret.slice(-4)}`)).toBeVisible();
    await expect(item.getByRole('list', { name: 'Allowed scopes' }).getByRole('listitem')).toHaveText(['openid', 'profile', 'email', 'offline_access']);
  });

  await test.step('a bad redirect URI is refused with the server message; an edit saves', async () => {
    consoleErrors.allow({ text: /status of 400/, url: /\/connected-apps\/connected-app-/ });
    await page.getByRole('button', { name: 'Edit Partner portal' }).click();
    const form = page.getByRole('form', { name: 'Edit Partner portal' });
    await form.getByRole('textbox', { name: 'Redirect URIs', exact: true }).fill('http://partner.example.com/cb');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText(/https:\/\/ URL/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Redirect URIs', exact: true }).fill('https://partner.example.com/cb\nhttps://partner.example.com/other');
    await form.getByRole('checkbox', { name: /^phone/ }).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Partner portal saved.')).toBeVisible();
    const item = page.getByRole('listitem', { name: 'Partner portal' });
    await expect(item.getByText('https://partner.example.com/other')).toBeVisible();
    await expect(item.getByRole('list', { name: 'Allowed scopes' })).toContainText('phone');
  });

  await test.step('set the authorization URL: discovery names it', async () => {
    await page.getByLabel('Authorization URL').fill('https://app.example.com/oauth/authorize');
    await page.getByRole('button', { name: 'Save authorization URL' }).click();
    await expect(page.getByText('Authorization URL saved.')).toBeVisible();
    const issuer = (await page.getByRole('region', { name: 'Identity provider' }).locator('code').first().textContent())!;
    const discovery = await page.request.get(`${issuer}/.well-known/openid-configuration`);
    expect((await discovery.json()).authorization_endpoint).toBe('https://app.example.com/oauth/authorize');
    await screenshot(page, 'list');
  });

  await test.step('delete after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Partner portal' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Partner portal?' });
    await expect(dialog).toBeVisible();
    await expectAccessibleNow(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Delete app' }).click();
    await expect(page.getByText('Partner portal deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No connected apps yet' })).toBeVisible();
  });
});
