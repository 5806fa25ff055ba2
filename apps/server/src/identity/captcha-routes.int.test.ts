// Every sign-in route that takes `captcha_token` (docs/decisions/017) enforces it when the project enables captcha.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createProject, expectSdkError, type SdkClient } from '../testing/sdk.ts';
import { DEV_CAPTCHA_TOKEN } from './captcha/dev-verifier.ts';

let server: TestServer;
let sdk: SdkClient;
let plain: SdkClient;

const PASSWORD = 'violet-Tractor-harbour-91-quiz';
const session = { session_duration_minutes: 60 };
const redirectUrls = { login: 'http://localhost:5173/authenticate', resetPassword: 'http://localhost:5173/reset' };

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  sdk = (await createProject(server, 'Captcha everywhere', { captcha: { enabled: true }, redirectUrls })).sdk;
  plain = (await createProject(server, 'No captcha', { redirectUrls })).sdk;
});
afterAll(() => server?.close());

/** Each route with a body that passes validation, so that only the captcha can stop it. */
const email = { email: 'captcha.route@example.com' };
const phone = { phone_number: '+14155550142' };
const guarded: Array<[string, Record<string, unknown>]> = [
  ...['email', 'sms', 'whatsapp'].flatMap((channel) =>
    ['login_or_create', 'send/primary', 'send/secondary'].map((path): [string, Record<string, unknown>] => [
      `/otps/${channel}/${path}`,
      channel === 'email' ? email : phone,
    ]),
  ),
  ...['login_or_create', 'send/primary', 'send/secondary'].map((path): [string, Record<string, unknown>] => [`/magic_links/email/${path}`, email]),
  ['/passwords', { ...email, password: PASSWORD, ...session }],
  ['/passwords/authenticate', { ...email, password: PASSWORD, ...session }],
  ['/passwords/email/reset/start', email],
  ['/passwords/email/reset', { token: 'some-reset-token', password: PASSWORD, ...session }],
  ['/passwords/existing_password/reset', { ...email, existing_password: PASSWORD, new_password: `${PASSWORD}-2`, ...session }],
  ['/passwords/session/reset', { password: PASSWORD, ...session }],
  ['/users/search', email],
  ['/impersonation/authenticate', { impersonation_token: 'some-impersonation-token' }],
];

describe('captcha on the sign-in routes', () => {
  it('needs the public token first (401)', async () => {
    expectSdkError(await server.request('/sdk/v1/otps/sms/login_or_create', { method: 'POST', body: phone }), 401, 'unauthorized_credentials');
  });

  it('refuses every route that takes captcha_token without one, or with a refused one, before doing anything', async () => {
    for (const [path, body] of guarded) {
      expectSdkError(await sdk.post(path, body), 400, 'captcha_required');
      const refused = await sdk.post(path, { ...body, captcha_token: 'not-a-real-token' });
      expectSdkError(refused, 400, 'captcha_failed');
      expect(refused.body.error_message).toMatch(/^Captcha required/);
    }
    // Nothing was sent or created.
    await server.settled();
    expect(server.smtp!.messagesTo(email.email)).toHaveLength(0);
    expect(await server.outbox.messagesTo(phone.phone_number)).toHaveLength(0);
    expect((await plain.post('/users/search', email)).body.data.user_type).toBe('new');
  });

  it('accepts a route of each method family with a token, and leaves projects without captcha alone', async () => {
    const token = { captcha_token: DEV_CAPTCHA_TOKEN };
    expect((await sdk.post('/otps/email/login_or_create', { ...email, ...token })).status).toBe(200);
    expect((await sdk.post('/otps/sms/login_or_create', { ...phone, ...token })).status).toBe(200);
    expect((await sdk.post('/magic_links/email/login_or_create', { ...email, ...token })).status).toBe(200);
    const created = await sdk.post('/passwords', { email: 'captcha.password@example.com', password: PASSWORD, ...session, ...token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const signedIn = await sdk.post('/passwords/authenticate', { email: 'captcha.password@example.com', password: PASSWORD, ...session, ...token });
    expect(signedIn.status).toBe(200);
    expect((await sdk.post('/users/search', { email: 'captcha.password@example.com', ...token })).body.data.user_type).toBe('password');

    // Authenticate calls carry no captcha; the session from above works.
    expect((await sdk.post('/sessions/authenticate', {}, signedIn.body.data.session_token)).status).toBe(200);
    // A project that does not enable captcha needs no token anywhere.
    expect((await plain.post('/otps/sms/login_or_create', phone)).status).toBe(200);
    expect((await plain.post('/passwords', { email: 'no.captcha@example.com', password: PASSWORD, ...session })).status).toBe(200);
  });
});
