// MFA (docs/decisions/015) applies to every sign-in method: each first factor ends in sessions.create, which answers
// with an intermediate session token when the project requires MFA and the user has a verified TOTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createProject, expectSdkError, tokenFromMail, type SdkClient } from '../testing/sdk.ts';
import { sendEmailCode, sendMagicLink, sendPhoneCode } from '../testing/sign-in-flows.ts';
import { passcodeIn } from '../testing/smtp-sink.ts';
import { codeAt, enrolTotp, type CreatedTotp } from '../testing/totp.ts';

let server: TestServer;
let sdk: SdkClient;
let publicToken: string;
let totp: CreatedTotp & { sessionToken: string };

const EMAIL = 'mfa.everywhere@example.com';
const PHONE = '+14155550177';
let password = 'violet-Tractor-harbour-91-quiz';
const session = { session_duration_minutes: 60 };

type Authenticated = { session_token: string; session_jwt: string; session: unknown; intermediate_session_token: string; mfa_required: boolean };

/** A first factor that needs a second one: empty session fields and an intermediate token, never a session. */
async function expectIntermediate(res: { status: number; body: any }): Promise<string> {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as Authenticated & { user: { user_id: string } };
  expect(data).toMatchObject({ mfa_required: true, session_token: '', session_jwt: '', session: null });
  expect(data.user.user_id).toBe(totp.user_id);
  expect(data.intermediate_session_token.length).toBeGreaterThanOrEqual(43);
  expectSdkError(await sdk.post('/sessions/authenticate', {}, data.intermediate_session_token), 404, 'session_not_found');
  return data.intermediate_session_token;
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  const redirectUrls = { login: 'http://localhost:5173/authenticate', resetPassword: 'http://localhost:5173/reset' };
  const project = await createProject(server, 'MFA everywhere', { mfa: { required: true }, redirectUrls });
  sdk = project.sdk;
  publicToken = project.publicToken;

  // A user with an email, a password, a phone number and a verified TOTP. Before the TOTP there is no second
  // factor, so creating the account gives a session.
  const created = await sdk.post('/passwords', { email: EMAIL, password, ...session });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data.mfa_required).toBe(false);
  totp = await enrolTotp(server, publicToken, created.body.data.session_token);
  // Adding a phone number with the full session is a step-up, not a first factor: still a session.
  const sent = await sdk.post('/otps/sms/send/secondary', { phone_number: PHONE }, totp.sessionToken);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = passcodeIn(await server.outbox.waitFor(PHONE));
  const added = await sdk.post('/otps/authenticate', { token: code, method_id: sent.body.data.phone_id }, totp.sessionToken);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  expect(added.body.data).toMatchObject({ mfa_required: false, intermediate_session_token: '' });
  totp.sessionToken = added.body.data.session_token;
});
afterAll(() => server?.close());

describe('MFA on every sign-in method', () => {
  it('needs the public token first (401)', async () => {
    expectSdkError(await server.request('/sdk/v1/magic_links/authenticate', { method: 'POST', body: { token: 'x' } }), 401, 'unauthorized_credentials');
  });

  it('answers magic links, passcodes on every channel and passwords with an intermediate token; the TOTP finishes it', async () => {
    const link = await sendMagicLink(server, sdk, EMAIL);
    await expectIntermediate(await sdk.post('/magic_links/authenticate', { token: link.token, ...session }));

    const sms = await sendPhoneCode(server, sdk, 'sms', PHONE);
    await expectIntermediate(await sdk.post('/otps/authenticate', { token: sms.code, method_id: sms.methodId }));
    const whatsapp = await sendPhoneCode(server, sdk, 'whatsapp', PHONE);
    await expectIntermediate(await sdk.post('/otps/authenticate', { token: whatsapp.code, method_id: whatsapp.methodId }));
    const byEmail = await sendEmailCode(server, sdk, EMAIL);
    await expectIntermediate(await sdk.post('/otps/authenticate', { token: byEmail.code, method_id: byEmail.methodId }));

    const pending = await expectIntermediate(await sdk.post('/passwords/authenticate', { email: EMAIL, password, ...session }));
    const done = await sdk.post('/totps/authenticate', { totp_code: codeAt(totp.secret, 1), intermediate_session_token: pending, ...session });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ mfa_required: false, intermediate_session_token: '' });
    expect(done.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['password', 'totp']);
    expect((await sdk.post('/sessions/authenticate', {}, done.body.data.session_token)).status).toBe(200);
  });

  it('gives a full session to a step-up from a live session (session/reset), which is past MFA already', async () => {
    const res = await sdk.post('/passwords/session/reset', { password: `${password}-again`, ...session }, totp.sessionToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ mfa_required: false, intermediate_session_token: '' });
    expect(res.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toContain('totp');
    totp.sessionToken = res.body.data.session_token;
    password = `${password}-again`;
  });

  it('answers password resets with an intermediate token too, after the new password is set', async () => {
    const next = `${password}-next`;
    await expectIntermediate(
      await sdk.post('/passwords/existing_password/reset', { email: EMAIL, existing_password: password, new_password: next, ...session }),
    );
    password = next;
    // A reset signs the user out everywhere else, even with MFA pending on the new sign-in.
    expectSdkError(await sdk.post('/sessions/authenticate', {}, totp.sessionToken), 404, 'session_not_found');

    const stale = await expectIntermediate(await sdk.post('/passwords/authenticate', { email: EMAIL, password, ...session }));
    const before = server.smtp!.messagesTo(EMAIL).length;
    expect((await sdk.post('/passwords/email/reset/start', { email: EMAIL })).status).toBe(200);
    const { token } = tokenFromMail((await server.smtp!.waitFor(EMAIL, { after: before })).text, 'reset_password');
    const last = `${password}-last`;
    const fresh = await expectIntermediate(await sdk.post('/passwords/email/reset', { token, password: last, ...session }));
    password = last;
    // A sign-in still waiting for its TOTP with the old password ends too; the reset's own one stays.
    const finish = (pending: string) => sdk.post('/totps/recover', { recovery_code: totp.recovery_codes[0], intermediate_session_token: pending });
    expectSdkError(await finish(stale), 404, 'intermediate_session_not_found');
    expect((await finish(fresh)).status).toBe(200);
    // The new password is in place: signing in with it also waits for the TOTP.
    await expectIntermediate(await sdk.post('/passwords/authenticate', { email: EMAIL, password, ...session }));
  });
});
