// The SDK's transport and checks in Chromium against the running server: the §7 headers, the captcha retry,
// telemetry batching (15 events / 800 ms, on the fake clock), the §5 input checks, the providers this server does
// not support yet, and the warnings for a misused client.
import type { Page } from '@playwright/test';
import { expect, pauseClock, test } from './sdk-fixtures.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const bodiesTo = (page: Page, path: string) =>
  page.evaluate((p) => window.sdk.requests.filter((r) => r.url.endsWith(`/sdk/v1${p}`)).map((r) => (r.body ? JSON.parse(r.body) : null)), path);

test('calls carry Basic auth, the x-sdk-client and x-sdk-parent-host headers and credentials, across origins', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await sdkPages.open(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/sdk/v1/otps/email/login_or_create'));
  await sdkPages.createClient(page, project.publicToken);
  const answer = page.waitForResponse((r) => r.url().endsWith('/sdk/v1/otps/email/login_or_create'));
  await page.evaluate((to) => window.client.otps.email.loginOrCreate(to), unique('sdk-headers'));
  const request = await sent;
  const headers = await request.allHeaders();
  expect(headers.authorization).toBe(`Basic ${Buffer.from(`${project.publicToken}:${project.publicToken}`).toString('base64')}`);
  expect(headers['content-type']).toBe('application/json');
  expect(headers['x-sdk-parent-host']).toBe(sdkPages.site);
  const client = JSON.parse(Buffer.from(headers['x-sdk-client']!, 'base64').toString('utf8'));
  expect(client).toMatchObject({ sdk: { identifier: '@keepsake/auth-js', version: '5.22.0' }, app: { identifier: 'localhost' } });
  expect(client.event_id).toMatch(/^event-id-/);
  // The server allowed the page's origin with credentials (a test project accepts http://localhost).
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe(sdkPages.site);
  expect(response.headers()['access-control-allow-credentials']).toBe('true');
});

test("'Captcha required' is retried once with the captcha provider's token", async ({ page, sdkPages, mailbox, consoleErrors }) => {
  const project = await sdkPages.start(page, { authConfig: { captcha: { enabled: true } }, client: { captchaTokens: ['dev-captcha-pass'] } });
  consoleErrors.allow({ text: /status of 400/, url: /\/sdk\/v1\/otps\/email\/login_or_create$/ });
  const email = unique('sdk-captcha');

  const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), email);
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  expect(await bodiesTo(page, '/otps/email/login_or_create')).toEqual([{ email }, { email, captcha_token: 'dev-captcha-pass' }]);
  expect(await page.evaluate(() => window.sdk.captchaRequests)).toEqual([{ action: 'LOGIN', siteKey: 'dev-captcha-site-key' }]);
  expect(await mailbox.passcodeFor(email)).toMatch(/^\d{6}$/);

  // A token the server refuses is not retried again: the caller gets the error.
  await page.reload();
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  await sdkPages.createClient(page, project.publicToken, { captchaTokens: ['not-a-valid-token', 'dev-captcha-pass'] });
  const refused = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), unique('sdk-captcha-refused'));
  expect(refused).toMatchObject({ ok: false, error: { name: 'ApiError', error_type: 'captcha_failed', status_code: 400 } });
  expect(await bodiesTo(page, '/otps/email/login_or_create')).toHaveLength(2);
  expect(await page.evaluate(() => window.sdk.captchaRequests)).toHaveLength(1);
});

test('telemetry goes to POST /events in batches of 15, or 800 ms after the first event (fake clock)', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await page.clock.install();
  await sdkPages.open(page);
  await pauseClock(page);
  const eventBatches = () => bodiesTo(page, '/events') as Promise<Array<Array<{ event: { event_name: string }; telemetry: Record<string, unknown> }>>>;
  const accepted = () =>
    page.waitForResponse((r) => r.url().endsWith('/sdk/v1/events')).then(async (r) => ((await r.json()) as { data: { accepted: number } }).data.accepted);

  // The client's own first event waits 800 ms for company.
  await sdkPages.createClient(page, project.publicToken);
  await page.clock.runFor(799);
  expect(await eventBatches()).toEqual([]);
  let stored = accepted();
  await page.clock.runFor(1);
  expect(await stored).toBe(1);
  expect((await eventBatches())[0]!.map((item) => item.event.event_name)).toEqual(['sdk_instance_created']);

  // Fifteen at once go at once, in one batch; the server stores all fifteen.
  stored = accepted();
  await page.evaluate(() => {
    for (let i = 0; i < 15; i++) window.client.telemetry.track(i % 2 ? 'email_sent' : 'render_login_screen', { details: { i } });
  });
  expect(await stored).toBe(15);
  const batches = await eventBatches();
  expect(batches).toHaveLength(2);
  expect(batches[1]!.map((item) => item.event.event_name)).toEqual(Array.from({ length: 15 }, (_, i) => (i % 2 ? 'email_sent' : 'render_login_screen')));
  expect(batches[1]![0]!.telemetry).toMatchObject({ sdk: { version: '5.22.0' }, app: { identifier: 'localhost' } });

  // A few: sent 800 ms after the first of them.
  await page.evaluate(() => {
    window.client.telemetry.track('email_try_again_clicked');
    window.client.telemetry.track('email_sent', { details: { to: 'tab' } });
  });
  await page.clock.runFor(400);
  await page.evaluate(() => window.client.telemetry.track('render_login_screen'));
  await page.clock.runFor(399);
  expect(await eventBatches()).toHaveLength(2);
  stored = accepted();
  await page.clock.runFor(1);
  expect(await stored).toBe(3);
  expect((await eventBatches())[2]!.map((item) => item.event.event_name)).toEqual(['email_try_again_clicked', 'email_sent', 'render_login_screen']);
});

test('telemetry can be turned off (fake clock)', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await page.clock.install();
  await sdkPages.open(page);
  await pauseClock(page);
  await sdkPages.createClient(page, project.publicToken, { telemetry: false });
  await page.evaluate(() => {
    for (let i = 0; i < 15; i++) window.client.telemetry.track('email_sent');
  });
  // Well past the 800 ms a batch waits (the first test shows a client with telemetry sends by then): nothing.
  await page.clock.runFor(60_000);
  expect(await bodiesTo(page, '/events')).toEqual([]);
});

test('§5 input checks answer before any request, with the spec messages', async ({ page, sdkPages }) => {
  await sdkPages.start(page, { client: { telemetry: false } });
  const before = await page.evaluate(() => window.sdk.requests.length);
  const outcomes = await page.evaluate(async () => {
    const c = window.client;
    const run = window.sdk.attempt;
    return {
      otpEmail: await run(() => c.otps.email.loginOrCreate('ada@example')),
      linkEmail: await run(() => c.magicLinks.email.loginOrCreate('ada.example.com')),
      passwordEmail: await run(() => c.passwords.authenticate({ email: 'ada@', password: 'x', session_duration_minutes: 60 })),
      phone: await run(() => c.otps.sms.loginOrCreate('12')),
      code: await run(() => c.otps.authenticate(123456 as unknown as string, 'method-1')),
      emptyMethod: await run(() => c.otps.authenticate('123456', '')),
      duration: await run(() => c.magicLinks.authenticate('token', { session_duration_minutes: '60' as unknown as number })),
      metadata: await run(() => c.user.update({ untrusted_metadata: 'dark' as unknown as Record<string, unknown> })),
      noSession: await run(() => c.session.revoke()),
    };
  });
  expect(outcomes.otpEmail).toMatchObject({
    ok: false,
    error: { name: 'InvalidInputError', shortMessage: 'Invalid call to otps.email.loginOrCreate', details: 'Invalid email, please try again.' },
  });
  expect(outcomes.linkEmail).toMatchObject({ ok: false, error: { details: 'Invalid email address' } });
  expect(outcomes.passwordEmail).toMatchObject({ ok: false, error: { details: 'Invalid email address' } });
  expect(outcomes.phone).toMatchObject({
    ok: false,
    error: { shortMessage: 'Invalid call to otps.sms.loginOrCreate', details: 'Invalid phone number, please try again.' },
  });
  expect(outcomes.code).toMatchObject({ ok: false, error: { details: 'code must be a string', field: 'code' } });
  expect(outcomes.emptyMethod).toMatchObject({ ok: false, error: { details: 'Empty parameter method_id' } });
  expect(outcomes.duration).toMatchObject({ ok: false, error: { details: 'session_duration_minutes must be an integer' } });
  expect(outcomes.metadata).toMatchObject({ ok: false, error: { details: 'untrusted_metadata must be an object' } });
  expect(outcomes.noSession).toMatchObject({ ok: false, error: { name: 'NoSessionError' } });
  expect(Object.values(outcomes).every((o) => !o.ok && o.error.isAuthError)).toBe(true);
  expect(await page.evaluate(() => window.sdk.requests.slice(0).map((r) => r.url))).toHaveLength(before);
});

test("the server's own refusal comes back as an ApiError with the §8 fields", async ({ page, sdkPages, consoleErrors }) => {
  await sdkPages.start(page, { client: { telemetry: false } });
  consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/otps\/authenticate$/ });
  const wrong = await page.evaluate(() => window.sdk.attempt(() => window.client.otps.authenticate('000000', '6a1c2d7e-8f90-4b12-a345-67890abcdef0')));
  expect(wrong).toMatchObject({ ok: false, error: { name: 'ApiError', status_code: 404, error_type: 'otp_code_not_found' } });
  if (!wrong.ok)
    expect(wrong.error.message).toMatch(
      /^\[404\] otp_code_not_found\n.+\nSee http:\/\/127\.0\.0\.1:\d+\/docs\/errors#otp_code_not_found for more information\.\nrequest_id: request-id-/,
    );
});

test('client.idp reaches the §7 identity-provider routes: without a session the preflight is refused with the §4 message', async ({
  page,
  sdkPages,
  consoleErrors,
}) => {
  await sdkPages.start(page, { client: { telemetry: false } });
  consoleErrors.allow({ text: /status of 401/, url: /\/sdk\/v1\/oauth\/authorize\/start$/ });
  const outcome = await page.evaluate(() =>
    window.sdk.attempt(() => window.client.idp.oauthAuthorizeStart({ client_id: 'c', redirect_uri: 'https://a.example', response_type: 'code' })),
  );
  expect(outcome).toMatchObject({ ok: false, error: { name: 'ApiError', status_code: 401, error_type: 'unauthorized_credentials' } });
  if (!outcome.ok) expect(outcome.error.message).toContain('No active session detected. Please log in to continue.');
});

test('a misused client warns: token without public-token-, an invalid endpoint, a second client for one token', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await sdkPages.open(page);
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));

  await sdkPages.createClient(page, project.publicToken, { telemetry: false });
  await sdkPages.createClient(page, project.publicToken, { telemetry: false });
  await expect.poll(() => warnings.join('\n')).toContain('another auth client already exists for this public token');

  await page.evaluate(() => void window.sdk.createClient('my-token', { telemetry: false, endpoint: 'not a url' }));
  await expect.poll(() => warnings.join('\n')).toContain("the public token should start with 'public-token-'");
  expect(warnings.join('\n')).toContain('the endpoint "not a url" is not a valid http(s) URL');
  // The invalid endpoint fell back to the page's origin.
  await expect.poll(() => page.evaluate(() => window.sdk.requests.at(-1)?.url ?? '')).toBe(`${sdkPages.site}/sdk/v1/projects/bootstrap/my-token`);
});
