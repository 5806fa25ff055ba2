// The fixtures of the genuine-client suite (e2e/genuine-client/*.spec.ts), on top of ../sdk-fixtures.ts (the
// worker's server seen from outside: `keepsake`, a console user who creates test projects, and the dev outbox):
//   - `genuineSite` (per worker): the test page with Stytch's own @stytch/vanilla-js, on another origin;
//   - `genuine`: opens that page in a Playwright page and creates the client for a project there, and reads what
//     the client stored (cookies of the page's origin, session.getSync(), user.getSync(), getTokens()).
// Each spec loads the page once where it can, and drives one project through it.
import type { BrowserContext, Cookie, Page } from '@playwright/test';
import type { StytchLoginConfig } from '@stytch/vanilla-js';
import { expect, test as base } from '../sdk-fixtures.ts';
import './support/page-types.ts';
import { startGenuineSite, type GenuineSite } from './support/site.ts';

export type GenuineProject = { id: string; publicToken: string };

/** What the client keeps: its cookies on the page's origin and what its sync getters answer. */
export type Stored = {
  cookies: Record<string, Cookie>;
  session: { session_id: string; user_id: string; authentication_factors: Array<{ type: string; delivery_method: string }> } | null;
  user: { user_id: string; emails: Array<{ email: string; email_id: string }>; phone_numbers: Array<{ phone_number: string; phone_id: string }> } | null;
  tokens: { session_token: string; session_jwt: string } | null;
};

export type GenuinePages = {
  /** The test page's origin. */
  site: string;
  /** A new test project (with `authConfig`), the page loaded at `path`, and `window.stytch` created for it. */
  start(page: Page, setup?: { authConfig?: Record<string, unknown>; path?: string }): Promise<GenuineProject>;
  /** Loads the test page at `path` and creates the headless client for `publicToken` again (a new page load). */
  reopen(page: Page, publicToken: string, path: string): Promise<void>;
  /**
   * The page loaded and the pre-built UI client's login screen mounted with `config`, for `setup.project` or a new
   * project (with `setup.authConfig`).
   */
  mountLogin(page: Page, config: StytchLoginConfig, setup?: { project?: GenuineProject; authConfig?: Record<string, unknown> }): Promise<GenuineProject>;
  /** What the client stored. */
  stored(page: Page): Promise<Stored>;
};

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
export { unique };

export const test = base.extend<{ genuine: GenuinePages }, { genuineSite: GenuineSite }>({
  genuineSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring even with no dependencies
    async ({}, use) => {
      const site = await startGenuineSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],

  genuine: async ({ genuineSite, keepsake }, use) => {
    const load = async (page: Page, path = '/') => {
      await page.goto(`${genuineSite.url}${path}`);
      await expect(page.locator('body[data-genuine-ready="true"]')).toBeAttached();
    };
    const createHeadless = (page: Page, publicToken: string) =>
      page.evaluate(([token, url]) => window.genuine.createHeadless(token, url), [publicToken, keepsake.url] as const);
    const cookies = async (context: BrowserContext) => Object.fromEntries((await context.cookies(genuineSite.url)).map((c) => [c.name, c]));

    await use({
      site: genuineSite.url,
      async start(page, setup = {}) {
        const project = await keepsake.createProject(setup.authConfig);
        await load(page, setup.path);
        await createHeadless(page, project.publicToken);
        return project;
      },
      async reopen(page, publicToken, path) {
        await load(page, path);
        await createHeadless(page, publicToken);
      },
      async mountLogin(page, config, setup = {}) {
        const project = setup.project ?? (await keepsake.createProject(setup.authConfig));
        await load(page);
        await page.evaluate(([token, url, c]) => window.genuine.mountLogin(token, url, c), [project.publicToken, keepsake.url, config] as const);
        return project;
      },
      async stored(page) {
        const fromClient = await page.evaluate(() => ({
          session: window.stytch.session.getSync(),
          user: window.stytch.user.getSync(),
          tokens: window.stytch.session.getTokens(),
        }));
        return { ...(fromClient as Omit<Stored, 'cookies'>), cookies: await cookies(page.context()) };
      },
    });
  },
});

/**
 * The state after a sign-in: a session and the same user in the client, its two cookies (`stytch_session` holding
 * the token getTokens() answers, `stytch_session_jwt` the JWT), and the listeners told of both.
 */
export async function expectSignedIn(genuine: GenuinePages, page: Page, expected: { userId?: string; email?: string; phone?: string } = {}) {
  const stored = await genuine.stored(page);
  expect(stored.session?.session_id, 'session.getSync()').toMatch(/\S/);
  expect(stored.user?.user_id, 'user.getSync()').toBe(stored.session!.user_id);
  if (expected.userId) expect(stored.user!.user_id).toBe(expected.userId);
  if (expected.email) expect(stored.user!.emails.map((e) => e.email)).toContain(expected.email);
  if (expected.phone) expect(stored.user!.phone_numbers.map((p) => p.phone_number)).toContain(expected.phone);
  expect(stored.tokens?.session_token).toMatch(/\S/);
  expect(stored.cookies.stytch_session?.value).toBe(stored.tokens!.session_token);
  expect(stored.cookies.stytch_session_jwt?.value).toBe(stored.tokens!.session_jwt);
  expect(stored.cookies.stytch_session).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
  const changes = await page.evaluate(() => window.genuine.changes);
  expect(changes.filter((c) => c.kind === 'session').at(-1)).toEqual({ kind: 'session', sessionId: stored.session!.session_id });
  expect(changes.filter((c) => c.kind === 'user').at(-1)).toMatchObject({ kind: 'user', userId: stored.user!.user_id });
  return stored;
}

/** The state after a sign-out: nothing stored, no cookies, and the listeners told. */
export async function expectSignedOut(genuine: GenuinePages, page: Page) {
  const stored = await genuine.stored(page);
  expect([stored.session, stored.user, stored.tokens]).toEqual([null, null, null]);
  expect(Object.keys(stored.cookies).filter((name) => name.startsWith('stytch_'))).toEqual([]);
  const changes = await page.evaluate(() => window.genuine.changes);
  expect(changes.filter((c) => c.kind === 'session').at(-1)).toEqual({ kind: 'session', sessionId: null });
  expect(changes.filter((c) => c.kind === 'user').at(-1)).toMatchObject({ kind: 'user', userId: null });
}

export { expect };
