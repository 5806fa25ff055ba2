// issue 10: Stytch's own @stytch/vanilla-js 5.23.1, pointed at Keepsake from another origin, starts cleanly: it
// reads bootstrap (captcha_settings was null and broke every sign-in), its telemetry is accepted in its own form
// (no Authorization, the public token in each event), and API errors reach it as API errors, not as "Unable to
// contact our servers" behind a missing CORS header.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';

test('the genuine client boots against Keepsake, its telemetry is stored, and errors stay readable', async ({ page, genuine, keepsake, consoleErrors }) => {
  await test.step('a client for a public token that names no project gets the API errors, readable through CORS', async () => {
    // The client logs the failed bootstrap and carries on with its defaults; the browser logs the 404 and 401.
    consoleErrors.allow({ text: /status of 40[14]/, url: /\/sdk\/v1\/(projects\/bootstrap\/|otps\/email\/login_or_create$)/ });
    consoleErrors.allow({ text: /Stytch|not match any project/i });
    await page.goto(genuine.site);
    await expect(page.locator('body[data-genuine-ready="true"]')).toBeAttached();
    await page.evaluate(([token, api]) => window.genuine.createHeadless(token, api), [`public-token-test-${randomUUID()}`, keepsake.url] as const);
    const sent = await page.evaluate(() => window.genuine.attempt(() => window.stytch.otps.email.loginOrCreate('nobody@example.com')));
    expect(sent).toMatchObject({ ok: false, error: { name: 'StytchAPIError', error_type: 'unauthorized_credentials', status_code: 401 } });
  });

  const project = await test.step('a real project: bootstrap is read and the client posts its telemetry', async () => {
    const created = await genuine.start(page);
    await expect
      .poll(() => page.evaluate(() => window.genuine.requests.filter((r) => r.url.includes('/sdk/v1/projects/bootstrap/')).map((r) => r.status)))
      .toContain(200);
    // The client batches telemetry every 800 ms; its first batch holds sdk_instance_instantiated.
    await expect
      .poll(() => page.evaluate(() => window.genuine.requests.filter((r) => r.url.endsWith('/sdk/v1/events')).map((r) => r.status)), {
        message: 'POST /sdk/v1/events answered',
      })
      .toContain(200);
    expect(await page.evaluate(() => window.genuine.requests.filter((r) => r.url.endsWith('/sdk/v1/events') && r.status !== 200))).toEqual([]);
    return created;
  });

  await test.step('a route Keepsake does not serve answers 404 route_not_found, which the client surfaces as such', async () => {
    // Every SDK product Keepsake knows is served now, so the call goes through the client's own network layer to a
    // path no product uses.
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/not_a_keepsake_route$/ });
    const started = await page.evaluate(() => {
      type NetworkClient = { fetchSDK(request: { url: string; method: string; body?: unknown }): Promise<unknown> };
      const network = (window.stytch as unknown as { _networkClient: NetworkClient })._networkClient;
      return window.genuine.attempt(() => network.fetchSDK({ url: '/not_a_keepsake_route', method: 'POST', body: {} }));
    });
    expect(started).toMatchObject({ ok: false, error: { name: 'StytchAPIError', error_type: 'route_not_found', status_code: 404 } });
  });

  await test.step('captcha is off, so captcha-guarded calls go straight through', async () => {
    const sent = await page.evaluate(() => window.genuine.attempt(() => window.stytch.otps.email.loginOrCreate(`boot-${Date.now()}@example.com`)));
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    expect(project.publicToken).toMatch(/^public-token-test-/);
  });
});
