// Issue 13 item 4: /console/projects/branding, the sign-in widget playground. An owner changes a colour and a
// product; the real widget in the preview follows at once, the snippet says the same, Copy puts it on the
// clipboard, and Save keeps it as the project's widget (authConfig.widget) across a reload.
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots/widget';

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

test('an owner themes the widget, sees the preview and snippet follow, copies the code and saves it', async ({ page, context, mailbox }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await test.step('sign in and create a project', () => signInWithProject(page, mailbox, uniqueEmail('playground'), 'Playground E2E'));
  const { projects } = (await (await page.request.get('/api/console/projects')).json()) as { projects: Array<{ id: string; publicToken: string }> };
  const project = projects[0]!;

  const preview = page.getByTestId('widget-preview');
  const heading = preview.getByRole('heading', { name: 'Sign up or log in' });
  const code = page.getByLabel('JavaScript code', { exact: true });

  await test.step('the sidebar links the playground; it opens on the default widget', async () => {
    await page.goto('/console/overview');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Branding' }).click();
    await expect(page).toHaveURL(/\/console\/projects\/branding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in widget' })).toBeVisible();
    await expect(heading).toBeVisible();
    await expect(preview.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'One-time passcodes' })).toBeChecked();
    await expect(code).toContainText(`new StytchUIClient('${project.publicToken}'`);
    await expect(code).toContainText("products: ['otp'],");
  });

  await test.step('a colour: the preview heading turns red and the snippet carries it', async () => {
    await expect(heading).toHaveCSS('color', 'rgb(25, 48, 61)');
    await page.getByLabel('Colours: Primary', { exact: true }).fill('#B91C1C');
    await expect(heading).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(code).toContainText("primary: '#B91C1C',");
    await page.getByLabel('Container: Width', { exact: true }).fill('360px');
    await expect(preview.locator('.ks-widget')).toHaveCSS('width', '360px');
  });

  await test.step('a product: magic links beside email passcodes is the §5 error, in the preview and before Save', async () => {
    await page.getByRole('checkbox', { name: 'Email magic links' }).check();
    await expect(preview).toContainText('Error: Cannot use both EML and Email OTP');
    await expect(code).toContainText("products: ['otp', 'emailMagicLinks'],");
    await expect(page.getByRole('button', { name: 'Save widget' })).toBeDisabled();
    await expectAccessibleNow(page, 'the preview showing a configuration error');
    await page.getByRole('checkbox', { name: 'Email magic links' }).uncheck();
    await expect(heading).toBeVisible();
    // Text passcodes as a second channel, and the heading hidden.
    await page.getByRole('checkbox', { name: 'Text (SMS)' }).check();
    await page.getByRole('checkbox', { name: "Hide the 'Sign up or log in' heading" }).check();
    await expect(heading).toBeHidden();
    await expect(code).toContainText("methods: ['email', 'sms'],");
    await expect(code).toContainText('hideHeaderText: true,');
  });

  await test.step('Copy puts the snippet on the clipboard and says Copied; the React code is there too', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const copy = page.getByRole('button', { name: 'Copy the JavaScript code' });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await code.textContent());
    expect(copied).toContain("primary: '#B91C1C',");
    await page.getByRole('tab', { name: 'React' }).click();
    await expect(page.getByLabel('React code', { exact: true })).toContainText('<StytchLogin config={config} styles={styles} />');
  });

  await test.step('Save keeps it: after a reload the controls, preview and server agree', async () => {
    await page.getByRole('button', { name: 'Save widget' }).click();
    await expect(page.getByText('Widget saved')).toBeVisible();
    const stored = (await (await page.request.get(`/api/console/projects/${project.id}/auth-config`)).json()) as {
      authConfig: { widget: unknown };
    };
    expect(stored.authConfig.widget).toEqual({
      config: { products: ['otp'], otpOptions: { methods: ['email', 'sms'], expirationMinutes: 5 } },
      styles: { colors: { primary: '#B91C1C' }, container: { width: '360px' }, hideHeaderText: true },
    });
    await page.reload();
    await expect(page.getByLabel('Colours: Primary', { exact: true })).toHaveValue('#B91C1C');
    await expect(page.getByRole('checkbox', { name: 'Text (SMS)' })).toBeChecked();
    await expect(preview.locator('.ks-widget')).toHaveCSS('width', '360px');
    await expect(heading).toBeHidden();
  });

  await test.step('screenshots', async () => {
    await page.getByRole('checkbox', { name: "Hide the 'Sign up or log in' heading" }).uncheck();
    await expect(heading).toBeVisible();
    // From the top, so the preview (sticky beside the form at desktop width) sits where a visitor first sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'playground');
  });
});
