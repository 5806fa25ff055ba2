import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { startHttpStandIn } from '../../testing/http-stand-in.ts';
import { createProject, dumpTable, newestTtlSeconds, type SdkClient } from '../../testing/sdk.ts';
import { passcodeIn } from '../../testing/smtp-sink.ts';

let server: TestServer;
let sdk: SdkClient;

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_MAX_ATTEMPTS: '3', RATE_LIMIT_OTP_PER_IDENTIFIER: '4', LOCKOUT_MAX_FAILURES: '5' } });
  sdk = (await createProject(server, 'Phones test')).sdk;
});
afterAll(() => server?.close());

let counter = 0;
/** A fresh valid US number per call (555-01xx numbers are reserved for fiction, 415 is a real area code). */
const newNumber = () => `+1415555${String(2000 + ++counter).padStart(4, '0')}`;

async function sendCode(channel: 'sms' | 'whatsapp', phone: string, path = 'login_or_create', sessionToken?: string) {
  const before = (await server.outbox.messagesTo(phone)).length;
  const res = await sdk.post(`/otps/${channel}/${path}`, { phone_number: phone }, sessionToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const message = await server.outbox.waitFor(phone, { after: before });
  return { res, message, methodId: res.body.data.method_id as string, code: passcodeIn(message) };
}

function authenticate(token: string, methodId: string, extra: Record<string, unknown> = {}, sessionToken?: string) {
  return sdk.post('/otps/authenticate', { token, method_id: methodId, ...extra }, sessionToken);
}

describe('SMS and WhatsApp passcodes', () => {
  it('rejects calls without the public token (401 in the spec shape)', async () => {
    const res = await server.request('/sdk/v1/otps/sms/login_or_create', { method: 'POST', body: { phone_number: newNumber() } });
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe('unauthorized_credentials');
  });

  it('texts a code through the dev outbox, normalises the number to E.164 and signs in with it', async () => {
    const res = await sdk.post('/otps/sms/login_or_create', { phone_number: '(415) 555-2671' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status_code: 200, user_created: false });
    expect(res.body.data.phone_id).toBe(res.body.data.method_id);
    const message = await server.outbox.waitFor('+14155552671');
    expect(message.channel).toBe('sms');
    expect(message.text).toContain('5 minutes');
    const code = passcodeIn(message);

    const signedIn = await authenticate(code, res.body.data.method_id, { session_duration_minutes: 45 });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const data = signedIn.body.data;
    expect(data.session).toMatchObject({
      authentication_factors: [
        { type: 'otp', delivery_method: 'sms', phone_number_factor: { phone_id: res.body.data.phone_id, phone_number: '+14155552671' } },
      ],
    });
    expect(data.user.phone_numbers).toEqual([{ phone_id: res.body.data.phone_id, phone_number: '+14155552671', verified: true }]);
    expect(data.user.status).toBe('active');
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect((Date.parse(data.session.expires_at) - Date.now()) / 60_000).toBeGreaterThan(43);

    // The same number typed differently is the same user.
    const again = await sdk.post('/otps/sms/login_or_create', { phone_number: '+1 415 555 2671' });
    expect(again.body.data).toMatchObject({ user_id: data.user_id, phone_id: res.body.data.phone_id });
    const me = await sdk.get('/users/me', data.session_token);
    expect(me.body.data.phone_numbers).toHaveLength(1);
  });

  it('sends WhatsApp codes on their own channel and records the delivery method', async () => {
    const phone = newNumber();
    const { message, code, methodId } = await sendCode('whatsapp', phone);
    expect(message.channel).toBe('whatsapp');
    const res = await authenticate(code, methodId);
    expect(res.status).toBe(200);
    expect(res.body.data.session.authentication_factors[0]).toMatchObject({ type: 'otp', delivery_method: 'whatsapp' });
  });

  it('expires codes (SMS 5 minutes by default; expiration_minutes honoured)', async () => {
    const phone = newNumber();
    await sdk.post('/otps/sms/login_or_create', { phone_number: phone, expiration_minutes: 2 });
    expect(Math.abs((await newestTtlSeconds(server, 'auth_otps')) - 120)).toBeLessThanOrEqual(2);

    const { code, methodId } = await sendCode('sms', phone);
    await server.ctx.db.execute(`update auth_otps set expires_at = now() - interval '1 second' where method_id = '${methodId}'`);
    const expired = await authenticate(code, methodId);
    expect(expired.status).toBe(404);
    expect(expired.body.error_type).toBe('otp_code_not_found');
  });

  it('makes a code single use, caps wrong guesses per code and then locks the user', async () => {
    const phone = newNumber();
    const first = await sendCode('sms', phone);
    expect((await authenticate(first.code, first.methodId)).status).toBe(200);
    expect((await authenticate(first.code, first.methodId)).body.error_type).toBe('otp_code_not_found');

    const capped = await sendCode('sms', phone);
    const wrong = capped.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await authenticate(wrong, capped.methodId)).status).toBe(404);
    const over = await authenticate(capped.code, capped.methodId);
    expect(over.status).toBe(429);
    expect(over.body.error_type).toBe('too_many_requests');

    // Two more failures reach LOCKOUT_MAX_FAILURES=5: even the right code is refused while locked.
    const locking = await sendCode('sms', phone);
    const wrong2 = locking.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) await authenticate(wrong2, locking.methodId);
    const locked = await authenticate(locking.code, locking.methodId);
    expect(locked.status).toBe(429);
    expect(locked.body.error_type).toBe('user_lock_limit_reached');
  });

  it('answers send/primary for an unknown number like a known one and texts nothing', async () => {
    const known = newNumber();
    await sendCode('sms', known);
    const unknown = newNumber();
    const a = await sdk.post('/otps/sms/send/primary', { phone_number: known });
    const b = await sdk.post('/otps/sms/send/primary', { phone_number: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
    await server.settled();
    expect(await server.outbox.messagesTo(unknown)).toHaveLength(0);
    // The stand-in method id behaves like a wrong code.
    expect((await authenticate('123456', b.body.data.method_id)).body.error_type).toBe('otp_code_not_found');
  });

  it('send/secondary adds a phone to the signed-in user and its code adds the factor to the session', async () => {
    const email = 'phone.owner@example.com';
    const before = server.smtp!.messagesTo(email).length;
    const sent = await sdk.post('/otps/email/login_or_create', { email });
    const mail = await server.smtp!.waitFor(email, { after: before });
    const primary = (await authenticate(passcodeIn(mail), sent.body.data.method_id)).body.data;

    const phone = newNumber();
    expect((await sdk.post('/otps/sms/send/secondary', { phone_number: phone })).status).toBe(401);
    const { code, methodId, res } = await sendCode('sms', phone, 'send/secondary', primary.session_token);
    expect(res.body.data.user_id).toBe(primary.user_id);
    const stepped = await authenticate(code, methodId, {}, primary.session_token);
    expect(stepped.status).toBe(200);
    expect(stepped.body.data.session.authentication_factors.map((f: { delivery_method: string }) => f.delivery_method)).toEqual(['email', 'sms']);
    // Same session, same token (issue 10: ADR 080).
    expect(stepped.body.data.session_token).toBe(primary.session_token);
    expect(stepped.body.data.session.session_id).toBe(primary.session.session_id);
    expect(stepped.body.data.user.phone_numbers).toEqual([{ phone_id: methodId, phone_number: phone, verified: true }]);
  });

  it('rate-limits texts per number with 429 and Retry-After', async () => {
    const phone = newNumber();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await sdk.post('/otps/whatsapp/login_or_create', { phone_number: phone });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('lists texts at GET /api/dev/outbox, newest first, uncached', async () => {
    const phone = newNumber();
    await sendCode('sms', phone);
    await sendCode('whatsapp', phone);
    const res = await server.request('/api/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const mine = res.body.messages.filter((m: { to: string }) => m.to === phone);
    expect(mine.map((m: { channel: string }) => m.channel)).toEqual(['whatsapp', 'sms']);
    expect(mine[0]).toEqual({ id: expect.any(String), channel: 'whatsapp', to: phone, text: expect.stringMatching(/\d{6}/), createdAt: expect.any(String) });
    expect(Date.parse(mine[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(mine[1].createdAt));
  });

  it('refuses invalid numbers with invalid_phone_number and stores no code in plaintext', async () => {
    for (const phone_number of ['12', '+1 555', 'call me']) {
      const res = await sdk.post('/otps/sms/login_or_create', { phone_number });
      expect(res.status, phone_number).toBe(400);
      expect(res.body).toMatchObject({ error_type: 'invalid_phone_number', error_message: 'Invalid phone number, please try again.' });
    }
    const { code } = await sendCode('sms', newNumber());
    expect(await dumpTable(server, 'auth_otps')).not.toMatch(new RegExp(`"${code}"`));
  });
});

describe('SMS through the Twilio adapter', () => {
  let twilioServer: TestServer;
  let twilio: Awaited<ReturnType<typeof startHttpStandIn>>;
  const sid = `AC${'1'.repeat(32)}`;

  beforeAll(async () => {
    twilio = await startHttpStandIn((request) =>
      new URLSearchParams(request.body).get('To')?.endsWith('0000')
        ? { status: 400, body: JSON.stringify({ code: 21610, message: 'Attempt to send to unsubscribed recipient' }) }
        : { status: 201, body: JSON.stringify({ sid: 'SM123', status: 'queued' }) },
    );
    twilioServer = await startTestServer({
      env: { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'test-auth-token', TWILIO_FROM: '+15005550006', TWILIO_API_URL: twilio.url },
    });
  });
  afterAll(async () => {
    await twilioServer?.close();
    await twilio?.close();
  });

  it('sends the code through Twilio (no dev outbox) and the code signs in', async () => {
    expect(twilioServer.ctx.devOutbox).toBeUndefined();
    expect((await twilioServer.request('/api/dev/outbox')).status).toBe(404);
    const client = (await createProject(twilioServer, 'Twilio project')).sdk;
    const res = await client.post('/otps/sms/login_or_create', { phone_number: '+14155550199' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = twilio.requests.at(-1)!;
    expect(sent.url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    const form = new URLSearchParams(sent.body);
    expect(form.get('To')).toBe('+14155550199');
    const auth = await client.post('/otps/authenticate', { token: passcodeIn({ text: form.get('Body') ?? '' }), method_id: res.body.data.method_id });
    expect(auth.status).toBe(200);
  });

  it('answers 503 sms_send_failed when Twilio refuses, and WhatsApp without a sender is refused the same way', async () => {
    const client = (await createProject(twilioServer, 'Twilio refusals')).sdk;
    // The operator hears of each refusal at error level.
    const logged = twilioServer.expectErrorLog(/^passcode text message could not be sent$/);
    const refused = await client.post('/otps/sms/login_or_create', { phone_number: '+14155550000' });
    expect(refused.status).toBe(503);
    expect(refused.body.error_type).toBe('sms_send_failed');
    const whatsapp = await client.post('/otps/whatsapp/login_or_create', { phone_number: '+14155550123' });
    expect(whatsapp.status).toBe(503);
    expect(whatsapp.body.error_type).toBe('sms_send_failed');
    expect(logged.count).toBe(2);
  });
});
