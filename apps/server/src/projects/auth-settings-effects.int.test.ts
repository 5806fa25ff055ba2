// What a console save of the sign-in settings does to /sdk/v1 at once: each case first uses the project under
// the old settings (so the tenant cache holds them), saves through the console route, and calls /sdk/v1 again
// without waiting for the cache to expire (docs/decisions/019, 066).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { expectSdkError, newestTtlSeconds, sdkClient, type SdkClient } from '../testing/sdk.ts';
import { pkcePair, sendEmailCode, sendMagicLink } from '../testing/sign-in-flows.ts';

const APP = 'https://app.example.com';

let server: TestServer;
let owner: string;
let projectId: string;
let sdk: SdkClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner.effects@example.com');
  const created = await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Effects' } });
  projectId = created.body.project.id;
  sdk = sdkClient(server, created.body.project.publicToken);
  await save({ redirectUrls: { allowed: [`${APP}/authenticate`], login: `${APP}/authenticate` } });
});
afterAll(() => server?.close());

/** Saves authConfig keys through the console, as the settings page does. */
async function save(authConfig: Record<string, unknown>) {
  const res = await server.request(`/api/console/projects/${projectId}/auth-config`, { method: 'PATCH', cookie: owner, body: { authConfig } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Moves every live token or code of this project `minutes` into the past, as if that time had gone by. */
async function age(table: 'auth_email_tokens' | 'auth_otps', minutes: number) {
  await server.ctx.db.execute(
    `update ${table} set expires_at = expires_at - interval '${minutes} minutes', created_at = created_at - interval '${minutes} minutes' where project_id = '${projectId}'`,
  );
}

describe('console sign-in settings take effect on /sdk/v1 at once', () => {
  it('redirect URL allow-list: an added URL is accepted, one not on the list is refused, a removed one is refused again', async () => {
    const send = (url: string) => sdk.post('/magic_links/email/login_or_create', { email: 'redirects@example.com', login_magic_link_url: url });
    expectSdkError(await send(`${APP}/shop/callback`), 400, 'invalid_redirect_url');

    await save({ redirectUrls: { allowed: [`${APP}/authenticate`, `${APP}/shop/callback`], login: `${APP}/authenticate` } });
    const accepted = await send(`${APP}/shop/callback?next=cart`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const refused = await send('https://evil.example.com/shop/callback');
    expectSdkError(refused, 400, 'invalid_redirect_url');
    expect(refused.body.error_message).toContain("is not on this project's list of allowed redirect URLs");

    await save({ redirectUrls: { allowed: [`${APP}/authenticate`], login: `${APP}/authenticate` } });
    expectSdkError(await send(`${APP}/shop/callback`), 400, 'invalid_redirect_url');
    // Password resets read the same list.
    const reset = await sdk.post('/passwords/email/reset/start', { email: 'redirects@example.com', reset_password_redirect_url: `${APP}/shop/callback` });
    expectSdkError(reset, 400, 'invalid_redirect_url');
  });

  it('a shorter magic link expiry is used for new links, and such a link really expires', async () => {
    const long = await sendMagicLink(server, sdk, 'expiry.long@example.com');
    expect(long.mail.text).toContain('30 minutes');

    await save({ magicLinks: { loginExpirationMinutes: 5, signupExpirationMinutes: 5 } });
    const short = await sendMagicLink(server, sdk, 'expiry.short@example.com');
    expect(short.mail.text).toContain('5 minutes');
    expect(Math.abs((await newestTtlSeconds(server, 'auth_email_tokens')) - 5 * 60)).toBeLessThanOrEqual(2);

    await age('auth_email_tokens', 6);
    const expired = await sdk.post('/magic_links/authenticate', { token: short.token });
    expectSdkError(expired, 401, 'unable_to_auth_magic_link');
    const stillValid = await sdk.post('/magic_links/authenticate', { token: long.token });
    expect(stillValid.status, JSON.stringify(stillValid.body)).toBe(200);
    await save({ magicLinks: {} });
  });

  it('PKCE required for magic links: a send without code_challenge is refused, one with it goes through', async () => {
    await sendMagicLink(server, sdk, 'pkce.before@example.com');
    await save({ magicLinks: { pkceRequired: true } });
    expectSdkError(await sdk.post('/magic_links/email/login_or_create', { email: 'pkce.after@example.com' }), 400, 'pkce_mismatch');
    await sendMagicLink(server, sdk, 'pkce.after@example.com', { code_challenge: pkcePair().challenge });
    await save({ magicLinks: {} });
    await sendMagicLink(server, sdk, 'pkce.off@example.com');
  });

  it('a shorter email passcode expiry is used and expires the code', async () => {
    await sendEmailCode(server, sdk, 'otp.before@example.com');
    expect(Math.abs((await newestTtlSeconds(server, 'auth_otps')) - 10 * 60)).toBeLessThanOrEqual(2);

    await save({ otps: { emailExpirationMinutes: 2, smsExpirationMinutes: 3, whatsappExpirationMinutes: 4 } });
    const before = server.smtp!.messagesTo('otp.short@example.com').length;
    const { methodId, code } = await sendEmailCode(server, sdk, 'otp.short@example.com');
    expect((await server.smtp!.waitFor('otp.short@example.com', { after: before })).text).toContain('2 minutes');
    expect(Math.abs((await newestTtlSeconds(server, 'auth_otps')) - 2 * 60)).toBeLessThanOrEqual(2);

    const sms = await sdk.post('/otps/sms/login_or_create', { phone_number: '+15005550006' });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect(Math.abs((await newestTtlSeconds(server, 'auth_otps')) - 3 * 60)).toBeLessThanOrEqual(2);

    await age('auth_otps', 3);
    expectSdkError(await sdk.post('/otps/authenticate', { token: code, method_id: methodId }), 404, 'otp_code_not_found');
  });

  it('the luds policy and its counts change strength_check', async () => {
    const check = async (password: string) => {
      const res = await sdk.post('/passwords/strength_check', { password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect((await check('maple-river-lantern-42')).strength_policy).toBe('zxcvbn');

    await save({ passwords: { strengthPolicy: 'luds', ludsMinimumCount: 24, ludsComplexity: 4 } });
    const strict = await check('maple-river-lantern-42');
    expect(strict).toMatchObject({ strength_policy: 'luds', valid_password: false });
    expect(strict.feedback.luds_requirements).toMatchObject({ missing_characters: 2, missing_complexity: 1 });

    await save({ passwords: { strengthPolicy: 'luds', ludsMinimumCount: 10, ludsComplexity: 2 } });
    const relaxed = await check('maple-river-lantern-42');
    expect(relaxed).toMatchObject({ strength_policy: 'luds', valid_password: true });
    expect(relaxed.feedback.luds_requirements).toMatchObject({ missing_characters: 0, missing_complexity: 0 });
    await save({ passwords: {} });
  });
});
