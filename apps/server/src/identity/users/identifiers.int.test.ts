import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject, type SdkClient } from '../../testing/sdk.ts';
import { passcodeIn } from '../../testing/smtp-sink.ts';

let server: TestServer;
let sdk: SdkClient;
let otherSdk: SdkClient;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '3', RATE_LIMIT_OTP_PER_IP: '1000' } });
  sdk = (await createProject(server, 'Users test')).sdk;
  otherSdk = (await createProject(server, 'Other project')).sdk;
});
afterAll(() => server?.close());

/** Signs in by email passcode; returns the session token and user. */
async function emailSignIn(email: string, sessionToken?: string, path = 'login_or_create') {
  const before = server.smtp!.messagesTo(email).length;
  const sent = await sdk.post(`/otps/email/${path}`, { email }, sessionToken);
  const mail = await server.smtp!.waitFor(email, { after: before });
  const res = await sdk.post('/otps/authenticate', { token: passcodeIn(mail), method_id: sent.body.data.method_id }, sessionToken);
  expect(res.status).toBe(200);
  return res.body.data as { session_token: string; user_id: string; user: { emails: Array<{ email_id: string }>; phone_numbers: Array<{ phone_id: string }> } };
}

async function addPhone(sessionToken: string, phone: string) {
  const before = (await server.outbox.messagesTo(phone)).length;
  const sent = await sdk.post('/otps/sms/send/secondary', { phone_number: phone }, sessionToken);
  const message = await server.outbox.waitFor(phone, { after: before });
  const res = await sdk.post('/otps/authenticate', { token: passcodeIn(message), method_id: sent.body.data.method_id }, sessionToken);
  expect(res.status).toBe(200);
  return res.body.data as { session_token: string; user: { phone_numbers: Array<{ phone_id: string }> } };
}

describe('POST /sdk/v1/users/search', () => {
  it('rejects a call without the public token', async () => {
    const res = await server.request('/sdk/v1/users/search', { method: 'POST', body: { email: 'a@example.com' } });
    expect(res.status).toBe(401);
  });

  it('tells only new, password or passwordless', async () => {
    expect((await sdk.post('/users/search', { email: 'search.none@example.com' })).body.data).toEqual({
      request_id: expect.any(String),
      status_code: 200,
      user_type: 'new',
      // issue 10: the genuine client reads `userType` (its UserSearchData); without it the password screen is empty.
      userType: 'new',
    });
    await emailSignIn('search.otp@example.com');
    expect((await sdk.post('/users/search', { email: 'search.otp@example.com' })).body.data).toMatchObject({
      user_type: 'passwordless',
      userType: 'passwordless',
    });
    expect(
      (await sdk.post('/passwords', { email: 'search.pw@example.com', password: 'violet-Tractor-harbour-91-quiz', session_duration_minutes: 30 })).status,
    ).toBe(200);
    expect((await sdk.post('/users/search', { email: 'SEARCH.pw@example.com' })).body.data).toMatchObject({ user_type: 'password', userType: 'password' });
    // Users are per project.
    expect((await otherSdk.post('/users/search', { email: 'search.pw@example.com' })).body.data.user_type).toBe('new');
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await sdk.post('/users/search', { email: 'search.flood@example.com' })).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});

describe('DELETE /sdk/v1/users/emails/{id} and /users/phone_numbers/{id}', () => {
  it('needs a session', async () => {
    const id = crypto.randomUUID();
    expect((await sdk.delete(`/users/emails/${id}`)).status).toBe(401);
    expect((await sdk.delete(`/users/phone_numbers/${id}`)).status).toBe(401);
    expect((await sdk.delete(`/users/emails/${id}`, 'not-a-session')).body.error_type).toBe('session_not_found');
  });

  it('never deletes the last email or phone number, then deletes one of two', async () => {
    const signedIn = await emailSignIn('delete.me@example.com');
    const emailId = signedIn.user.emails[0]!.email_id;
    const last = await sdk.delete(`/users/emails/${emailId}`, signedIn.session_token);
    expect(last.status).toBe(409);
    expect(last.body.error_type).toBe('cannot_delete_last_primary_factor');

    const withPhone = await addPhone(signedIn.session_token, '+14155553001');
    const phoneId = withPhone.user.phone_numbers[0]!.phone_id;
    const res = await sdk.delete(`/users/emails/${emailId}`, withPhone.session_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: signedIn.user_id, user: { emails: [], phone_numbers: [{ phone_id: phoneId }] } });
    // issue 10: the genuine client reads the user after a delete from `__user`.
    expect(res.body.data.__user).toEqual(res.body.data.user);
    const lastPhone = await sdk.delete(`/users/phone_numbers/${phoneId}`, withPhone.session_token);
    expect(lastPhone.body.error_type).toBe('cannot_delete_last_primary_factor');
    const me = await sdk.get('/users/me', withPhone.session_token);
    expect(me.body.data.phone_numbers).toHaveLength(1);
  });

  it('counts every way to sign in, verified wallets, passkeys, biometric keys and OAuth included, but not a TOTP', async () => {
    /** Gives the user a factor row as its sign-in method would (those methods have no routes yet). */
    const add = async (table: string, userId: string, columns: Record<string, string | boolean>) => {
      const names = ['id', 'project_id', 'user_id', ...Object.keys(columns)];
      const values = [`'${crypto.randomUUID()}'`, `(select project_id from auth_users where id = '${userId}')`, `'${userId}'`];
      for (const value of Object.values(columns)) values.push(typeof value === 'boolean' ? String(value) : `'${value}'`);
      await server.ctx.db.execute(`insert into ${table} (${names.join(', ')}) values (${values.join(', ')})`);
    };
    const deleteOnlyEmail = async (email: string, give: (userId: string) => Promise<void>) => {
      const signedIn = await emailSignIn(email);
      await give(signedIn.user_id);
      return sdk.delete(`/users/emails/${signedIn.user.emails[0]!.email_id}`, signedIn.session_token);
    };
    const blocked = [
      (id: string) => add('auth_totps', id, { sealed_secret: 'sealed', verified: true }),
      (id: string) => add('auth_passwords', id, { hash: '$argon2id$stand-in' }),
      (id: string) => add('auth_crypto_wallets', id, { address: `0x${'a'.repeat(40)}`, wallet_type: 'ethereum', verified: false }),
      (id: string) => add('auth_webauthn_registrations', id, { credential_id: crypto.randomUUID(), public_key: 'key', verified: false }),
    ];
    for (const [i, give] of blocked.entries()) {
      const res = await deleteOnlyEmail(`last.blocked${i}@example.com`, give);
      expect(res.status, `blocked case ${i}`).toBe(409);
      expect(res.body.error_type).toBe('cannot_delete_last_primary_factor');
    }
    const allowed = [
      (id: string) => add('auth_crypto_wallets', id, { address: `0x${'b'.repeat(40)}`, wallet_type: 'ethereum', verified: true }),
      (id: string) => add('auth_oauth_registrations', id, { provider_type: 'google', provider_subject: crypto.randomUUID() }),
      (id: string) => add('auth_webauthn_registrations', id, { credential_id: crypto.randomUUID(), public_key: 'key', verified: true }),
      (id: string) => add('auth_biometric_registrations', id, { public_key: 'key', verified: true }),
    ];
    for (const [i, give] of allowed.entries()) {
      const res = await deleteOnlyEmail(`last.allowed${i}@example.com`, give);
      expect(res.status, `allowed case ${i}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.user.emails).toEqual([]);
    }
  });

  it("cannot delete another user's email or phone number", async () => {
    const alice = await emailSignIn('delete.alice@example.com');
    const bob = await emailSignIn('delete.bob@example.com');
    // A step-up adds to Bob's session; he now has two emails, so only ownership can stop the delete.
    const bobNow = await emailSignIn('delete.bob2@example.com', bob.session_token, 'send/secondary');
    const res = await sdk.delete(`/users/emails/${alice.user.emails[0]!.email_id}`, bobNow.session_token);
    expect(res.status).toBe(404);
    expect(res.body.error_type).toBe('email_not_found');
    const phone = await sdk.delete(`/users/phone_numbers/${crypto.randomUUID()}`, bobNow.session_token);
    expect(phone.body.error_type).toBe('phone_number_not_found');
    expect((await sdk.get('/users/me', alice.session_token)).body.data.emails).toHaveLength(1);
  });

  it('settles concurrent deletes of the last two addresses so one stays', async () => {
    const first = await emailSignIn('race.one@example.com');
    const second = await emailSignIn('race.two@example.com', first.session_token, 'send/secondary');
    const ids = second.user.emails.map((e) => e.email_id);
    expect(ids).toHaveLength(2);
    const results = await Promise.all(ids.map((id) => sdk.delete(`/users/emails/${id}`, second.session_token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await sdk.get('/users/me', second.session_token)).body.data.emails).toHaveLength(1);
  });
});
