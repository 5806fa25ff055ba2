// The test API for the e2e specs: Playwright's `test` with
//   - baseURL from the server global-setup started,
//   - `mailbox`: the mail the server sent to the SMTP sink,
//   - `consoleErrors`: an automatic guard that fails a test on any page error or console error it did not
//     declare with `consoleErrors.allow(…)` (for errors the test causes on purpose).
//   - `serverErrors`: the same for the server's log: an error-level line logged during the test fails it unless
//     the test declared it with `serverErrors.allow(/…/)` (ADR 082).
//   - `accessibility`: an automatic axe-core check (ADR 090) of every app page the test's `page` visited, at
//     1280×800 and 390×844: a serious or critical violation fails the test.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string };

export type Mailbox = {
  /** Messages the sink received for `to`, oldest first. */
  messagesTo(to: string): Promise<ReceivedMail[]>;
  /** Waits for message number `after + 1` to `to` (by default the first) and returns it. */
  waitFor(to: string, options?: { after?: number; timeout?: number }): Promise<ReceivedMail>;
  /** Waits for a passcode email to `to` and returns its 6-digit code. */
  passcodeFor(to: string, options?: { after?: number; timeout?: number }): Promise<string>;
};

export type AllowedConsoleError = {
  /** Matched against the message text. */
  text?: RegExp;
  /** Matched against the URL Chromium attributes the message to (for failed requests: the resource). */
  url?: RegExp;
};

export type ConsoleErrors = {
  /** Declares an error the test causes deliberately; it is not a failure, however often it appears. */
  allow(expected: AllowedConsoleError): void;
  /** Every console error and page error seen so far, allowed or not. */
  readonly all: string[];
  /** Console messages of type error whose text matches `text` (to assert an expected error appeared). */
  matching(text: RegExp): string[];
};

export type ServerErrors = {
  /** Declares an error-level server log line the test causes deliberately (matched against `level: message (Error: …)`). */
  allow(expected: RegExp): void;
};

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with \`npm run test:e2e\` (playwright.config.ts starts the server)`);
  return value;
}

/** The 6-digit passcode on its own line of the passcode email. */
export function passcodeIn(mail: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no passcode in the email "${mail.subject}": ${mail.text}`);
  return code;
}

/** The SMTP sink's mail, as global-setup publishes it (usable outside a test too, e.g. in worker fixtures). */
export function openMailbox(): Mailbox {
  const mailboxUrl = requiredEnv('KEEPSAKE_E2E_MAILBOX_URL');
  const messagesTo = async (to: string): Promise<ReceivedMail[]> => {
    const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`mailbox answered HTTP ${response.status}`);
    return ((await response.json()) as { messages: ReceivedMail[] }).messages;
  };
  const waitFor: Mailbox['waitFor'] = async (to, { after = 0, timeout = 10_000 } = {}) => {
    await expect.poll(async () => (await messagesTo(to)).length, { message: `email number ${after + 1} to ${to}`, timeout }).toBeGreaterThan(after);
    return (await messagesTo(to))[after]!;
  };
  return { messagesTo, waitFor, passcodeFor: async (to, options) => passcodeIn(await waitFor(to, options)) };
}

/** The e2e server's error-level log lines that no test has judged yet (global-setup keeps them), now judged. */
async function takeServerErrorLines(): Promise<string[]> {
  const url = `${requiredEnv('KEEPSAKE_E2E_MAILBOX_URL')}/server-errors`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`server-errors answered HTTP ${response.status}`);
  const { errors, checked } = (await response.json()) as { errors: string[]; checked: number };
  await fetch(`${url}/checked?count=${errors.length}`, { method: 'POST' });
  return errors.slice(checked);
}

/** The widths every visited page is checked at: the desktop and phone sizes of the README tour. */
export const AXE_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/** The WCAG 2.2 A/AA rules and axe's best practices; only serious and critical findings fail a test. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * One route, whatever ids it holds: `/console/collections/<uuid>/dashboard` → `/console/collections/:id/dashboard`.
 * Each route is checked once per worker (per width), with the data of the first test that visits it.
 */
export function routeKey(url: URL): string {
  const segments = url.pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-|^0x[0-9a-fA-F]{40}$|^\d+$|^[A-Za-z0-9_-]{20,}$/.test(segment) ? ':id' : segment));
  return segments.join('/');
}

/** Routes already checked by this worker. */
const checkedRoutes = new Set<string>();

/** The serious and critical axe violations of the page as it is now, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ')})` : ''}`)
          .join('; ')}`,
    );
}

/**
 * Axe on the page as it is now, at both widths: for a state no URL reaches, such as an open dialog (the automatic
 * check only revisits URLs). Waits for running animations (a dialog fading in) first; the viewport is restored.
 * `viewports` narrows it for a state only one width has (the phone menu).
 */
export async function expectAccessibleNow(page: Page, what: string, viewports: ReadonlyArray<(typeof AXE_VIEWPORTS)[number]> = AXE_VIEWPORTS): Promise<void> {
  // Its own time, not the test's (as the automatic check): axe takes seconds per width on a busy machine.
  base.info().setTimeout(base.info().timeout + 20_000 * viewports.length);
  const original = page.viewportSize();
  const findings: string[] = [];
  try {
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      for (const line of await seriousAxeViolations(page)) findings.push(`${viewport.name} ${what}: ${line}`);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  expect(findings, `serious or critical accessibility violations (axe-core) with ${what}`).toEqual([]);
}

/** Waits until the SPA page has settled: no request for half a second (or 5 s passed) and no loading placeholder. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], [aria-busy="true"]'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

export const test = base.extend<{ mailbox: Mailbox; consoleErrors: ConsoleErrors; serverErrors: ServerErrors; accessibility: void }>({
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? requiredEnv('KEEPSAKE_E2E_BASE_URL'));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring even with no dependencies
  mailbox: async ({}, use) => {
    await use(openMailbox());
  },

  consoleErrors: [
    async ({ page }, use, testInfo) => {
      type Seen = { kind: 'console' | 'pageerror'; text: string; url: string };
      const allowed: AllowedConsoleError[] = [];
      const seen: Seen[] = [];
      const describe = (s: Seen) => (s.kind === 'pageerror' ? `page error: ${s.text}` : `console.error: ${s.text}${s.url ? ` (${s.url})` : ''}`);

      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') seen.push({ kind: 'console', text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => seen.push({ kind: 'pageerror', text: error.stack ?? error.message, url: '' }));

      await use({
        allow: (expected) => void allowed.push(expected),
        get all() {
          return seen.map(describe);
        },
        matching: (text) => seen.filter((s) => s.kind === 'console' && text.test(s.text)).map((s) => s.text),
      });

      // An uncaught exception is never expected; a console error only when the test allowed it.
      const unexpected = seen
        .filter((s) => s.kind === 'pageerror' || !allowed.some((a) => (!a.text || a.text.test(s.text)) && (!a.url || a.url.test(s.url))))
        .map(describe);
      if (seen.length > 0) await testInfo.attach('console-errors', { body: seen.map(describe).join('\n'), contentType: 'text/plain' });
      expect(unexpected, 'unexpected console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],

  serverErrors: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring even with no dependencies
    async ({}, use, testInfo) => {
      const allowed: RegExp[] = [];
      await use({ allow: (expected) => void allowed.push(expected) });
      // Lines logged since the previous test's check: during this test (or, rarely, just after the previous one).
      const logged = await takeServerErrorLines();
      if (logged.length > 0) await testInfo.attach('server-errors', { body: logged.join('\n'), contentType: 'text/plain' });
      expect(
        logged.filter((line) => !allowed.some((pattern) => pattern.test(line))),
        'unexpected error-level lines in the server log',
      ).toEqual([]);
    },
    { auto: true },
  ],

  accessibility: [
    async ({ page }, use, testInfo) => {
      const visited = new Map<string, string>();
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        let url: URL;
        try {
          url = new URL(frame.url());
        } catch {
          return;
        }
        // The app's pages only: not the API reference, API responses or the SDK test site (checked below).
        if (!/^https?:$/.test(url.protocol) || /^\/(api|docs|sdk)(\/|$)/.test(url.pathname)) return;
        const key = `${url.host}${routeKey(url)}`;
        if (!visited.has(key)) visited.set(key, url.href);
      });

      await use();

      // A failed test has said what is wrong already.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const pending = [...visited.entries()].filter(([key]) => !checkedRoutes.has(routeKey(new URL(`http://${key}`))));
      if (pending.length === 0) return;
      // A new tab of the test's context (same session) visits each page again as the test left the data, at both
      // widths; the test's own page keeps its state, and console errors there stay the test's.
      const checker = await page.context().newPage();
      const findings: string[] = [];
      try {
        for (const viewport of AXE_VIEWPORTS) {
          await checker.setViewportSize({ width: viewport.width, height: viewport.height });
          for (const [, href] of pending) {
            const response = await checker.goto(href).catch(() => null);
            if (!response) continue;
            // Only Keepsake's own web app (the SDK test pages of the auth specs are not the product).
            const isApp = await checker.locator('meta[property="og:site_name"][content="Keepsake"]').count();
            if (!isApp) continue;
            await settle(checker);
            for (const line of await seriousAxeViolations(checker)) findings.push(`${viewport.name} ${new URL(checker.url()).pathname}: ${line}`);
          }
        }
      } finally {
        await checker.close().catch(() => undefined);
      }
      for (const [key] of pending) checkedRoutes.add(routeKey(new URL(`http://${key}`)));
      if (findings.length > 0) await testInfo.attach('axe-violations', { body: findings.join('\n'), contentType: 'text/plain' });
      expect(findings, 'serious or critical accessibility violations (axe-core)').toEqual([]);
    },
    // Its own time, not the test's: a test that visits many new routes pays a few seconds for each, twice.
    { auto: true, timeout: 180_000 },
  ],
});

export { expect };
