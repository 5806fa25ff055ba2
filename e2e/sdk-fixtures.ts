// The fixtures of the SDK browser tests (e2e/auth-sdk-*.spec.ts), on top of ./fixtures.ts:
//   - `sdkSite` (per worker): the SDK test page served from http://localhost:<port>, another origin than the server;
//   - `keepsake` (per worker): the running server seen from outside: a console user who creates test-environment
//     projects with chosen auth settings, raw §7 calls, and the dev outbox's texts;
//   - `sdkPages`: opens the test page in a Playwright page and creates the SDK client there.
import { request as apiRequest, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { expect, openMailbox, passcodeIn, requiredEnv, test as base } from './fixtures.ts';
import type { PageClientOptions } from './support/sdk-page-types.ts';
import { startSdkSite, type SdkSite } from './support/sdk-site.ts';

export type SdkProject = { id: string; publicToken: string };
type Answer = { status: number; body: any };

export type Keepsake = {
  url: string;
  /** A new test-environment project; `authConfig` keys replace the defaults (redirectUrls, captcha, mfa, …). */
  createProject(authConfig?: Record<string, unknown>): Promise<SdkProject>;
  /** A §7 call made the way a back end would: Basic public_token:secret, JSON. */
  call(method: 'GET' | 'POST', publicToken: string, path: string, body?: unknown, secret?: string): Promise<Answer>;
  /** Sets the project's OAuth client at `provider` through the console API (docs/oauth.md). */
  setOauthClient(projectId: string, provider: string, client: { clientId: string; clientSecret?: string; enabled?: boolean }): Promise<void>;
  /** A console API call as the worker's project owner (e.g. connected apps, docs/identity-provider.md). */
  consoleCall(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer>;
  /** How many texts the dev outbox holds for `phone`. */
  textsTo(phone: string): Promise<number>;
  /** Waits for text number `after + 1` to `phone` and returns its passcode. */
  textedCode(phone: string, after?: number): Promise<string>;
};

export type SdkPages = {
  /** The test page's origin. */
  site: string;
  /** Loads the test page (at `path`) and waits for the SDK to be ready. */
  open(page: Page, path?: string): Promise<void>;
  /** Creates `window.client` for `publicToken`, pointed at the Keepsake server. */
  createClient(page: Page, publicToken: string, options?: PageClientOptions): Promise<void>;
  /** The cookies of the test page's origin. */
  cookies(context: BrowserContext): Promise<Cookie[]>;
  /** A new project (with `authConfig`), the test page open on `page`, and `window.client` created for the project. */
  start(page: Page, setup?: { authConfig?: Record<string, unknown>; client?: PageClientOptions; path?: string }): Promise<SdkProject>;
};

/**
 * Stops the page's fake clock (installed with `page.clock.install()`) a second ahead of its current time: the
 * margin keeps a busy machine from asking it to jump into the past.
 */
export async function pauseClock(page: Page): Promise<number> {
  const at = (await page.evaluate(() => Date.now())) + 1_000;
  await page.clock.pauseAt(at);
  return at;
}

const basic = (publicToken: string, secret = publicToken) => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;

export const test = base.extend<{ sdkPages: SdkPages }, { sdkSite: SdkSite; keepsake: Keepsake }>({
  sdkSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring even with no dependencies
    async ({}, use) => {
      const site = await startSdkSite();
      await use(site);
      await site.close();
    },
    { scope: 'worker' },
  ],

  keepsake: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring even with no dependencies
    async ({}, use) => {
      const url = requiredEnv('KEEPSAKE_E2E_BASE_URL');
      const api = await apiRequest.newContext({ baseURL: url });
      const call: Keepsake['call'] = async (method, publicToken, path, body, secret) => {
        const response = await api.fetch(`/sdk/v1${path}`, {
          method,
          headers: { authorization: basic(publicToken, secret) },
          ...(body === undefined ? {} : { data: body }),
        });
        return { status: response.status(), body: await response.json() };
      };

      // A console user for this worker: the platform project's email passcode, exchanged for the console cookie.
      const owner = `sdk-owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { publicToken: platformToken } = (await (await api.get('/api/platform')).json()) as { publicToken: string };
      const sent = await call('POST', platformToken, '/otps/email/login_or_create', { email: owner });
      expect(sent.status).toBe(200);
      const code = passcodeIn(await openMailbox().waitFor(owner));
      const signedIn = await call('POST', platformToken, '/otps/authenticate', { token: code, method_id: sent.body.data.email_id });
      expect((await api.post('/api/session/authenticate', { data: { session_token: signedIn.body.data.session_token } })).status()).toBe(200);

      const outbox = async (phone: string) => {
        const { messages } = (await (await api.get('/api/dev/outbox')).json()) as { messages: Array<{ to: string; text: string; createdAt: string }> };
        return messages.filter((m) => m.to === phone).reverse(); // oldest first
      };
      let projects = 0;
      await use({
        url,
        call,
        async createProject(authConfig) {
          const created = await api.post('/api/console/projects', { data: { name: `SDK project ${++projects}` } });
          expect(created.status()).toBe(201);
          const { project } = (await created.json()) as { project: SdkProject };
          if (authConfig) expect((await api.patch(`/api/console/projects/${project.id}/auth-config`, { data: { authConfig } })).status()).toBe(200);
          return { id: project.id, publicToken: project.publicToken };
        },
        async setOauthClient(projectId, provider, client) {
          const saved = await api.put(`/api/console/projects/${projectId}/oauth-providers/${provider}`, { data: client });
          expect(saved.status(), await saved.text()).toBe(200);
        },
        async consoleCall(method, path, body) {
          const response = await api.fetch(path, { method, ...(body === undefined ? {} : { data: body }) });
          return { status: response.status(), body: await response.json() };
        },
        textsTo: async (phone) => (await outbox(phone)).length,
        async textedCode(phone, after = 0) {
          await expect.poll(async () => (await outbox(phone)).length, { message: `text number ${after + 1} to ${phone}` }).toBeGreaterThan(after);
          const text = (await outbox(phone))[after]!.text;
          const code = /\b(\d{6})\b/.exec(text)?.[1];
          if (!code) throw new Error(`no passcode in the text: ${text}`);
          return code;
        },
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  sdkPages: async ({ sdkSite, keepsake }, use) => {
    const pages: SdkPages = {
      site: sdkSite.url,
      async open(page, path = '/') {
        await page.goto(`${sdkSite.url}${path}`);
        await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
      },
      async createClient(page, publicToken, options = {}) {
        const args = [publicToken, { endpoint: keepsake.url, ...options }] as const;
        await page.evaluate(([token, clientOptions]) => void window.sdk.createClient(token, clientOptions), args);
      },
      cookies: (context) => context.cookies(sdkSite.url),
      async start(page, setup = {}) {
        const project = await keepsake.createProject(setup.authConfig);
        await pages.open(page, setup.path);
        await pages.createClient(page, project.publicToken, setup.client);
        return project;
      },
    };
    await use(pages);
  },
});

export { expect };
