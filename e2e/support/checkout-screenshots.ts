// Screenshots of the hosted sales page's states for docs/screenshots/checkout/, at 1280 px and 390 px wide.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

const screenshots = 'docs/screenshots/checkout';

/** `<name>-1280.png` and `<name>-390.png` of the whole page; the page is left at 1280 × 800. */
export async function checkoutScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
