// issue 12 §16: the product app's Sign In With Farcaster (ADR 108) on /api/session/authenticate. The custody
// addresses are viem local accounts whose fids are registered in the devnet's stand-in ID registry, and the messages
// are verified by @farcaster/auth-client against the devnet.
import { farcasterFidOf, registerFarcasterFid } from '@keepsake/chains/actions/farcaster-devnet';
import fc from 'fast-check';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { enablePlatformSignInMethods } from '../testing/platform-sign-in.ts';

const ADMIN = 'admin.farcaster@example.com';
let server: TestServer;
let adminCookie: string;
let nextFid = 1000n + BigInt(Math.floor(Math.random() * 1_000_000));

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { KEEPSAKE_ADMIN_EMAILS: ADMIN, RATE_LIMIT_OTP_PER_IP: '10000' } });
  adminCookie = await server.signIn(ADMIN);
  await enable(['email', 'farcaster']);
});
afterAll(() => server?.close());

const enable = (methods: string[]) => enablePlatformSignInMethods(server, adminCookie, methods);

const devnet = () => server.ctx.chains.get('devnet').client;

/** A custody account holding a fresh fid on the devnet. */
async function farcasterUser(): Promise<{ account: PrivateKeyAccount; fid: bigint }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const fid = nextFid++;
  await registerFarcasterFid(devnet(), { custody: account.address, fid });
  return { account, fid };
}

async function nonceFor(custodyAddress?: string) {
  const res = await server.request('/api/session/farcaster/nonce', { method: 'POST', body: custodyAddress ? { custodyAddress } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { nonce: string; domain: string; uri: string; chainId: 10; statement: string; expirationTime: string; fid: number | null };
}

/** The Sign In With Farcaster message, as the Farcaster app builds it from the server's nonce. */
async function signInMessage(account: PrivateKeyAccount, fid: bigint, change: { nonce?: string; domain?: string } = {}) {
  const issued = await nonceFor();
  return createSiweMessage({
    domain: change.domain ?? issued.domain,
    address: account.address,
    statement: issued.statement,
    uri: issued.uri,
    version: '1',
    chainId: issued.chainId,
    nonce: change.nonce ?? issued.nonce,
    issuedAt: new Date(),
    expirationTime: new Date(issued.expirationTime),
    resources: [`farcaster://fid/${fid}`],
  });
}

const farcasterSignIn = (body: Record<string, unknown>, callbackUrl = '/user') =>
  server.request(`/api/session/authenticate?${new URLSearchParams({ signinAuthenticationMethod: 'farcaster', callbackUrl }).toString()}`, {
    method: 'POST',
    body,
  });

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('keepsake_session=') && pair.length > 'keepsake_session='.length);

describe(`product app Sign In With Farcaster (${testDb})`, () => {
  it("the devnet's ID registry answers idOf, and the nonce answers a custody address's fid", async () => {
    const { account, fid } = await farcasterUser();
    expect(await farcasterFidOf(devnet(), account.address)).toBe(fid);
    expect((await nonceFor(account.address)).fid).toBe(Number(fid));
    const stranger = privateKeyToAccount(generatePrivateKey());
    const none = await nonceFor(stranger.address);
    expect(none).toMatchObject({ fid: 0, chainId: 10, statement: 'Farcaster Auth', domain: new URL(server.config.publicUrl).host });
    expect(none.nonce).toMatch(/^[0-9a-f]{32}$/);

    // Dev mode's route registers an fid for an address on the devnet (what a developer does to try the method).
    const fresh = nextFid++;
    const registered = await server.request('/api/dev/farcaster/fids', {
      method: 'POST',
      body: { custodyAddress: stranger.address.toLowerCase(), fid: Number(fresh) },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body).toEqual({ custodyAddress: stranger.address, fid: Number(fresh) });
    expect((await nonceFor(stranger.address)).fid).toBe(Number(fresh));
    const taken = await server.request('/api/dev/farcaster/fids', { method: 'POST', body: { custodyAddress: stranger.address, fid: Number(fresh) + 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.error_message).toContain(`fid ${fresh} already`);
    const bad = await server.request('/api/dev/farcaster/fids', { method: 'POST', body: { custodyAddress: 'nope', fid: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error_type).toBe('invalid_request');
  });

  it('signs the fid in and sets the console cookie; the same fid is the same user, even from a new custody address', async () => {
    const { account, fid } = await farcasterUser();
    const message = await signInMessage(account, fid);
    const res = await farcasterSignIn({
      message,
      signature: await account.signMessage({ message }),
      fid: Number(fid),
      username: 'alice',
      pfpUrl: 'https://example.com/a.png',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, status: 200, error: null, callbackUrl: '/user' });
    const me = await server.request('/api/session', { cookie: cookieOf(res.headers)! });
    expect(me.body.user.userId).toMatch(/^[0-9a-f-]{36}$/);

    // The fid moves to a new custody address: still the same user.
    const successor = privateKeyToAccount(generatePrivateKey());
    await registerFarcasterFid(devnet(), { custody: successor.address, fid });
    const again = await signInMessage(successor, fid);
    const second = await farcasterSignIn({ message: again, signature: await successor.signMessage({ message: again }) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await server.request('/api/session', { cookie: cookieOf(second.headers)! })).body.user.userId).toBe(me.body.user.userId);
    // The old custody address no longer holds the fid.
    const stale = await signInMessage(account, fid);
    const refused = await farcasterSignIn({ message: stale, signature: await account.signMessage({ message: stale }) });
    expect(refused.status).toBe(401);
    expect(refused.body.error_type).toBe('unable_to_auth_farcaster');
  });

  it('refuses a replayed nonce, a nonce the server never issued, and another domain', async () => {
    const { account, fid } = await farcasterUser();
    const message = await signInMessage(account, fid);
    const signature = await account.signMessage({ message });
    expect((await farcasterSignIn({ message, signature })).status).toBe(200);
    const replay = await farcasterSignIn({ message, signature });
    expect(replay.status).toBe(404);
    expect(replay.body.error_type).toBe('farcaster_nonce_not_found');
    expect(cookieOf(replay.headers)).toBeUndefined();

    const invented = await signInMessage(account, fid, { nonce: 'abcdef0123456789abcdef0123456789' });
    const notIssued = await farcasterSignIn({ message: invented, signature: await account.signMessage({ message: invented }) });
    expect(notIssued.status).toBe(404);
    expect(notIssued.body.error_type).toBe('farcaster_nonce_not_found');

    const elsewhere = await signInMessage(account, fid, { domain: 'evil.example' });
    const wrongDomain = await farcasterSignIn({ message: elsewhere, signature: await account.signMessage({ message: elsewhere }) });
    expect(wrongDomain.status).toBe(401);
    expect(wrongDomain.body.error_type).toBe('unable_to_auth_farcaster');
  });

  it("refuses a wrong signature, an fid the signer does not hold, and a body fid that is not the message's", async () => {
    const { account, fid } = await farcasterUser();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const message = await signInMessage(account, fid);
    const forged = await farcasterSignIn({ message, signature: await stranger.signMessage({ message }) });
    expect(forged.status).toBe(401);
    expect(forged.body.error_type).toBe('unable_to_auth_farcaster');
    // The nonce was used up by the failed attempt.
    expect((await farcasterSignIn({ message, signature: await account.signMessage({ message }) })).status).toBe(404);

    // Unknown fid: an address with no fid claims one.
    const claim = await signInMessage(stranger, fid + 1_000_000n);
    const unknown = await farcasterSignIn({ message: claim, signature: await stranger.signMessage({ message: claim }) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error_message).toContain(`fid ${fid + 1_000_000n}`);

    const mine = await signInMessage(account, fid);
    const mismatch = await farcasterSignIn({ message: mine, signature: await account.signMessage({ message: mine }), fid: Number(fid) + 1 });
    expect(mismatch.status).toBe(401);
    expect(mismatch.body.error_message).toContain(`not fid ${Number(fid) + 1}`);
  });

  it('answers bad input with a 400 in the spec error shape, never a 500', async () => {
    const { account, fid } = await farcasterUser();
    const missing = await farcasterSignIn({ message: 'm' });
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toContain('message and signature');
    const notSiwe = await farcasterSignIn({ message: 'hello', signature: '0x00' });
    expect(notSiwe.status).toBe(400);
    expect(notSiwe.body.error_type).toBe('invalid_farcaster_message');
    const message = await signInMessage(account, fid);
    for (const [body, type] of [
      [{ message, signature: 'not-hex' }, 'unable_to_auth_farcaster'],
      [{ message: message.replace('Farcaster Auth', 'Sign in'), signature: '0x00' }, 'invalid_farcaster_message'],
      [{ message: message.replace('Chain ID: 10', 'Chain ID: 1'), signature: '0x00' }, 'invalid_farcaster_message'],
      [{ message: message.replace(/- farcaster:\/\/fid\/\d+/, '- https://example.com'), signature: '0x00' }, 'invalid_farcaster_message'],
    ] as const) {
      // Each message needs a nonce of its own: the one before was used up.
      const fresh = await nonceFor();
      const res = await farcasterSignIn({ ...body, message: body.message.replace(/Nonce: \w+/, `Nonce: ${fresh.nonce}`) });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body).toMatchObject({ error_type: type, status_code: res.status });
      expect(res.body.request_id).toBeTruthy();
    }
    for (const body of [
      { message, signature: '0x00', fid: -1 },
      { message, signature: '0x00', fid: 'seven' },
      { message: 5, signature: '0x00' },
    ]) {
      const res = await farcasterSignIn(body);
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('invalid_request');
    }
    const badAddress = await server.request('/api/session/farcaster/nonce', { method: 'POST', body: { custodyAddress: 'nope' } });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body).toMatchObject({ error_type: 'invalid_request', error_message: expect.stringContaining('custodyAddress') });
  });

  it('fuzz: random bodies on the nonce and authenticate routes answer 4xx in the spec shape, never a 5xx', async () => {
    const { account, fid } = await farcasterUser();
    const valid = await signInMessage(account, fid);
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(valid, valid.replace(/Nonce: \w+/, 'Nonce: '), `${valid}\n`, valid.replace('Version: 1', 'Version: 2'), '0x', '0x00', 'a'.repeat(5000)),
    );
    const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
    const body = fc.dictionary(fc.constantFrom('message', 'signature', 'fid', 'username', 'pfpUrl', 'custodyAddress', 'session_token'), value);
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, toNonce) => {
        const res = toNonce ? await server.request('/api/session/farcaster/nonce', { method: 'POST', body: payload }) : await farcasterSignIn(payload);
        const okNonce = toNonce && res.status === 200;
        if (!okNonce) {
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          expect(res.body).toMatchObject({ status_code: res.status, error_type: expect.any(String), error_message: expect.any(String) });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses farcaster, nonce included, while the platform project does not enable it', async () => {
    await enable(['email']);
    try {
      const nonce = await server.request('/api/session/farcaster/nonce', { method: 'POST', body: {} });
      expect(nonce.status).toBe(400);
      expect(nonce.body.error_type).toBe('sign_in_method_not_enabled');
      const res = await farcasterSignIn({ message: 'm', signature: '0x00' });
      expect(res.body.error_type).toBe('sign_in_method_not_enabled');
    } finally {
      await enable(['email', 'farcaster']);
    }
  });
});
