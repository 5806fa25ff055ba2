import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys } from '../../testing/api-keys.ts';
import { passcodeIn } from '../../testing/smtp-sink.ts';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth } from '../../testing/sdk.ts';

let server: TestServer;
/** A customer project's: the auth service's own template rule. The platform project's is tested below. */
let basic: string;
let platformBasic: string;

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_MAX_ATTEMPTS: '3', RATE_LIMIT_OTP_PER_IDENTIFIER: '4' } });
  basic = basicAuth((await createProjectWithKeys(server)).publicToken);
  platformBasic = basicAuth((await server.services.identity.platformTenant()).publicToken);
});
afterAll(() => server?.close());

async function sendCode(email: string, body: Record<string, unknown> = {}, authorization = basic) {
  const before = server.smtp!.messagesTo(email).length;
  const sent = await server.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization }, body: { email, ...body } });
  expect(sent.status).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  return { methodId: sent.body.data.email_id as string, code: passcodeIn(mail), mail, body: sent.body };
}

function authenticate(token: string, methodId: string, extra: Record<string, unknown> = {}, authorization = basic) {
  return server.request('/sdk/v1/otps/authenticate', { method: 'POST', headers: { authorization }, body: { token, method_id: methodId, ...extra } });
}

describe('email one-time passcodes', () => {
  it('rejects a call without the public token (401 in the spec shape)', async () => {
    const res = await server.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', body: { email: 'a@example.com' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
    expect(res.body.request_id).toMatch(/^request-id-/);
  });

  it('emails a 6-digit code through SMTP, signs in with it, and creates the user once', async () => {
    const { methodId, code, mail, body } = await sendCode('new.person@example.com');
    // user_created stays false so the answer does not tell whether the address had an account (ADR 012).
    expect(body.data).toMatchObject({ status_code: 200, user_created: false, method_id: methodId });
    expect(mail.subject).toContain('confirm your email');
    expect(code).toMatch(/^\d{6}$/);
    const res = await authenticate(code, methodId, { session_duration_minutes: 60 });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.session_token.length).toBeGreaterThanOrEqual(22);
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.session).toMatchObject({ user_id: data.user_id, authentication_factors: [{ type: 'otp', delivery_method: 'email' }] });
    expect(data.user.emails).toEqual([{ email_id: methodId, email: 'new.person@example.com', verified: true }]);
    const minutes = (Date.parse(data.session.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const again = await sendCode('NEW.person@example.com');
    expect(again.body.data.user_created).toBe(false);
    expect(again.methodId).toBe(methodId);
    expect(again.mail.subject).toContain('sign-in code');
  });

  it('makes a code single use and retires older codes when a new one is sent', async () => {
    const first = await sendCode('single@example.com');
    const second = await sendCode('single@example.com');
    expect((await authenticate(first.code, first.methodId)).status).toBe(first.code === second.code ? 200 : 404);
    if (first.code !== second.code) {
      expect((await authenticate(second.code, second.methodId)).status).toBe(200);
    }
    const replay = await authenticate(second.code, second.methodId);
    expect(replay.status).toBe(404);
    expect(replay.body.error_type).toBe('otp_code_not_found');
  });

  it('caps attempts per code, then the right code no longer works', async () => {
    const { code, methodId } = await sendCode('guesser@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await authenticate(wrong, methodId)).status).toBe(404);
    const capped = await authenticate(code, methodId);
    expect(capped.status).toBe(429);
    expect(capped.body.error_type).toBe('too_many_requests');
    expect((await authenticate(code, methodId)).status).toBe(404);
  });

  it('rate-limits sends per email with 429 and Retry-After', async () => {
    const email = 'flood@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization: basic }, body: { email } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error_type).toBe('too_many_requests');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('stores neither the code nor the session token in plaintext', async () => {
    const { code, methodId } = await sendCode('secret@example.com');
    const res = await authenticate(code, methodId);
    const dump = JSON.stringify([await server.ctx.db.execute('select * from auth_otps'), await server.ctx.db.execute('select * from auth_sessions')]);
    expect(dump).not.toContain(res.body.data.session_token);
    expect(dump).not.toMatch(new RegExp(`"${code}"`));
  });

  it('answers bad input with 400 in the spec shape', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 42 }, 'email'],
      [{}, 'email'],
      [{ email: 'a@example.com', expiration_minutes: 'ten' }, 'expiration_minutes'],
      [{ email: 'a@example.com', login_template_id: 'nope' }, 'template'],
    ];
    for (const [body, mentions] of cases) {
      const res = await server.request('/sdk/v1/otps/email/login_or_create', { method: 'POST', headers: { authorization: basic }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('invalid_request');
      expect(res.body.error_message).toContain(mentions);
    }
    const bad = await authenticate('12ab56', '00000000-0000-0000-0000-000000000000');
    expect(bad.status).toBe(400);
  });
});

describe("the platform project's passcode email (the console's /signin, spec §7 Product app)", () => {
  it('is signup_otp until the person has a project, signin_otp after, unless the request names a template', async () => {
    const email = `console.${crypto.randomUUID()}@example.com`;
    const first = await sendCode(email, {}, platformBasic);
    expect(first.mail.subject).toContain('confirm your email');
    expect((await authenticate(first.code, first.methodId, {}, platformBasic)).status).toBe(200);

    // Verified, but still without a project: a customer project's user would get signin_otp here.
    expect((await sendCode(email, {}, platformBasic)).mail.subject).toContain('confirm your email');
    expect((await sendCode(email, { login_template_id: 'signin_otp' }, platformBasic)).mail.subject).toContain('sign-in code');

    const { userId } = await server.services.identity.getOrCreatePlatformUser(email);
    await server.services.projects.createProject('Template rule', userId);
    expect((await sendCode(email, {}, platformBasic)).mail.subject).toContain('sign-in code');
  });
});
