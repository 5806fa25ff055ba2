import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject, dumpTable, tokenFromMail, type SdkClient } from '../../testing/sdk.ts';
import { hashPassword } from './hashing.ts';
import { RESET_PASSWORD_EMAILED_MESSAGE, RESET_PASSWORD_NOT_EMAILED_MESSAGE } from '@keepsake/wire/sdk/password-reset';

let server: TestServer;
let sdk: SdkClient;

const APP = 'https://shop.example.com';
const config = { redirectUrls: { allowed: [`${APP}/reset`, `${APP}/login`], login: `${APP}/login`, resetPassword: `${APP}/reset` } };
const STRONG = 'violet-Tractor-harbour-91-quiz';
const STRONG2 = 'mango-Lighthouse-parsec-27-fjord';
const BREACHED_MESSAGE = 'This password may have been used on a different site that experienced a security issue. Please choose another password.';

beforeAll(async () => {
  server = await startTestServer({ env: { LOCKOUT_MAX_FAILURES: '3', RATE_LIMIT_OTP_PER_IDENTIFIER: '4' } });
  sdk = (await createProject(server, 'Passwords test', config)).sdk;
});
afterAll(() => server?.close());

const create = (email: string, password = STRONG, client = sdk) => client.post('/passwords', { email, password, session_duration_minutes: 60 });
const login = (email: string, password = STRONG, client = sdk) => client.post('/passwords/authenticate', { email, password, session_duration_minutes: 60 });

async function resetMail(email: string, body: Record<string, unknown> = {}, client = sdk) {
  const before = server.smtp!.messagesTo(email).length;
  const res = await client.post('/passwords/email/reset/start', { email, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  return { res, mail, ...tokenFromMail(mail.text, 'reset_password') };
}

describe('/sdk/v1/passwords', () => {
  it('rejects calls without the public token (401 in the spec shape)', async () => {
    const res = await server.request('/sdk/v1/passwords', { method: 'POST', body: { email: 'a@example.com', password: STRONG, session_duration_minutes: 60 } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
  });

  it('creates a user with a password and signs in, storing only an argon2id hash', async () => {
    const res = await create('pw.new@example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.session).toMatchObject({ authentication_factors: [{ type: 'password', delivery_method: 'knowledge' }] });
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({ status: 'active', emails: [{ email: 'pw.new@example.com', verified: false }] });
    expect(data.user.password).toEqual({ password_id: expect.any(String), requires_reset: false });
    const dump = await dumpTable(server, 'auth_passwords');
    expect(dump).not.toContain(STRONG);
    expect(dump).toContain('$argon2id$');

    const signedIn = await login('pw.new@example.com');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user_id).toBe(data.user_id);
    expect(signedIn.body.data.session_token).not.toBe(data.session_token);
  });

  it('requires session_duration_minutes and refuses weak and breached passwords with the spec messages', async () => {
    const missing = await sdk.post('/passwords', { email: 'pw.rules@example.com', password: STRONG });
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toContain('session_duration_minutes');
    const weak = await create('pw.rules@example.com', 'abcabcabc9');
    expect(weak.status).toBe(400);
    expect(weak.body.error_type).toBe('weak_password');
    const breached = await create('pw.rules@example.com', 'Password123');
    expect(breached.body).toMatchObject({ status_code: 400, error_type: 'breached_password', error_message: BREACHED_MESSAGE });

    const luds = await createProject(server, 'Luds project', { ...config, passwords: { strengthPolicy: 'luds', ludsMinimumCount: 12, ludsComplexity: 4 } });
    const short = await create('pw.luds@example.com', 'xkcdvbnmzq', luds.sdk);
    expect(short.body.error_type).toBe('weak_password');
    expect(short.body.error_message).toBe(
      'Must be at least 12 characters long. Must contain 4 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect((await create('pw.luds@example.com', 'Abcdefgh-ijk1', luds.sdk)).status).toBe(200);
    const bootstrap = await server.request(`/sdk/v1/projects/bootstrap/${luds.publicToken}`);
    expect(bootstrap.body.data.password_config).toEqual({ luds_complexity: 4, luds_minimum_count: 12 });
  });

  it('answers an existing address on create with reset_password and a reset email (Password Dedupe)', async () => {
    await create('pw.dupe@example.com');
    const before = server.smtp!.messagesTo('pw.dupe@example.com').length;
    const again = await create('pw.dupe@example.com', STRONG2);
    expect(again.status).toBe(400);
    expect(again.body.error_type).toBe('reset_password');
    expect(again.body.error_message).toBe(RESET_PASSWORD_EMAILED_MESSAGE);
    const mail = await server.smtp!.waitFor('pw.dupe@example.com', { after: before });
    expect(tokenFromMail(mail.text, 'reset_password').url.pathname).toBe('/reset');
    // The original password still works; the new one was not set.
    expect((await login('pw.dupe@example.com')).status).toBe(200);
    expect((await login('pw.dupe@example.com', STRONG2)).status).toBe(401);

    // Past the per-address limit the answer stays reset_password, but no more emails go out.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await create('pw.dupe@example.com', STRONG2)).body);
    expect(answers.every((body) => body.error_type === 'reset_password')).toBe(true);
    await server.settled();
    expect(server.smtp!.messagesTo('pw.dupe@example.com').length).toBe(4);
    // …and the answers past the limit say no link was emailed.
    expect(answers.map((body) => body.error_message).slice(-2)).toEqual([RESET_PASSWORD_NOT_EMAILED_MESSAGE, RESET_PASSWORD_NOT_EMAILED_MESSAGE]);
  });

  it('says when reset_password emailed nothing (no default reset or login URL), and reset/start then refuses clearly or sends to the given URL', async () => {
    const bare = (await createProject(server, 'Passwords without defaults', { redirectUrls: { allowed: [`${APP}/own-reset`] } })).sdk;
    await create('pw.nodefault@example.com', STRONG, bare);
    const again = await create('pw.nodefault@example.com', STRONG2, bare);
    expect(again.body).toMatchObject({ status_code: 400, error_type: 'reset_password', error_message: RESET_PASSWORD_NOT_EMAILED_MESSAGE });
    await server.settled();
    expect(server.smtp!.messagesTo('pw.nodefault@example.com')).toHaveLength(0);

    const refused = await bare.post('/passwords/email/reset/start', { email: 'pw.nodefault@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.error_type).toBe('invalid_redirect_url');
    expect(refused.body.error_message).toContain('no default one');

    const { url } = await resetMail('pw.nodefault@example.com', { reset_password_redirect_url: `${APP}/own-reset` }, bare);
    expect(url.pathname).toBe('/own-reset');
  });

  it('answers a wrong password and an unknown email alike, and locks the user after repeated failures', async () => {
    await create('pw.lock@example.com');
    const wrong = await login('pw.lock@example.com', STRONG2);
    const unknown = await login('pw.nobody@example.com', STRONG2);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error_type).toBe('unauthorized_credentials');
    expect(unknown.body.error_message).toBe(wrong.body.error_message);
    await login('pw.lock@example.com', STRONG2);
    await login('pw.lock@example.com', STRONG2);
    const locked = await login('pw.lock@example.com');
    expect(locked.status).toBe(429);
    expect(locked.body.error_type).toBe('user_lock_limit_reached');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('refuses a correct but breached password at login with reset_password and sends a reset email (spec §4)', async () => {
    await create('pw.breached@example.com');
    // The password was set before it showed up in a breach: put a breached one's hash in place.
    const hash = await hashPassword('Password123');
    await server.ctx.db.execute(
      `update auth_passwords set hash = '${hash}' where user_id = (select user_id from auth_emails where email = 'pw.breached@example.com')`,
    );
    const before = server.smtp!.messagesTo('pw.breached@example.com').length;
    const res = await login('pw.breached@example.com', 'Password123');
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('reset_password');
    expect(res.body.error_message).toBe(RESET_PASSWORD_EMAILED_MESSAGE);
    const mail = await server.smtp!.waitFor('pw.breached@example.com', { after: before });
    const { token } = tokenFromMail(mail.text, 'reset_password');
    const reset = await sdk.post('/passwords/email/reset', { token, password: STRONG2, session_duration_minutes: 30 });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.user.password.requires_reset).toBe(false);
    expect(reset.body.data.user.emails[0].verified).toBe(true);
    expect((await login('pw.breached@example.com', STRONG2)).status).toBe(200);
  });

  it('checks strength with every field of the spec response', async () => {
    const res = await sdk.post('/passwords/strength_check', { email: 'pw.strength@example.com', password: 'Password123' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      valid_password: false,
      breached_password: true,
      strength_policy: 'zxcvbn',
      score: expect.any(Number),
      feedback: {
        warning: BREACHED_MESSAGE,
        suggestions: expect.any(Array),
        luds_requirements: { has_lower_case: true, has_upper_case: true, has_digit: true, has_symbol: false, missing_complexity: 0, missing_characters: 0 },
      },
    });
    const good = await sdk.post('/passwords/strength_check', { password: STRONG });
    expect(good.body.data).toMatchObject({ valid_password: true, breached_password: false });
    const invalidEmail = await sdk.post('/passwords/strength_check', { email: 'nope', password: STRONG });
    expect(invalidEmail.status).toBe(400);
  });

  it('resets by email: the link works once, the old password stops working, and the login link signs in instead', async () => {
    await create('pw.reset@example.com');
    const { token, mail, res } = await resetMail('pw.reset@example.com');
    expect(res.body.data).toEqual({ request_id: expect.any(String), status_code: 200 });
    expect(mail.text).toContain(`${APP}/reset?stytch_token_type=reset_password&token=`);
    const loginLink = tokenFromMail(mail.text, 'login');
    expect(loginLink.url.pathname).toBe('/login');

    const weak = await sdk.post('/passwords/email/reset', { token, password: 'abcabcabc9', session_duration_minutes: 30 });
    expect(weak.body.error_type).toBe('weak_password');
    const ok = await sdk.post('/passwords/email/reset', { token, password: STRONG2, session_duration_minutes: 30 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.session.authentication_factors[0]).toMatchObject({ type: 'password', delivery_method: 'email' });
    const reused = await sdk.post('/passwords/email/reset', { token, password: STRONG, session_duration_minutes: 30 });
    expect(reused.status).toBe(401);
    expect(reused.body.error_type).toBe('unable_to_auth_magic_link');
    expect((await login('pw.reset@example.com')).status).toBe(401);
    expect((await login('pw.reset@example.com', STRONG2)).status).toBe(200);

    const viaLink = await sdk.post('/magic_links/authenticate', { token: loginLink.token });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.data.user_id).toBe(ok.body.data.user_id);
  });

  it('expires reset links and answers unknown addresses like known ones without sending', async () => {
    await create('pw.expire@example.com');
    const { token } = await resetMail('pw.expire@example.com');
    await server.ctx.db.execute(`update auth_email_tokens set expires_at = now() - interval '1 second' where kind = 'password_reset' and consumed_at is null`);
    const expired = await sdk.post('/passwords/email/reset', { token, password: STRONG2, session_duration_minutes: 30 });
    expect(expired.body.error_type).toBe('unable_to_auth_magic_link');

    const unknown = await sdk.post('/passwords/email/reset/start', { email: 'pw.ghost@example.com' });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body.data).sort()).toEqual(['request_id', 'status_code']);
    await server.settled();
    expect(server.smtp!.messagesTo('pw.ghost@example.com')).toHaveLength(0);
    const offList = await sdk.post('/passwords/email/reset/start', {
      email: 'pw.expire@example.com',
      reset_password_redirect_url: 'https://evil.example.com/reset',
    });
    expect(offList.body.error_type).toBe('invalid_redirect_url');
  });

  it('requires PKCE for resets when the project says so, and checks the verifier', async () => {
    const strict = await createProject(server, 'PKCE resets', { ...config, passwords: { pkceRequiredForResets: true } });
    expect((await server.request(`/sdk/v1/projects/bootstrap/${strict.publicToken}`)).body.data.pkce_required_for_password_resets).toBe(true);
    await create('pw.pkce@example.com', STRONG, strict.sdk);
    const noChallenge = await strict.sdk.post('/passwords/email/reset/start', { email: 'pw.pkce@example.com' });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.error_type).toBe('pkce_mismatch');
    const verifier = 'a1b2c3d4'.repeat(16);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { token } = await resetMail('pw.pkce@example.com', { code_challenge: challenge }, strict.sdk);
    const without = await strict.sdk.post('/passwords/email/reset', { token, password: STRONG2, session_duration_minutes: 30 });
    expect(without.body.error_type).toBe('pkce_mismatch');
    const wrong = await strict.sdk.post('/passwords/email/reset', { token, password: STRONG2, code_verifier: 'f'.repeat(128), session_duration_minutes: 30 });
    expect(wrong.body.error_type).toBe('pkce_mismatch');
    const ok = await strict.sdk.post('/passwords/email/reset', { token, password: STRONG2, code_verifier: verifier, session_duration_minutes: 30 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('resets with the existing password', async () => {
    await create('pw.existing@example.com');
    const body = { email: 'pw.existing@example.com', existing_password: STRONG2, new_password: STRONG2, session_duration_minutes: 30 };
    const wrong = await sdk.post('/passwords/existing_password/reset', body);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_type).toBe('unauthorized_credentials');
    const weak = await sdk.post('/passwords/existing_password/reset', { ...body, existing_password: STRONG, new_password: 'abcabcabc9' });
    expect(weak.body.error_type).toBe('weak_password');
    const ok = await sdk.post('/passwords/existing_password/reset', { ...body, existing_password: STRONG });
    expect(ok.status).toBe(200);
    expect((await login('pw.existing@example.com', STRONG2)).status).toBe(200);
    expect((await login('pw.existing@example.com', STRONG)).status).toBe(401);
  });

  it('resets with a session, which keeps its token (issue 10: a factor joins the session, ADR 080)', async () => {
    const anonymous = await sdk.post('/passwords/session/reset', { password: STRONG2, session_duration_minutes: 30 });
    expect(anonymous.status).toBe(401);
    const created = (await create('pw.session@example.com')).body.data;
    const res = await sdk.post('/passwords/session/reset', { password: STRONG2, session_duration_minutes: 30 }, created.session_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.session_token).toBe(created.session_token);
    expect(res.body.data.session.session_id).toBe(created.session.session_id);
    expect(res.body.data.user_id).toBe(created.user_id);
    expect((await sdk.post('/sessions/authenticate', {}, created.session_token)).status).toBe(200);
    expect((await login('pw.session@example.com', STRONG2)).status).toBe(200);
  });

  it('ends every other session of the user on each kind of reset, keeping only the one it answers with', async () => {
    const email = 'pw.devices@example.com';
    const alive = async (token: string) => (await sdk.post('/sessions/authenticate', {}, token)).status;
    const signIn = async (password: string) => (await login(email, password)).body.data.session_token as string;
    const other = (await create('pw.bystander@example.com')).body.data.session_token as string;

    await create(email);
    let devices = [await signIn(STRONG), await signIn(STRONG)];
    const { token } = await resetMail(email);
    const byEmail = await sdk.post('/passwords/email/reset', { token, password: STRONG2, session_duration_minutes: 30 });
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    for (const device of devices) expect(await alive(device)).toBe(404);
    expect(await alive(byEmail.body.data.session_token)).toBe(200);

    devices = [byEmail.body.data.session_token, await signIn(STRONG2)];
    const body = { email, existing_password: STRONG2, new_password: STRONG, session_duration_minutes: 30 };
    const existing = await sdk.post('/passwords/existing_password/reset', body);
    expect(existing.status, JSON.stringify(existing.body)).toBe(200);
    for (const device of devices) expect(await alive(device)).toBe(404);
    expect(await alive(existing.body.data.session_token)).toBe(200);

    const second = await signIn(STRONG);
    const bySession = await sdk.post('/passwords/session/reset', { password: STRONG2, session_duration_minutes: 30 }, second);
    expect(bySession.status, JSON.stringify(bySession.body)).toBe(200);
    // The reset's own session keeps its token (ADR 080); the user's other sessions end.
    expect(bySession.body.data.session_token).toBe(second);
    expect(await alive(existing.body.data.session_token)).toBe(404);
    expect(await alive(second)).toBe(200);
    // Other users keep their sessions.
    expect(await alive(other)).toBe(200);
  });

  it('rate-limits reset emails per address', async () => {
    await create('pw.flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await sdk.post('/passwords/email/reset/start', { email: 'pw.flood@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
