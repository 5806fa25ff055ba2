// Screenshots of the hosted sales page's states for docs/screenshots/checkout/, at 1280 px and 390 px wide.
import type { Page } from '@playwright/test';
import { screenshotBothWidths } from './screenshots.ts';

const screenshots = 'docs/screenshots/checkout';

/** `<name>-1280.png` and `<name>-390.png` of the whole page; the page keeps its viewport. */
export async function checkoutScreenshot(page: Page, name: string): Promise<void> {
  await screenshotBothWidths(page, screenshots, name);
}
