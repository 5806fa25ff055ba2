// Screenshots for docs/screenshots/: every screen at the two widths the team walks (1280 and 390 px), whole page.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AXE_VIEWPORTS } from '../fixtures.ts';

/**
 * Writes `<dir>/<name>-1280.png` and `<dir>/<name>-390.png` (dir relative to the repository root, where Playwright
 * runs), then gives the page back its viewport (1280 × 800 when it had none).
 */
export async function screenshotBothWidths(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const { width, height } of AXE_VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}
