// Issue 11 "Navigation" (ADR 096): on a phone the console's sections are in the header's menu, not a sideways
// strip; a sub-page highlights its section; every page has its own tab title; "Skip to content" is the first tab
// stop; the project switcher is labelled; a bar shows while the next page loads; another casing of a spec path
// redirects to it; and at 1280 px the header's logo lines up with the sidebar.
import { AXE_VIEWPORTS, expect, expectAccessibleNow, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';

const SECTIONS = [
  { name: 'Overview', path: '/console/overview', title: 'Overview · Console · Keepsake' },
  { name: 'Projects', path: '/console/projects', title: 'Projects · Console · Keepsake' },
  { name: 'API keys', path: '/console/projects/apiKeys', title: 'API keys · Console · Keepsake' },
  { name: 'Members', path: '/console/projects/addMember', title: 'Add a member · Console · Keepsake' },
  { name: 'Settings', path: '/console/projects/settings', title: 'Project settings · Console · Keepsake' },
  { name: 'Branding', path: '/console/projects/branding', title: 'Sign-in widget · Console · Keepsake' },
  { name: 'Connected apps', path: '/console/projects/connected-apps', title: 'Connected apps · Console · Keepsake' },
  { name: 'Collections', path: '/console/collections', title: 'Collections · Console · Keepsake' },
  { name: 'Orders', path: '/console/orders', title: 'Orders · Console · Keepsake' },
  { name: 'Webhooks', path: '/console/webhooks', title: 'Webhooks · Console · Keepsake' },
  { name: 'Wallets', path: '/console/wallets', title: 'Wallets · Console · Keepsake' },
  { name: 'Account', path: '/console/account', title: 'Account · Console · Keepsake' },
] as const;

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens every console section, toggles its label and closes on Escape', async ({ page, mailbox }) => {
    await signInWithProject(page, mailbox, uniqueEmail('nav-phone'), 'Nav phone');
    // No sideways strip: the sidebar is hidden, the switcher heads the page.
    await expect(page.getByRole('complementary')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Project' }).locator('option:checked')).toHaveText('Nav phone');

    const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    for (const section of SECTIONS) {
      await test.step(section.name, async () => {
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const menu = page.getByRole('dialog', { name: 'Menu' });
        const close = menu.getByRole('button', { name: 'Close menu' });
        await expect(close).toBeFocused();
        await expect(close).toBeInViewport();
        const links = menu.getByRole('navigation', { name: 'Console' }).getByRole('link');
        await expect(links).toHaveText(SECTIONS.map((item) => item.name));
        const link = links.filter({ hasText: section.name });
        await expect(link).toBeInViewport();
        await link.click();
        await expect(menu).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`${escape(section.path)}$`));
        await expect(page).toHaveTitle(section.title);
      });
    }

    // The current section is marked in the menu; Escape closes it and gives focus back to the button.
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    await expectAccessibleNow(page, 'the console menu open', [AXE_VIEWPORTS[1]]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sidebar, titles, skip link, switcher, progress bar and casing redirects', async ({ page, mailbox }) => {
    await signInWithProject(page, mailbox, uniqueEmail('nav-desk'), 'Nav desk');
    const sidebar = page.getByRole('complementary').getByRole('navigation', { name: 'Console' });

    await test.step('the header logo and the sidebar share a left edge', async () => {
      const logo = await page.getByRole('banner').getByRole('link', { name: 'Keepsake' }).boundingBox();
      const nav = await sidebar.boundingBox();
      expect(logo).not.toBeNull();
      expect(nav).not.toBeNull();
      expect(Math.abs(logo!.x - nav!.x)).toBeLessThanOrEqual(2);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeHidden();
    });

    await test.step('the project switcher is labelled, in the sidebar', async () => {
      const switcher = page.getByRole('complementary').getByRole('combobox', { name: 'Project' });
      await expect(switcher.locator('option:checked')).toHaveText('Nav desk');
      await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(1);
    });

    await test.step('a sub-page highlights its section, with aria-current', async () => {
      await page.goto('/console/create-collection');
      await expect(page).toHaveTitle('Create a collection · Console · Keepsake');
      await expect(sidebar.getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
      await expect(sidebar.locator('[aria-current]')).toHaveCount(1);
      await page.goto('/console/projects/apiKeys');
      await expect(page).toHaveTitle('API keys · Console · Keepsake');
      await expect(sidebar.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
      await expect(sidebar.getByRole('link', { name: 'Projects' })).not.toHaveAttribute('aria-current');
    });

    await test.step('"Skip to content" is the first tab stop and moves focus to the content', async () => {
      await page.goto('/console/overview');
      await expect(page).toHaveTitle('Overview · Console · Keepsake');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });

    await test.step('a bar shows while the next page loads, and goes when it has', async () => {
      await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await sidebar.getByRole('link', { name: 'Wallets' }).click();
      await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
      release();
      await expect(page).toHaveURL(/\/console\/wallets$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
      await page.unroute('**/*.js');
    });

    await test.step('another casing of a spec path redirects to it', async () => {
      await page.goto('/console/projects/APIKEYS?from=casing');
      await expect(page).toHaveURL(/\/console\/projects\/apiKeys\?from=casing$/);
      await expect(page).toHaveTitle('API keys · Console · Keepsake');
      await page.goto('/Console/Wallets');
      await expect(page).toHaveURL(/\/console\/wallets$/);
    });

    await test.step('app pages outside the console have their own titles', async () => {
      await page.goto('/user/collection');
      await expect(page).toHaveTitle('Your collection · Keepsake');
    });
  });
});
