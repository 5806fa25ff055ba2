import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject, expectSdkError, rowsOf, type SdkClient } from '../../testing/sdk.ts';
import { pkcePair, sendEmailCode, sendMagicLink } from '../../testing/sign-in-flows.ts';
import { codeAt, enrolTotp, wrongCode } from '../../testing/totp.ts';

// One lockout for every method (docs/decisions/014, 015): failures of different methods add up, a success of
// any method clears them, and a locked user is refused by every method, even with the right secret.

let server: TestServer;
let sdk: SdkClient;
let publicToken: string;

const PASSWORD = 'violet-Tractor-harbour-91-quiz';
const EMAIL = 'locked.everywhere@example.com';

beforeAll(async () => {
  server = await startTestServer({ env: { LOCKOUT_MAX_FAILURES: '4', LOCKOUT_MINUTES: '30', RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  const project = await createProject(server, 'Lockout test', { redirectUrls: { login: 'http://localhost:5173/authenticate' } });
  sdk = project.sdk;
  publicToken = project.publicToken;
});
afterAll(() => server?.close());

const login = (password: string) => sdk.post('/passwords/authenticate', { email: EMAIL, password, session_duration_minutes: 60 });

describe('the user lockout shared by every sign-in method', () => {
  it('needs the public token (401 first)', async () => {
    expectSdkError(
      await server.request('/sdk/v1/passwords/authenticate', { method: 'POST', body: { email: EMAIL, password: PASSWORD, session_duration_minutes: 60 } }),
      401,
    );
  });

  it('adds up failed passwords, passcodes, PKCE verifiers and TOTP codes, clears on success, and then refuses every method', async () => {
    const created = await sdk.post('/passwords', { email: EMAIL, password: PASSWORD, session_duration_minutes: 60 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const totp = await enrolTotp(server, publicToken, created.body.data.session_token);

    const wrongPassword = () => login(`${PASSWORD}-not`).then((res) => expectSdkError(res, 401, 'unauthorized_credentials'));
    const wrongPasscode = async () => {
      const sent = await sendEmailCode(server, sdk, EMAIL);
      expectSdkError(await sdk.post('/otps/authenticate', { token: wrongCode(sent.code), method_id: sent.methodId }), 404, 'otp_code_not_found');
      return sent;
    };
    const wrongVerifier = async () => {
      const link = await sendMagicLink(server, sdk, EMAIL, { code_challenge: pkcePair().challenge });
      expectSdkError(await sdk.post('/magic_links/authenticate', { token: link.token, code_verifier: pkcePair().verifier }), 400, 'pkce_mismatch');
    };
    const wrongTotp = async () =>
      expectSdkError(await sdk.post('/totps/authenticate', { totp_code: wrongCode(codeAt(totp.secret)) }, totp.sessionToken), 401, 'unable_to_auth_totp_code');

    // Three failures of three methods, then the right passcode: the count starts again.
    await wrongPassword();
    await wrongVerifier();
    const sent = await wrongPasscode();
    const passcode = await sdk.post('/otps/authenticate', { token: sent.code, method_id: sent.methodId });
    expect(passcode.status, JSON.stringify(passcode.body)).toBe(200);

    // Three more, of other methods, still leave the user in; the fourth in a row locks them out.
    await wrongTotp();
    await wrongPassword();
    await wrongVerifier();
    expect(rowsOf(await server.ctx.db.execute(`select failed_attempts from auth_users where id = '${totp.user_id}'`))).toEqual([{ failed_attempts: 3 }]);
    await wrongPasscode();

    const refused = await login(PASSWORD);
    expectSdkError(refused, 429, 'user_lock_limit_reached');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    const right = await sendEmailCode(server, sdk, EMAIL);
    expectSdkError(await sdk.post('/otps/authenticate', { token: right.code, method_id: right.methodId }), 429, 'user_lock_limit_reached');
    const link = await sendMagicLink(server, sdk, EMAIL);
    expectSdkError(await sdk.post('/magic_links/authenticate', { token: link.token }), 429, 'user_lock_limit_reached');
    expectSdkError(await sdk.post('/totps/authenticate', { totp_code: codeAt(totp.secret, 1) }, totp.sessionToken), 429, 'user_lock_limit_reached');
  });
});
