import { hash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAuthorizations } from '@keepsake/db/schema';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { sha256Hex } from '../platform/secrets.ts';
import { cliAuthLimits, normalizeUserCode } from './service.ts';

let server: TestServer;
let cookie: string;
const grantType = 'urn:ietf:params:oauth:grant-type:device_code';

beforeAll(async () => {
  // Behind a trusted proxy (127.0.0.1): the rate-limit tests speak from addresses of their own (X-Forwarded-For).
  server = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
  cookie = await server.signIn('cli.developer@example.com');
});
afterAll(() => server?.close());

function expectSpecError(res: { status: number; body: any }, status: number, type: string) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
  expect(res.body.error_type).toBe(type);
}

async function startDevice(extra: Record<string, unknown> = {}) {
  const res = await server.request('/api/cli/device/code', { method: 'POST', body: { client_id: 'keepsake-cli', ...extra } });
  expect(res.status).toBe(200);
  return res.body as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
}

const poll = (deviceCode: string, extra: Record<string, unknown> = {}) =>
  server.request('/api/cli/token', { method: 'POST', body: { grant_type: grantType, client_id: 'keepsake-cli', device_code: deviceCode, ...extra } });
const listTokens = async () => {
  const listed = await server.request('/api/console/account/cli-tokens', { cookie });
  expect(listed.status).toBe(200);
  return listed.body.tokens as Array<{ id: string; hint: string; deviceName: string | null }>;
};
const decide = (decision: 'approve' | 'deny', userCode: string, as = cookie) =>
  server.request(`/api/console/cli/device/${decision}`, { method: 'POST', cookie: as, body: { user_code: userCode } });
/** The time that would have passed: moves the last poll back, so no test waits for the interval. */
const forgetLastPoll = (userCode: string) =>
  server.ctx.db
    .update(cliAuthorizations)
    .set({ lastPolledAt: new Date(Date.now() - 60_000) })
    .where(eq(cliAuthorizations.userCodeHash, sha256Hex(normalizeUserCode(userCode))));

describe('device authorization grant (RFC 8628)', () => {
  it('answers a device code, a XXXX-XXXX user code and the verification URIs; stores neither code in plaintext', async () => {
    const device = await startDevice();
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device.verification_uri).toBe(`${server.config.publicUrl}/console/authorize-device`);
    expect(device.verification_uri_complete).toBe(`${device.verification_uri}?user_code=${device.user_code}`);
    expect(device.expires_in).toBe(600);
    expect(device.interval).toBe(5);
    const rows = await server.ctx.db.select().from(cliAuthorizations);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(device.device_code);
    expect(stored).not.toContain(normalizeUserCode(device.user_code));
  });

  it('answers authorization_pending, then slow_down when polled faster than the interval', async () => {
    const device = await startDevice();
    expectSpecError(await poll(device.device_code), 400, 'authorization_pending');
    expectSpecError(await poll(device.device_code), 400, 'slow_down');
    await forgetLastPoll(device.user_code);
    expectSpecError(await poll(device.device_code), 400, 'authorization_pending');
  });

  it('slows a fast poller down by five more seconds each time (RFC 8628 §3.5)', async () => {
    const device = await startDevice();
    const where = eq(cliAuthorizations.userCodeHash, sha256Hex(normalizeUserCode(device.user_code)));
    const lastPolledSecondsAgo = (seconds: number) =>
      server.ctx.db
        .update(cliAuthorizations)
        .set({ lastPolledAt: new Date(Date.now() - seconds * 1000) })
        .where(where);
    expectSpecError(await poll(device.device_code), 400, 'authorization_pending');
    expectSpecError(await poll(device.device_code), 400, 'slow_down');
    // The interval is now 10 s: a poll 6 s after the last is still too fast, and slows it to 15 s.
    await lastPolledSecondsAgo(6);
    const slower = await poll(device.device_code);
    expectSpecError(slower, 400, 'slow_down');
    expect(slower.body.error_message).toBe('Polling too fast: wait 15 seconds between polls.');
    await lastPolledSecondsAgo(14);
    expectSpecError(await poll(device.device_code), 400, 'slow_down');
    await lastPolledSecondsAgo(21);
    expectSpecError(await poll(device.device_code), 400, 'authorization_pending');
  });

  it('gives one token for a code, even to polls at the same moment', async () => {
    const device = await startDevice();
    await decide('approve', device.user_code);
    const polls = await Promise.all(Array.from({ length: 5 }, () => poll(device.device_code)));
    expect(polls.filter((p) => p.status === 200)).toHaveLength(1);
    for (const p of polls.filter((p) => p.status !== 200)) expectSpecError(p, 400, 'invalid_grant');
    expectSpecError(await poll(device.device_code), 400, 'invalid_grant');
    expectSpecError(await decide('deny', device.user_code), 404, 'not_found');
  });

  it('issues a kst_cli_ token once approved, refuses reuse, and the token acts as the developer until revoked', async () => {
    await server.request('/api/console/projects', { method: 'POST', cookie, body: { name: 'CLI project' } });
    const device = await startDevice();
    const lookup = await server.request(`/api/console/cli/device?user_code=${device.user_code.toLowerCase()}`, { cookie });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ user_code: device.user_code, device_name: null });
    expect((await decide('approve', device.user_code)).body).toEqual({ status: 'approved' });
    const token = await poll(device.device_code);
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.body.access_token).toMatch(/^kst_cli_[A-Za-z0-9_-]{43}$/);
    expectSpecError(await poll(device.device_code), 400, 'invalid_grant');

    const bearer = { authorization: `Bearer ${token.body.access_token}` };
    const projects = await server.request('/api/console/projects', { headers: bearer });
    expect(projects.status).toBe(200);
    expect(JSON.stringify(projects.body)).toContain('CLI project');

    const listed = await server.request('/api/console/account/cli-tokens', { cookie });
    const mine = listed.body.tokens.find((t: { id: string }) => t.id === token.body.token_id);
    expect(mine).toMatchObject({ hint: token.body.access_token.slice(-4) });
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(token.body.access_token);

    expect((await server.request(`/api/console/account/cli-tokens/${token.body.token_id}`, { method: 'DELETE', cookie })).body).toEqual({ revoked: true });
    expectSpecError(await server.request('/api/console/projects', { headers: bearer }), 401, 'unauthorized');
    expectSpecError(await server.request(`/api/console/account/cli-tokens/${token.body.token_id}`, { method: 'DELETE', cookie }), 404, 'not_found');
  });

  it('answers access_denied after Deny, and a decided code cannot be decided again', async () => {
    const device = await startDevice();
    expect((await decide('deny', device.user_code)).body).toEqual({ status: 'denied' });
    expectSpecError(await poll(device.device_code), 400, 'access_denied');
    expectSpecError(await decide('approve', device.user_code), 404, 'not_found');
    // A denied code stays denied: polling it again never turns into a token.
    expectSpecError(await poll(device.device_code), 400, 'access_denied');
  });

  it('answers expired_token after expiry, to the CLI and to the console', async () => {
    const device = await startDevice();
    await server.ctx.db
      .update(cliAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cliAuthorizations.userCodeHash, sha256Hex(normalizeUserCode(device.user_code))));
    expectSpecError(await poll(device.device_code), 400, 'expired_token');
    expectSpecError(await decide('approve', device.user_code), 400, 'expired_token');
    expectSpecError(await server.request(`/api/console/cli/device?user_code=${device.user_code}`, { cookie }), 400, 'expired_token');
  });

  it('answers expired_token for a code approved in time but collected too late', async () => {
    const device = await startDevice();
    await decide('approve', device.user_code);
    await server.ctx.db
      .update(cliAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cliAuthorizations.userCodeHash, sha256Hex(normalizeUserCode(device.user_code))));
    expectSpecError(await poll(device.device_code), 400, 'expired_token');
  });

  it('stores the device name the CLI sends (trimmed) with the token, and lists it; a token without one lists null', async () => {
    const named = await startDevice();
    await decide('approve', named.user_code);
    const token = await poll(named.device_code, { device_name: '  ada-laptop.local  ' });
    expect(token.status).toBe(200);
    const unnamed = await startDevice();
    await decide('approve', unnamed.user_code);
    const older = await poll(unnamed.device_code);
    expect(older.status).toBe(200);
    const tokens = await listTokens();
    expect(tokens.find((t) => t.id === token.body.token_id)).toMatchObject({ deviceName: 'ada-laptop.local' });
    expect(tokens.find((t) => t.id === older.body.token_id)).toMatchObject({ deviceName: null });
  });

  it('shows the device name asked for with the code on the approval look-up, and lists the token under it', async () => {
    const device = await startDevice({ device_name: ' build-box ' });
    const lookup = await server.request(`/api/console/cli/device?user_code=${device.user_code}`, { cookie });
    expect(lookup.body).toMatchObject({ user_code: device.user_code, device_name: 'build-box' });
    await decide('approve', device.user_code);
    const token = await poll(device.device_code);
    expect(token.status).toBe(200);
    expect((await listTokens()).find((t) => t.id === token.body.token_id)?.deviceName).toBe('build-box');
    for (const name of ['', 'x'.repeat(101), 'esc\u001b[31m']) {
      const refused = await server.request('/api/cli/device/code', { method: 'POST', body: { client_id: 'keepsake-cli', device_name: name } });
      expectSpecError(refused, 400, 'invalid_request');
      expect(refused.body.error_message).toContain('device_name: must be 1 to 100 printable characters');
    }
  });

  it('refuses a device name that is empty, longer than 100 characters or not printable, in the spec format, and spends nothing', async () => {
    const device = await startDevice();
    await decide('approve', device.user_code);
    for (const name of ['   ', 'x'.repeat(101), 'tab\there', 'bell\u0007', 'line\u2028break', 42]) {
      const refused = await poll(device.device_code, { device_name: name });
      expectSpecError(refused, 400, 'invalid_request');
      expect(refused.body.error_message).toMatch(/device_name: must be (1 to 100 printable characters|a string)/);
    }
    // Validation comes before the grant: the approved code still gives its token, with a 100-character name.
    const token = await poll(device.device_code, { device_name: 'é'.repeat(100) });
    expect(token.status).toBe(200);
    expect((await listTokens()).find((t) => t.id === token.body.token_id)?.deviceName).toBe('é'.repeat(100));
  });

  it('refuses bad input in the spec format, unknown codes, and approval without a session', async () => {
    expectSpecError(await server.request('/api/cli/device/code', { method: 'POST', body: { client_id: 'someone-else' } }), 400, 'invalid_request');
    expectSpecError(await server.request('/api/cli/token', { method: 'POST', body: { grant_type: 'password' } }), 400, 'invalid_request');
    expectSpecError(await poll('not-a-device-code'), 400, 'invalid_grant');
    expectSpecError(await decide('approve', 'not a code'), 400, 'invalid_request');
    expectSpecError(await decide('approve', 'BCDF-GHJK'), 404, 'not_found');
    const device = await startDevice();
    expectSpecError(await server.request('/api/console/cli/device/approve', { method: 'POST', body: { user_code: device.user_code } }), 401, 'unauthorized');
    expectSpecError(await server.request('/api/console/projects', { headers: { authorization: 'Bearer kst_cli_forged' } }), 401, 'unauthorized');
  });
});

describe('loopback grant (browser sign-in with PKCE)', () => {
  const verifier = 'v'.repeat(43) + '-loopback-verifier';
  const challenge = hash('sha256', verifier, 'base64url');
  const redirectUri = 'http://127.0.0.1:53682/callback';
  const approve = (body: Record<string, string>) => server.request('/api/console/cli/loopback', { method: 'POST', cookie, body });
  const exchange = (code: string, codeVerifier: string, redirect = redirectUri, extra: Record<string, unknown> = {}) =>
    server.request('/api/cli/token', {
      method: 'POST',
      body: { grant_type: 'authorization_code', client_id: 'keepsake-cli', code, code_verifier: codeVerifier, redirect_uri: redirect, ...extra },
    });

  it('redirects to the loopback with a one-time code and the state; the code and verifier give a token once', async () => {
    const res = await approve({ redirect_uri: redirectUri, state: 'st4te', code_challenge: challenge });
    expect(res.status).toBe(200);
    const target = new URL(res.body.redirect_to);
    expect(`${target.origin}${target.pathname}`).toBe(redirectUri);
    expect(target.searchParams.get('state')).toBe('st4te');
    const code = target.searchParams.get('code')!;
    const token = await exchange(code, verifier);
    expect(token.status).toBe(200);
    expect(token.body.access_token).toMatch(/^kst_cli_/);
    expectSpecError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('stores the device name sent with the exchange, and refuses a bad one in the spec format before spending the code', async () => {
    const res = await approve({ redirect_uri: redirectUri, state: 'named', code_challenge: challenge });
    const code = new URL(res.body.redirect_to).searchParams.get('code')!;
    const refused = await exchange(code, verifier, redirectUri, { device_name: 'esc\u001b[31m' });
    expectSpecError(refused, 400, 'invalid_request');
    expect(refused.body.error_message).toContain('device_name: must be 1 to 100 printable characters');
    const token = await exchange(code, verifier, redirectUri, { device_name: 'CI runner #4' });
    expect(token.status).toBe(200);
    expect((await listTokens()).find((t) => t.id === token.body.token_id)?.deviceName).toBe('CI runner #4');
  });

  it('refuses a verifier that does not match the challenge, and the code is spent by that attempt', async () => {
    const res = await approve({ redirect_uri: redirectUri, state: 's', code_challenge: challenge });
    const code = new URL(res.body.redirect_to).searchParams.get('code')!;
    expectSpecError(await exchange(code, 'w'.repeat(43)), 400, 'invalid_grant');
    expectSpecError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('accepts only loopback redirect URIs', async () => {
    for (const uri of ['https://evil.example/callback', 'http://example.com:8080/cb', 'http://127.0.0.1/no-port', 'http://user@127.0.0.1:1/cb', 'not a url']) {
      expectSpecError(await approve({ redirect_uri: uri, state: 's', code_challenge: challenge }), 400, 'invalid_request');
    }
    for (const uri of ['http://localhost:4000/callback', 'http://[::1]:4000/callback']) {
      expect((await approve({ redirect_uri: uri, state: 's', code_challenge: challenge })).status).toBe(200);
    }
  });
});

describe('issue 22 item 11: rate limits on the device grant (RFC 8628 §5.1)', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const letters = 'BCDFGHJKLMNPQRSTVWXZ';
  const guess = () => {
    const code = Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
    return `${code.slice(0, 4)}-${code.slice(4)}`;
  };
  /** A look-up, an approval or a denial of a guessed code, as someone hunting for a live one would send. */
  const check = (i: number, as: string, ip: string) =>
    i % 3 === 0
      ? server.request(`/api/console/cli/device?user_code=${guess()}`, { cookie: as, headers: from(ip) })
      : server.request(`/api/console/cli/device/${i % 3 === 1 ? 'deny' : 'approve'}`, {
          method: 'POST',
          cookie: as,
          headers: from(ip),
          body: { user_code: guess() },
        });
  function expectRefused(res: { status: number; body: any; headers: Headers }, text: string) {
    expectSpecError(res, 429, 'too_many_requests');
    expect(res.body.error_message).toContain(text);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('refuses the device-code request past the limit per IP, with a clear 429; another IP is not held back', async () => {
    const started = (ip: string) => server.request('/api/cli/device/code', { method: 'POST', headers: from(ip), body: { client_id: 'keepsake-cli' } });
    for (let i = 0; i < cliAuthLimits.deviceCodesPerIp; i++) expect((await started('203.0.113.11')).status).toBe(200);
    expectRefused(await started('203.0.113.11'), 'Too many CLI sign-ins started from this address. Try again in ');
    expect((await started('203.0.113.12')).status).toBe(200);
  });

  it('refuses user-code look-ups, approvals and denials past the limit per developer, from any IP', async () => {
    const developer = await server.signIn('cli.guesser@example.com');
    for (let i = 0; i < cliAuthLimits.userCodeChecksPerUser; i++) expectSpecError(await check(i, developer, '203.0.113.21'), 404, 'not_found');
    // Past it, even the developer's own live code waits: look-up, approval and denial alike, from another IP too.
    const device = await startDevice();
    expectRefused(
      await server.request(`/api/console/cli/device?user_code=${device.user_code}`, { cookie: developer, headers: from('203.0.113.21') }),
      'Too many CLI sign-in codes checked.',
    );
    expectRefused(await decide('approve', device.user_code, developer), 'Too many CLI sign-in codes checked.');
    expectRefused(await check(1, developer, '203.0.113.22'), 'Too many CLI sign-in codes checked.');
    // Another developer is not held back, and the code is still pending for them to decide.
    expect((await decide('approve', device.user_code)).status).toBe(200);
  });

  it('refuses user-code checks past the limit per IP, whoever is signed in', async () => {
    const first = await server.signIn('cli.guesser.one@example.com');
    const second = await server.signIn('cli.guesser.two@example.com');
    const third = await server.signIn('cli.guesser.three@example.com');
    const perUser = cliAuthLimits.userCodeChecksPerUser;
    const perIp = cliAuthLimits.userCodeChecksPerIp;
    for (let i = 0; i < perIp; i++) expectSpecError(await check(i, i < perUser ? first : second, '203.0.113.31'), 404, 'not_found');
    expectRefused(await check(0, third, '203.0.113.31'), 'Too many CLI sign-in codes checked.');
    expectSpecError(await check(0, third, '203.0.113.32'), 404, 'not_found');
  });
});
