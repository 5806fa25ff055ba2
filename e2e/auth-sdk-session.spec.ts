// The SDK's session behaviour in Chromium against the running server (spec §4 Auth session, §9): cookies,
// background refresh and its backoff on Playwright's fake clock, the unrecoverable errors, and cross-tab sync.
import type { Page } from '@playwright/test';
import type { Mailbox } from './fixtures.ts';
import { expect, pauseClock, test, type Keepsake, type SdkPages } from './sdk-fixtures.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const REFRESH_MS = 180_000;

/** Signs `email` in on `page` with an email passcode through the SDK. */
async function signIn(page: Page, mailbox: Mailbox, email: string, options: { after?: number; minutes?: number } = {}) {
  const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), email);
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  const code = await mailbox.passcodeFor(email, { after: options.after ?? 0 });
  const auth = await page.evaluate(
    ([c, m, minutes]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m, { session_duration_minutes: minutes })),
    [code, sent.ok ? sent.value.method_id : '', options.minutes ?? 60] as const,
  );
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
  if (!auth.ok) throw new Error('sign-in failed');
  return auth.value;
}

const refreshes = (page: Page) => page.evaluate(() => window.sdk.requests.filter((r) => r.url.endsWith('/sdk/v1/sessions/authenticate')));
/** The page-clock times of the page's `sessions/authenticate` requests. */
const refreshTimes = async (page: Page) => (await refreshes(page)).map((r) => r.at);
/** Waits (in real time; the page clock may stand still) until the client has handled refresh number `count`'s outcome. */
const refreshHandled = (page: Page, count: number) => expect.poll(async () => (await refreshes(page))[count - 1]?.handled ?? false).toBe(true);

async function openSignedIn(page: Page, sdkPages: SdkPages, keepsake: Keepsake, mailbox: Mailbox, prefix: string) {
  const project = await sdkPages.start(page);
  const email = unique(prefix);
  const signedIn = await signIn(page, mailbox, email);
  return { project, email, signedIn };
}

test('cookies: stytch_session and stytch_session_jwt, SameSite=Lax, not Secure on localhost, path /, until the session ends', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const { signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-cookies');
  const cookies = await sdkPages.cookies(page.context());
  expect(cookies.map((c) => c.name).sort()).toEqual(['stytch_session', 'stytch_session_jwt']);
  const expires = Date.parse(signedIn.session!.expires_at) / 1000;
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ domain: 'localhost', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(Math.abs(cookie.expires - expires)).toBeLessThanOrEqual(1);
  }
  expect(cookies.find((c) => c.name === 'stytch_session')!.value).toBe(signedIn.session_token);
  expect(cookies.find((c) => c.name === 'stytch_session_jwt')!.value).toBe(signedIn.session_jwt);
  // The state other tabs and reloads start from (tokens only in the cookies).
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('keepsake_auth_state:'))?.[1] ?? '');
  expect(JSON.parse(stored).session.session_id).toBe(signedIn.session!.session_id);
  expect(stored).not.toContain(signedIn.session_token);
});

test('cookie names and path follow cookieOptions', async ({ page, sdkPages, keepsake, mailbox }) => {
  const project = await keepsake.createProject();
  await sdkPages.open(page, '/app/');
  await sdkPages.createClient(page, project.publicToken, { cookieOptions: { opaqueTokenCookieName: 'shop_session', jwtCookieName: 'shop_jwt', path: '/app' } });
  await signIn(page, mailbox, unique('sdk-cookie-options'));
  const cookies = await page.context().cookies(`${sdkPages.site}/app/`);
  expect(cookies.map((c) => [c.name, c.path]).sort()).toEqual([
    ['shop_jwt', '/app'],
    ['shop_session', '/app'],
  ]);
  expect(await page.evaluate(() => window.client.session.getTokens()?.session_token)).toBe(cookies.find((c) => c.name === 'shop_session')!.value);
});

test('a reload keeps the session: state from storage, checked with the server at once', async ({ page, sdkPages, keepsake, mailbox }) => {
  const { project, signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-reload');
  await page.reload();
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/sdk/v1/sessions/authenticate'));
  await sdkPages.createClient(page, project.publicToken);
  expect(await page.evaluate(() => window.client.session.getSync()?.session_id)).toBe(signedIn.session!.session_id);
  expect((await refreshed).status()).toBe(200);
});

test('at start without a session cookie: the stored state is dropped, unless a custom endpoint may hold the session', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  const { project, signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-no-cookie');
  const key = `keepsake_auth_state:${project.publicToken}`;
  const stored = await page.evaluate((k) => localStorage.getItem(k)!, key);
  await page.context().clearCookies();

  // A custom endpoint (the Keepsake server here) may keep the session in cookies of its own: the state stays
  // until the server is asked, which it is at once; it answers that no session was sent (401), so it goes.
  await page.reload();
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  consoleErrors.allow({ text: /status of 401/, url: /\/sdk\/v1\/sessions\/authenticate$/ });
  const checked = page.waitForResponse((r) => r.url().endsWith('/sdk/v1/sessions/authenticate'));
  const atStart = await page.evaluate(
    ([token, endpoint]) => window.sdk.createClient(token, { endpoint, telemetry: false }).session.getSync()?.session_id ?? null,
    [project.publicToken, keepsake.url] as const,
  );
  expect(atStart).toBe(signedIn.session!.session_id);
  expect((await checked).status()).toBe(401);
  await expect.poll(() => page.evaluate(() => window.client.session.getSync())).toBeNull();

  // The default endpoint (the page's own origin): no cookie means no session, before any request.
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, stored] as const);
  await page.reload();
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  expect(await page.evaluate((token) => window.sdk.createClient(token, { telemetry: false }).session.getSync(), project.publicToken)).toBeNull();
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  // (That origin is the test site, which serves no /sdk/v1: bootstrap falls back to defaults with a warning.)
  await expect.poll(() => warnings.join('\n')).toContain("could not load the project's bootstrap config");
  expect(await page.evaluate(() => window.sdk.requests.some((r) => r.url.includes('/sessions/')))).toBe(false);
});

test('background refresh every 180000 ms while a session exists (fake clock)', async ({ page, sdkPages, keepsake, mailbox }) => {
  await page.clock.install();
  const { signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-refresh');
  // The refresh timer starts when the sign-in answer is handled; the clock then stands still.
  await expect.poll(() => page.evaluate(() => window.sdk.requests.find((r) => r.url.endsWith('/otps/authenticate'))!.handled)).toBe(true);
  await pauseClock(page);
  const signedInAt = await page.evaluate(() => window.sdk.requests.find((r) => r.url.endsWith('/otps/authenticate'))!.at);
  const pausedAt = await page.evaluate(() => Date.now());
  expect(pausedAt - signedInAt).toBeLessThan(5_000);

  await page.clock.runFor(signedInAt + REFRESH_MS - pausedAt - 1_000);
  expect(await refreshTimes(page)).toEqual([]);
  await page.clock.runFor(6_000);
  await refreshHandled(page, 1);
  const [first] = await refreshes(page);
  expect(first!.status).toBe(200);
  expect(first!.at - signedInAt).toBeGreaterThanOrEqual(REFRESH_MS);
  expect(first!.at - signedInAt).toBeLessThanOrEqual(REFRESH_MS + 5_000);

  // The next one exactly 180000 ms after the answer was handled (the clock stood still meanwhile).
  const handledAt = await page.evaluate(() => Date.now());
  await page.clock.runFor(REFRESH_MS - 1);
  expect(await refreshTimes(page)).toHaveLength(1);
  await page.clock.runFor(1);
  await refreshHandled(page, 2);
  const times = await refreshTimes(page);
  expect(times).toEqual([first!.at, handledAt + REFRESH_MS]);
  expect((await refreshes(page))[1]!.status).toBe(200);
  expect(await page.evaluate(() => window.client.session.getSync()?.session_id)).toBe(signedIn.session!.session_id);

  // Signed out: no more refreshes.
  await page.evaluate(() => window.client.session.revoke());
  await page.clock.runFor(REFRESH_MS * 2);
  expect(await refreshTimes(page)).toHaveLength(2);
});

test('a failing refresh is retried after 2000 ms × 2^attempt (attempt capped at 7) ± 175 ms, then back to 180000 ms', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-backoff');
  await expect.poll(() => page.evaluate(() => window.sdk.requests.find((r) => r.url.endsWith('/otps/authenticate'))!.handled)).toBe(true);
  await pauseClock(page);

  // The network is down for the refresh calls (Chromium logs each as a failed request).
  consoleErrors.allow({ url: /\/sdk\/v1\/sessions\/authenticate$/ });
  await page.route('**/sdk/v1/sessions/authenticate', (route) => route.abort('internetdisconnected'));
  const STEP = 25;
  /**
   * Advances the clock by `atLeast`, then in steps of 25 ms until refresh request number `count` is sent (so it
   * is handled at most 25 ms after it was due), and waits until the client has handled its outcome.
   */
  const advanceToRequest = async (count: number, atLeast: number, within = 1_000) => {
    await page.clock.runFor(atLeast);
    for (let waited = 0; (await refreshTimes(page)).length < count; waited += STEP) {
      if (waited > within) throw new Error(`refresh request ${count} was not sent`);
      await page.clock.runFor(STEP);
    }
    await refreshHandled(page, count);
  };

  await advanceToRequest(1, REFRESH_MS - 5_000, 10_000);
  const expected = [2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 256_000];
  for (const [index, base] of expected.entries()) {
    await advanceToRequest(index + 2, base - 175 - STEP);
    const times = await refreshTimes(page);
    const gap = times[index + 1]! - times[index]!;
    expect(gap, `retry ${index + 1}`).toBeGreaterThanOrEqual(base - 175);
    expect(gap, `retry ${index + 1}`).toBeLessThanOrEqual(base + 175 + STEP);
  }
  expect((await refreshes(page)).every((r) => r.status === null)).toBe(true);
  // Network failures are not "logged out": the session is still there.
  expect(await page.evaluate(() => window.client.session.getSync())).not.toBeNull();

  // Back online: the next retry succeeds and the schedule returns to 180000 ms.
  await page.unroute('**/sdk/v1/sessions/authenticate');
  const count = expected.length + 2;
  await advanceToRequest(count, 256_000 - 175 - STEP);
  expect((await refreshes(page))[count - 1]!.status).toBe(200);
  const handledAt = await page.evaluate(() => Date.now());
  await page.clock.runFor(REFRESH_MS - 1);
  expect(await refreshTimes(page)).toHaveLength(count);
  await page.clock.runFor(1);
  await refreshHandled(page, count + 1);
  expect((await refreshTimes(page))[count]).toBe(handledAt + REFRESH_MS);
});

test('a refresh answered session_not_found logs the user out: state and cookies cleared, a warning logged, no more refreshes', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  await page.clock.install();
  const { project, signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-logged-out');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // The session ends elsewhere (another device signs out).
  expect((await keepsake.call('POST', project.publicToken, '/sessions/revoke', {}, signedIn.session_token)).status).toBe(200);

  consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/sessions\/authenticate$/ });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/sdk/v1/sessions/authenticate'));
  await page.clock.runFor(REFRESH_MS + 1_000);
  expect((await refreshed).status()).toBe(404);
  await expect.poll(() => page.evaluate(() => window.client.session.getSync())).toBeNull();
  expect(await page.evaluate(() => window.client.user.getSync())).toBeNull();
  expect(await sdkPages.cookies(page.context())).toEqual([]);
  expect(await page.evaluate(() => window.sdk.changes.filter((c) => c.kind === 'session').map((c) => c.sessionId))).toEqual([
    signedIn.session!.session_id,
    null,
  ]);
  await expect.poll(() => warnings.join('\n')).toContain('session_not_found); the user has been signalled as logged out');

  const count = (await refreshTimes(page)).length;
  await page.clock.runFor(REFRESH_MS * 2);
  expect(await refreshTimes(page)).toHaveLength(count);

  // Calls that need a session now say so, without a request.
  const requests = await page.evaluate(() => window.sdk.requests.length);
  expect(await page.evaluate(() => window.sdk.attempt(() => window.client.user.get()))).toMatchObject({
    ok: false,
    error: { name: 'NoSessionError', message: 'There is no session currently available. Make sure the user is authenticated with a valid session.' },
  });
  expect(await page.evaluate(() => window.sdk.requests.length)).toBe(requests);
});

test('session.authenticate with an unrecoverable error clears the session too', async ({ page, sdkPages, keepsake, mailbox, consoleErrors }) => {
  const { project, signedIn } = await openSignedIn(page, sdkPages, keepsake, mailbox, 'sdk-authenticate-404');
  await keepsake.call('POST', project.publicToken, '/sessions/revoke', {}, signedIn.session_token);
  consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/sessions\/authenticate$/ });
  expect(await page.evaluate(() => window.sdk.attempt(() => window.client.session.authenticate()))).toMatchObject({
    ok: false,
    error: { name: 'ApiError', error_type: 'session_not_found', status_code: 404 },
  });
  expect(await page.evaluate(() => window.client.session.getSync())).toBeNull();
  expect(await sdkPages.cookies(page.context())).toEqual([]);
});

for (const transport of ['BroadcastChannel', 'storage events'] as const) {
  test(`two tabs stay in step through ${transport}: sign in in one, the other has the session; revoke, both are out`, async ({
    context,
    sdkPages,
    keepsake,
    mailbox,
  }) => {
    if (transport === 'storage events') {
      await context.addInitScript(() => {
        delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
      });
    }
    const project = await keepsake.createProject();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await sdkPages.open(page);
      await sdkPages.createClient(page, project.publicToken);
      expect(await page.evaluate(() => typeof BroadcastChannel)).toBe(transport === 'BroadcastChannel' ? 'function' : 'undefined');
    }

    const signedIn = await signIn(first, mailbox, unique('sdk-tabs'));
    await expect.poll(() => second.evaluate(() => window.client.session.getSync()?.session_id ?? null)).toBe(signedIn.session!.session_id);
    expect(await second.evaluate(() => window.client.user.getSync()?.user_id)).toBe(signedIn.user_id);
    expect(await second.evaluate(() => window.client.session.getTokens()?.session_token)).toBe(signedIn.session_token);
    // The other tab heard it once, as a change.
    expect(await second.evaluate(() => window.sdk.changes.filter((c) => c.kind === 'session').map((c) => c.sessionId))).toEqual([signedIn.session!.session_id]);
    // A refresh in one tab moves only last_accessed_at: not a change for listeners anywhere. The revoke after it is
    // one, and the other tab hears a tab's messages in order: once it has heard the revoke, it has heard everything
    // the refresh sent, and the refresh added no change in between.
    await first.evaluate(() => window.client.session.authenticate());
    expect(await first.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).toMatchObject({ ok: true });
    await expect.poll(() => second.evaluate(() => window.client.session.getSync())).toBeNull();
    expect(await second.evaluate(() => window.sdk.changes.filter((c) => c.kind === 'session').map((c) => c.sessionId))).toEqual([
      signedIn.session!.session_id,
      null,
    ]);
    expect(await second.evaluate(() => [window.client.user.getSync(), window.client.session.getTokens()])).toEqual([null, null]);
  });
}
