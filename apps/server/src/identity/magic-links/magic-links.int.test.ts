import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authUsers } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject, dumpTable, newestTtlSeconds, type SdkClient } from '../../testing/sdk.ts';
import { pkcePair, sendMagicLink } from '../../testing/sign-in-flows.ts';

let server: TestServer;
let sdk: SdkClient;
let liveSdk: SdkClient;

const APP = 'https://app.example.com';
const config = { redirectUrls: { allowed: [`${APP}/authenticate`, `${APP}/welcome`], login: `${APP}/authenticate` } };

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_MAX_ATTEMPTS: '3', RATE_LIMIT_OTP_PER_IDENTIFIER: '4', LOCKOUT_MAX_FAILURES: '4' } });
  sdk = (await createProject(server, 'Links test', config)).sdk;
  liveSdk = (await createProject(server, 'Links live', config, 'live')).sdk;
});
afterAll(() => server?.close());

/** Asks for a link to `email` and returns the emailed link and token. */
const sendLink = (email: string, body: Record<string, unknown> = {}, path = 'login_or_create', client = sdk, sessionToken?: string) =>
  sendMagicLink(server, client, email, body, path, sessionToken);

function authenticate(token: string, extra: Record<string, unknown> = {}, sessionToken?: string) {
  return sdk.post('/magic_links/authenticate', { token, ...extra }, sessionToken);
}

describe('/sdk/v1/magic_links', () => {
  it('rejects calls without the public token (401 in the spec shape)', async () => {
    for (const path of ['/sdk/v1/magic_links/email/login_or_create', '/sdk/v1/magic_links/authenticate']) {
      const res = await server.request(path, { method: 'POST', body: { email: 'a@example.com', token: 'x' } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status_code: 401, error_type: 'unauthorized_credentials' });
    }
  });

  it('emails a signup link to a new address and a login link once the user exists, and signs in with it', async () => {
    const email = 'link.new@example.com';
    const first = await sendLink(email, { signup_magic_link_url: `${APP}/welcome` });
    expect(first.res.body.data).toMatchObject({ status_code: 200, user_created: false });
    expect(first.mail.subject).toContain('Finish signing up');
    expect(`${first.url.origin}${first.url.pathname}`).toBe(`${APP}/welcome`);
    expect(first.url.searchParams.get('stytch_token_type')).toBe('magic_links');
    expect(first.mail.text).toContain('30 minutes');

    const res = await authenticate(first.token, { session_duration_minutes: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.session_token).toBeTruthy();
    expect(data.session_jwt.split('.')).toHaveLength(3);
    expect(data.session).toMatchObject({
      user_id: data.user_id,
      authentication_factors: [{ type: 'magic_link', delivery_method: 'email', email_factor: { email_address: email } }],
    });
    expect(data.session.session_id).toBeTruthy();
    expect(Date.parse(data.session.expires_at) - Date.now()).toBeGreaterThan(58 * 60_000);
    expect(Date.parse(data.session.last_accessed_at)).not.toBeNaN();
    expect(data.user).toMatchObject({ status: 'active', emails: [{ email, verified: true }] });
    expect(data.method_id).toBe(first.res.body.data.email_id);

    const second = await sendLink(email);
    expect(second.mail.subject).toContain('login link');
    expect(`${second.url.origin}${second.url.pathname}`).toBe(`${APP}/authenticate`);
    expect(second.res.body.data.user_id).toBe(data.user_id);
    const again = await authenticate(second.token);
    expect(again.status).toBe(200);
    expect(again.body.data.session_token).not.toBe(data.session_token);
  });

  it('honours create_user_as_pending: the new user stays pending until the link is used; a non-boolean is refused', async () => {
    const email = 'link.pending@example.com';
    const sent = await sendLink(email, { create_user_as_pending: true });
    const userId = sent.res.body.data.user_id;
    const status = async () => (await server.ctx.db.select({ status: authUsers.status }).from(authUsers).where(eq(authUsers.id, userId)))[0]?.status;
    expect(await status()).toBe('pending');
    expect(sent.mail.subject).toContain('Finish signing up');
    const res = await authenticate(sent.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.status).toBe('active');
    expect(await status()).toBe('active');

    const bad = await sdk.post('/magic_links/email/login_or_create', { email, create_user_as_pending: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toContain('create_user_as_pending must be a boolean value');
  });

  it('uses a link once, refuses unknown and expired tokens with unable_to_auth_magic_link', async () => {
    const { token } = await sendLink('link.once@example.com');
    expect((await authenticate(token)).status).toBe(200);
    const reused = await authenticate(token);
    expect(reused.status).toBe(401);
    expect(reused.body.error_type).toBe('unable_to_auth_magic_link');
    expect((await authenticate('not-a-real-token')).body.error_type).toBe('unable_to_auth_magic_link');

    const expiring = await sendLink('link.expired@example.com');
    await server.ctx.db.execute(`update auth_email_tokens set expires_at = now() - interval '1 second' where consumed_at is null`);
    const expired = await authenticate(expiring.token);
    expect(expired.status).toBe(401);
    expect(expired.body.error_type).toBe('unable_to_auth_magic_link');
  });

  it('honours login_expiration_minutes', async () => {
    // A new (pending) user gets the signup expiry, an active one the login expiry.
    const signup = await sendLink('link.expiry@example.com', { login_expiration_minutes: 15, signup_expiration_minutes: 45 });
    expect(signup.mail.text).toContain('45 minutes');
    expect((await authenticate(signup.token)).status).toBe(200);
    const { mail } = await sendLink('link.expiry@example.com', { login_expiration_minutes: 15, signup_expiration_minutes: 45 });
    expect(mail.text).toContain('15 minutes');
    expect(Math.abs((await newestTtlSeconds(server, 'auth_email_tokens')) - 15 * 60)).toBeLessThanOrEqual(2);
  });

  it('binds a link to its PKCE challenge: the right verifier works, a wrong or missing one is pkce_mismatch and burns the link after the cap', async () => {
    const pair = pkcePair();
    const ok = await sendLink('link.pkce@example.com', { code_challenge: pair.challenge });
    expect((await authenticate(ok.token)).body.error_type).toBe('pkce_mismatch');
    const good = await authenticate(ok.token, { code_verifier: pair.verifier });
    expect(good.status, JSON.stringify(good.body)).toBe(200);

    const burned = await sendLink('link.pkce@example.com', { code_challenge: pair.challenge });
    for (let i = 0; i < 3; i++) {
      const res = await authenticate(burned.token, { code_verifier: pkcePair().verifier });
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('pkce_mismatch');
    }
    expect((await authenticate(burned.token, { code_verifier: pair.verifier })).body.error_type).toBe('unable_to_auth_magic_link');

    // A verifier for a link sent without a challenge is a mismatch too.
    const plain = await sendLink('link.pkce@example.com');
    expect((await authenticate(plain.token, { code_verifier: pair.verifier })).body.error_type).toBe('pkce_mismatch');
  });

  it('requires a code_challenge when the project requires PKCE for magic links', async () => {
    const strict = await createProject(server, 'Strict PKCE', { ...config, magicLinks: { pkceRequired: true } });
    const res = await strict.sdk.post('/magic_links/email/login_or_create', { email: 'strict@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('pkce_mismatch');
    const bootstrap = await server.request(`/sdk/v1/projects/bootstrap/${strict.publicToken}`);
    expect(bootstrap.body.data.pkce_required_for_email_magic_links).toBe(true);
    await server.settled();
    expect(server.smtp!.messagesTo('strict@example.com')).toHaveLength(0);
  });

  it('refuses redirect URLs off the allow-list; test projects also accept http://localhost, live ones do not', async () => {
    for (const url of ['https://evil.example.com/authenticate', `${APP}/other`, 'javascript:alert(1)']) {
      const res = await sdk.post('/magic_links/email/login_or_create', { email: 'link.redirect@example.com', login_magic_link_url: url });
      expect(res.status, url).toBe(400);
      expect(res.body.error_type).toBe('invalid_redirect_url');
    }
    const local = await sendLink('link.local@example.com', { login_magic_link_url: 'http://localhost:5173/auth' });
    expect(local.url.origin).toBe('http://localhost:5173');
    const live = await liveSdk.post('/magic_links/email/login_or_create', {
      email: 'link.local@example.com',
      login_magic_link_url: 'http://localhost:5173/auth',
    });
    expect(live.body.error_type).toBe('invalid_redirect_url');
    const noDefault = await createProject(server, 'No default', {});
    const none = await noDefault.sdk.post('/magic_links/email/login_or_create', { email: 'link.none@example.com' });
    expect(none.body.error_type).toBe('invalid_redirect_url');
    await server.settled();
    expect(server.smtp!.messagesTo('link.redirect@example.com')).toHaveLength(0);
  });

  it('answers send/primary for an unknown address exactly like a known one, without sending', async () => {
    await sendLink('link.known@example.com');
    const known = await sdk.post('/magic_links/email/send/primary', { email: 'link.known@example.com' });
    const unknown = await sdk.post('/magic_links/email/send/primary', { email: 'link.nobody@example.com' });
    const unknownAgain = await sdk.post('/magic_links/email/send/primary', { email: 'link.nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(known.body.data).sort());
    expect(unknown.body.data.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(unknownAgain.body.data).toMatchObject({ user_id: unknown.body.data.user_id, email_id: unknown.body.data.email_id });
    await server.settled();
    expect(server.smtp!.messagesTo('link.nobody@example.com')).toHaveLength(0);
    expect(server.smtp!.messagesTo('link.known@example.com')).toHaveLength(2);
    // login_or_create looks the same for new and existing addresses too.
    const fresh = await sdk.post('/magic_links/email/login_or_create', { email: 'link.fresh@example.com' });
    const existing = await sdk.post('/magic_links/email/login_or_create', { email: 'link.known@example.com' });
    expect(fresh.body.data.user_created).toBe(existing.body.data.user_created);
  });

  it('send/secondary adds the factor to the caller’s session, which keeps its token (issue 10: ADR 080)', async () => {
    const first = await sendLink('link.step@example.com');
    const primary = (await authenticate(first.token)).body.data;
    const unauthenticated = await sdk.post('/magic_links/email/send/secondary', { email: 'link.step2@example.com' });
    expect(unauthenticated.status).toBe(401);

    const second = await sendLink('link.step2@example.com', {}, 'send/secondary', sdk, primary.session_token);
    expect(second.res.body.data.user_id).toBe(primary.user_id);
    const stepped = await authenticate(second.token, {}, primary.session_token);
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
    const factors = stepped.body.data.session.authentication_factors.map((f: { email_factor: { email_address: string } }) => f.email_factor.email_address);
    expect(factors).toEqual(['link.step@example.com', 'link.step2@example.com']);
    expect(stepped.body.data.session_token).toBe(primary.session_token);
    expect(stepped.body.data.session.session_id).toBe(primary.session.session_id);
    expect(stepped.body.data.user.emails.map((e: { email: string }) => e.email)).toEqual(['link.step@example.com', 'link.step2@example.com']);
    // The token the caller kept still works, and its session now lists both factors.
    const kept = await sdk.post('/sessions/authenticate', {}, primary.session_token);
    expect(kept.status).toBe(200);
    expect(kept.body.data.session.authentication_factors).toHaveLength(2);

    // Someone else's address: same answer, nothing sent, not attached.
    const knownBefore = server.smtp!.messagesTo('link.known@example.com').length;
    const other = await sdk.post('/magic_links/email/send/secondary', { email: 'link.known@example.com' }, stepped.body.data.session_token);
    expect(other.status).toBe(200);
    expect(other.body.data.user_id).toBe(primary.user_id);
    await server.settled();
    expect(server.smtp!.messagesTo('link.known@example.com')).toHaveLength(knownBefore);
    expect(other.body.data.user_id).toBe(primary.user_id);
  });

  it('locks the user after repeated PKCE failures', async () => {
    const pair = pkcePair();
    for (let i = 0; i < 2; i++) {
      const { token } = await sendLink('link.locked@example.com', { code_challenge: pair.challenge });
      for (let j = 0; j < 2; j++) expect((await authenticate(token, { code_verifier: 'wrong' })).status).toBe(400);
    }
    const { token } = await sendLink('link.locked@example.com', { code_challenge: pair.challenge });
    const locked = await authenticate(token, { code_verifier: pair.verifier });
    expect(locked.status).toBe(429);
    expect(locked.body.error_type).toBe('user_lock_limit_reached');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rate-limits link emails per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await sdk.post('/magic_links/email/login_or_create', { email: 'link.flood@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await sdk.post('/magic_links/email/send/primary', { email: 'link.flood@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stores only hashes of link tokens', async () => {
    const { token } = await sendLink('link.secret@example.com');
    const dump = await dumpTable(server, 'auth_email_tokens');
    expect(dump).not.toContain(token);
    expect(dump).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('answers bad input with 400 in the spec shape', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/magic_links/email/login_or_create', { email: 'nope' }, 'email'],
      ['/magic_links/email/login_or_create', { email: 'a@example.com', code_challenge: 'short' }, 'code_challenge'],
      ['/magic_links/email/login_or_create', { email: 'a@example.com', login_expiration_minutes: 1 }, 'login_expiration_minutes'],
      ['/magic_links/authenticate', { token: 42 }, 'token'],
      ['/magic_links/authenticate', { token: 'x', code_verifier: 'has spaces' }, 'code_verifier'],
      ['/magic_links/authenticate', { token: 'x', session_duration_minutes: 'long' }, 'session_duration_minutes'],
    ];
    for (const [path, body, mentions] of cases) {
      const res = await sdk.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('invalid_request');
      expect(res.body.error_message).toContain(mentions);
    }
  });
});
