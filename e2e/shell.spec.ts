// The app shell for anonymous visitors: mobile menu, not-found page, the uiConfig query param and the theme rule.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/signin']) {
    test(`opens as a dialog that locks scrolling and offers Sign In (${path})`, async ({ page }) => {
      await page.goto(path);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toBeVisible();
      // The desktop actions are hidden on a phone.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeHidden();
      expect(await bodyOverflow(page)).toBe('');

      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect.poll(() => bodyOverflow(page)).toBe('hidden');
      await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Help' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();

      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();
      await expect.poll(() => bodyOverflow(page)).toBe('');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Escape closes it too.
      await toggle.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect.poll(() => bodyOverflow(page)).toBe('');
    });
  }

  test('Sign In in the menu goes to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect.poll(() => bodyOverflow(page)).toBe('');
  });
});

test('/404 and unknown paths show the not-found page with a 404 status', async ({ page, consoleErrors }) => {
  // Chromium logs the 404 document responses we ask for here.
  consoleErrors.allow({ text: /status of 404/, url: /\/(404|no-such-page)$/ });
  for (const path of ['/404', '/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/^[^?#]*\/$/);
});

test('an unparseable uiConfig query param is logged and ignored', async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /^Error parsing uiConfig query param$/ });
  const expected = /^Error parsing uiConfig query param$/;

  await page.goto('/signin?uiConfig=not-json');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect.poll(() => consoleErrors.matching(expected).length).toBe(1);

  await page.goto('/?uiConfig=not-json');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => consoleErrors.matching(expected).length).toBe(2);

  // Valid JSON is accepted silently.
  await page.goto(`/signin?uiConfig=${encodeURIComponent('{"colors":{"accent":"#4f46e5"}}')}`);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(consoleErrors.matching(expected)).toHaveLength(2);
});

test.describe('theme rule', () => {
  test.use({ colorScheme: 'dark' });

  test('light is forced on marketing pages; /signin follows the system preference', async ({ page }) => {
    const html = page.locator('html');

    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'light');

    // Leaving /signin through the app's own link applies the rule again.
    await page.goto('/signin');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('banner').getByRole('link', { name: 'Keepsake' }).click();
    await expect(page).toHaveURL(/^[^?#]*\/$/);
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test.describe('with a light system preference', () => {
    test.use({ colorScheme: 'light' });
    test('/signin is light', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    });
  });
});
