import { defineConfig } from '@playwright/test';

// Browser end-to-end tests: Debian's Chromium against the real server (PGlite in a temp dir) with a real SMTP
// sink. e2e/global-setup.ts starts both and publishes their addresses in the environment the workers inherit.
export default defineConfig({
  testDir: 'e2e',
  // Only the browser specs: the vitest files elsewhere must never be collected by Playwright.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    // Set by global-setup before the workers start (e2e/fixtures.ts reads the same variable).
    baseURL: process.env.KEEPSAKE_E2E_BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
