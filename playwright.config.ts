import { defineConfig } from '@playwright/test';

// Browser end-to-end tests: Debian's Chromium against the real server (PGlite in a temp dir) with a real SMTP
// sink. e2e/global-setup.ts starts both and publishes their addresses in the environment the workers inherit.
// The specs of the `serial` project (relative to testDir; ADR 123):
//   - product-sign-in: switches the platform project's sign-in methods and OAuth providers (the console's own
//     /signin, where every other spec signs in) and signs the one administrator in by the count of its mails;
//   - auth-ui-passwords: its password screens wait 10 s for zxcvbn and argon2 on the shared server, which timed out
//     beside another worker's password specs at a load average of 25.
const SERIAL_SPECS = ['product-sign-in.spec.ts', 'auth-ui-passwords.spec.ts'];
const namesSerialSpec = process.argv.some((arg) => SERIAL_SPECS.some((spec) => arg.split(':')[0]!.endsWith(spec)));

export default defineConfig({
  testDir: 'e2e',
  // Only the browser specs: the vitest files elsewhere must never be collected by Playwright.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // Two workers share the one server (ADR 123): the stage is mostly waiting (server, devnet blocks, browser), so a
  // second worker halves it on two cores. A spec file's tests stay in order in one worker (no fullyParallel).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Each test shares the machine and the server with the other worker's: twice the 30 s one worker had (ADR 123).
  timeout: 60_000,
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
  // Specs that change deployment-wide state other specs observe, or that time out beside another worker, run alone
  // after the rest (SERIAL_SPECS). Every other spec works in its own users, projects, phone numbers and fresh devnet
  // keys, and shares the server with the other worker.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: SERIAL_SPECS },
    {
      name: 'serial',
      use: { browserName: 'chromium' },
      testMatch: SERIAL_SPECS,
      workers: 1,
      // After every other spec, so that nothing runs beside it; not when the command line names the spec itself
      // (a dependency project runs in full whatever the filter: `playwright test e2e/product-sign-in.spec.ts`
      // would otherwise run the whole suite first; `--no-deps` does the same by hand).
      dependencies: namesSerialSpec ? [] : ['chromium'],
    },
  ],
});
