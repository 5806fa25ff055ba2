// issue 12 §16: the product app's sign-in methods on /api/session/authenticate (ADR 104), against the platform
// project: wallets (viem local accounts, ed25519 keys), Google (the OpenID Connect stand-in) and Discord (its
// stand-in) through real redirects, the session-JWT exchange, and the refusals.
import { projects } from '@keepsake/db/schema';
import { ed25519 } from '@noble/curves/ed25519';
import { eq } from 'drizzle-orm';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn } from '../testing/discord-stand-in.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { enablePlatformSignInMethods } from '../testing/platform-sign-in.ts';
import { signInAtProvider, startOidcStandIn } from '../testing/oidc-stand-in.ts';

const ADMIN = 'admin.signin@example.com';
const google = { clientId: 'platform-google', clientSecret: 'platform-google-secret' };
const discord = { clientId: 'platform-discord', clientSecret: 'platform-discord-secret' };

let server: TestServer;
let oidc: Awaited<ReturnType<typeof startOidcStandIn>>;
let discordStandIn: Awaited<ReturnType<typeof startDiscordStandIn>>;
let publicToken: string;
let adminCookie: string;

beforeAll(async () => {
  oidc = await startOidcStandIn({ grace: { email: 'grace@oidc.example', email_verified: true, given_name: 'Grace', family_name: 'Hopper', picture: '' } });
  discordStandIn = await startDiscordStandIn();
  server = await startTestServer({
    env: {
      KEEPSAKE_ADMIN_EMAILS: ADMIN,
      OAUTH_ENDPOINTS: JSON.stringify({ google: { issuer: oidc.issuer }, discord: discordStandIn.endpoints }),
    },
  });
  const redirectUri = server.services.identity.oauth.callbackUri();
  oidc.register({ ...google, redirectUri });
  discordStandIn.register(discord);
  publicToken = (await server.services.identity.platformTenant()).publicToken;
  adminCookie = await server.signIn(ADMIN);
  for (const [provider, client] of [
    ['google', google],
    ['discord', discord],
  ] as const) {
    const saved = await server.request(`/api/admin/platform/oauth-providers/${provider}`, {
      method: 'PUT',
      cookie: adminCookie,
      body: { ...client, customScopes: [], enabled: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
  await oidc?.close();
  await discordStandIn?.close();
});

const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

const enable = (methods: string[]) => enablePlatformSignInMethods(server, adminCookie, methods);

type Wallet = { type: 'ethereum' | 'solana'; method: 'evm' | 'solana'; address: string; sign(message: string): Promise<string> };
const evmWallet = (): Wallet => {
  const account = privateKeyToAccount(generatePrivateKey());
  return { type: 'ethereum', method: 'evm', address: account.address, sign: (message) => account.signMessage({ message }) };
};
const solanaWallet = (): Wallet => {
  const secret = ed25519.utils.randomPrivateKey();
  return {
    type: 'solana',
    method: 'solana',
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
};

/** The platform project's challenge for the wallet, from /sdk/v1 as the sign-in page gets it. */
async function challengeFor(wallet: Wallet): Promise<string> {
  const res = await server.request('/sdk/v1/crypto_wallets/authenticate/start/primary', {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}` },
    body: { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.challenge;
}

const walletSignIn = (wallet: Wallet, body: Record<string, string>, callbackUrl = '/console/overview') =>
  server.request(`/api/session/authenticate?${new URLSearchParams({ signinAuthenticationMethod: wallet.method, callbackUrl }).toString()}`, {
    method: 'POST',
    body,
  });

/** GET without following redirects, with cookies. */
async function visit(pathOrUrl: string, cookie = '') {
  const res = await fetch(new URL(pathOrUrl, server.url), { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get('location') ?? '', headers: res.headers, text: await res.text() };
}

/** Google or Discord from /api/session/authenticate to the product callback; answers that URL and the verifier cookie. */
async function oauthToCallback(method: 'google' | 'discord', login: string, callbackUrl = '/console/overview') {
  const start = await visit(`/api/session/authenticate?${new URLSearchParams({ signinAuthenticationMethod: method, callbackUrl }).toString()}`);
  expect(start.status, start.text).toBe(302);
  const verifier = cookieOf(start.headers, 'keepsake_oauth_verifier')!;
  expect(verifier).toBeDefined();
  const oauthStart = new URL(start.location);
  expect(oauthStart.pathname).toBe(`/v1/public/oauth/${method}/start`);
  expect(oauthStart.searchParams.get('public_token')).toBe(publicToken);
  const toProvider = await visit(start.location);
  expect(toProvider.status, toProvider.text).toBe(302);
  // The flow's cookie (ADR 132): the same browser comes back to the callback.
  const flowCookie = toProvider.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => /^keepsake_oauth_[0-9a-f]{24}=/.test(pair));
  expect(flowCookie).toBeDefined();
  const callback = await signInAtProvider(toProvider.location, login);
  const back = await visit(callback.toString(), flowCookie);
  expect(back.status, back.text).toBe(302);
  const landing = new URL(back.location);
  expect(landing.pathname).toBe('/api/session/authenticate/oauth');
  return { landing: `${landing.pathname}${landing.search}`, verifier };
}

describe(`product app sign-in methods (${testDb})`, () => {
  it("answers an unknown method with the spec's message, and a method the platform project does not enable with its own error", async () => {
    for (const method of ['myspace', 'Farcaster']) {
      const res = await server.request(`/api/session/authenticate?signinAuthenticationMethod=${method}`, { method: 'POST', body: {} });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_type: 'sign_in_method_not_supported', error_message: `Provider ${method} is not yet supported` });
      const viaGet = await visit(`/api/session/authenticate?signinAuthenticationMethod=${method}`);
      expect(viaGet.status).toBe(400);
      expect(JSON.parse(viaGet.text).error_message).toBe(`Provider ${method} is not yet supported`);
    }
    // Each method its own way: Google posted, or a wallet opened as a redirect, is a clear 400.
    const posted = await server.request('/api/session/authenticate?signinAuthenticationMethod=google', { method: 'POST', body: {} });
    expect(posted.status).toBe(400);
    expect(posted.body.error_message).toContain('is a redirect');
    const opened = await visit('/api/session/authenticate?signinAuthenticationMethod=evm');
    expect(opened.status).toBe(400);
    expect(JSON.parse(opened.text).error_message).toContain('only google and discord redirect');
    await enable(['email', 'passkey']);
    const wallet = evmWallet();
    const res = await walletSignIn(wallet, { walletAddress: wallet.address, message: 'x', signature: '0x00' });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('sign_in_method_not_enabled');
    // A disabled OAuth method goes back to the sign-in page with the error shown.
    const google = await visit('/api/session/authenticate?signinAuthenticationMethod=google&callbackUrl=%2Fuser');
    expect(google.status).toBe(303);
    expect(google.location).toBe('/signin?error=signin&callbackUrl=%2Fuser');
  });

  it("serves the platform widget on /api/platform: email passcodes and passkeys by default; only administrators change it, within the widget's rules", async () => {
    await server.ctx.db.update(projects).set({ authConfig: {} }).where(eq(projects.isPlatform, true));
    server.services.identity.tenantChanged();
    const initial = await server.request('/api/platform');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      publicToken,
      farcaster: false,
      widget: { config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'], expirationMinutes: 5 } }, styles: {} },
    });
    // The stored list of ADR 104 still counts for Farcaster, the one method beside the widget.
    await server.ctx.db
      .update(projects)
      .set({ authConfig: { signInMethods: { enabled: ['email', 'farcaster'] } } })
      .where(eq(projects.isPlatform, true));
    server.services.identity.tenantChanged();
    expect((await server.request('/api/platform')).body.farcaster).toBe(true);

    const someone = await server.signIn('not.admin.signin@example.com');
    const widget = { config: { products: ['oauth', 'otp', 'crypto', 'passwords', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } }, styles: {} };
    const patch = (cookie: string, authConfig: unknown) => server.request('/api/admin/platform/auth-config', { method: 'PATCH', cookie, body: { authConfig } });
    expect((await patch(someone, { widget })).status).toBe(403);
    for (const [bad, message] of [
      [{ widget: { config: { products: ['myspace'] }, styles: {} } }, 'each product must be one of'],
      [{ widget: { config: { products: ['passkeys'] }, styles: {} } }, 'Error: Cannot use Passkeys by itself, please add another product to the config.'],
      [{ widget: { config: { products: ['emailMagicLinks', 'otp'] }, styles: {} } }, 'Error: Cannot use both EML and Email OTP'],
      [{ signInMethods: { enabled: ['evm'] } }, 'enabled'],
      [{ signInMethods: { farcaster: 'yes' } }, 'signInMethods.farcaster must be true or false'],
    ] as const) {
      const refused = await patch(adminCookie, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await patch(adminCookie, { widget, signInMethods: { farcaster: false } })).status).toBe(200);
    const served = (await server.request('/api/platform')).body;
    expect(served.widget.config).toEqual(widget.config);
    expect(served.farcaster).toBe(false);
    // What the widget offers is what /api/session/authenticate allows: Google yes, Discord no, Farcaster no.
    expect((await visit('/api/session/authenticate?signinAuthenticationMethod=google')).status).toBe(302);
    expect((await visit('/api/session/authenticate?signinAuthenticationMethod=discord&callbackUrl=%2Fuser')).location).toBe(
      '/signin?error=signin&callbackUrl=%2Fuser',
    );
    const farcaster = await server.request('/api/session/farcaster/nonce', { method: 'POST', body: {} });
    expect(farcaster.body.error_type).toBe('sign_in_method_not_enabled');
    // /signin and the product app's OAuth callback are allowed redirect URLs of the platform project.
    const settings = await server.request('/api/admin/platform/auth-config', { cookie: adminCookie });
    expect(settings.body.authConfig.redirectUrls.allowed).toEqual(expect.arrayContaining([`${server.config.publicUrl}/api/session/authenticate/oauth`]));
  });

  it('makes /signin on the public URL an allowed redirect URL of the platform project at start-up', async () => {
    await server.services.projects.ensurePlatformProject();
    const settings = await server.request('/api/admin/platform/auth-config', { cookie: adminCookie });
    expect(settings.body.authConfig.redirectUrls.allowed).toContain(new URL('/signin', server.config.publicUrl).toString());
  });

  for (const make of [evmWallet, solanaWallet]) {
    it(`${make().method}: the signed challenge sets the console cookie; replayed, forged or foreign messages are refused`, async () => {
      await enable(['email', 'evm', 'solana']);
      const wallet = make();
      const message = await challengeFor(wallet);
      const signature = await wallet.sign(message);
      const res = await walletSignIn(wallet, { walletAddress: wallet.address, message, signature });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ ok: true, status: 200, error: null, callbackUrl: '/console/overview' });
      const cookie = cookieOf(res.headers, 'keepsake_session')!;
      const me = await server.request('/api/session', { cookie });
      expect(me.body.user.userId).toMatch(/^[0-9a-f-]{36}$/);

      // The same signature again: the challenge was used up.
      const replay = await walletSignIn(wallet, { walletAddress: wallet.address, message, signature });
      expect(replay.status).toBe(404);
      expect(replay.body.error_type).toBe('crypto_wallet_challenge_not_found');

      // A signature of other text, or another key's signature of the challenge: refused; the challenge stays for its
      // owner (issue 22 item 9: else anyone could spend it with a bad signature).
      const next = await challengeFor(wallet);
      const forged = await walletSignIn(wallet, { walletAddress: wallet.address, message: `${next} `, signature: await wallet.sign(`${next} `) });
      expect(forged.status).toBe(401);
      expect(forged.body.error_type).toBe('unable_to_auth_crypto_wallet');
      const third = await challengeFor(wallet);
      const stranger = make();
      const badSignature = await walletSignIn(wallet, { walletAddress: wallet.address, message: third, signature: await stranger.sign(third) });
      expect(badSignature.status).toBe(401);
      expect((await walletSignIn(wallet, { walletAddress: wallet.address, message: third, signature: await wallet.sign(third) })).status).toBe(200);

      // Signing in again is the same user; an off-site callbackUrl becomes '/'.
      const again = await challengeFor(wallet);
      const second = await walletSignIn(
        wallet,
        { walletAddress: wallet.address, message: again, signature: await wallet.sign(again) },
        'https://evil.example/',
      );
      expect(second.body.callbackUrl).toBe('/');
      expect((await server.request('/api/session', { cookie: cookieOf(second.headers, 'keepsake_session')! })).body.user.userId).toBe(me.body.user.userId);
      for (const callbackUrl of ['//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
        const c = await challengeFor(wallet);
        expect((await walletSignIn(wallet, { walletAddress: wallet.address, message: c, signature: await wallet.sign(c) }, callbackUrl)).body.callbackUrl).toBe(
          '/',
        );
      }
    });
  }

  it('refuses a wallet body without its fields, and a malformed address, in the spec shape', async () => {
    await enable(['evm']);
    const wallet = evmWallet();
    const missing = await walletSignIn(wallet, { walletAddress: wallet.address });
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toContain('walletAddress, message and signature');
    const malformed = await walletSignIn(wallet, { walletAddress: 'not-an-address', message: 'm', signature: '0x00' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_type).toBe('invalid_crypto_wallet_address');
  });

  for (const method of ['google', 'discord'] as const) {
    it(`${method}: redirects through the platform project's OAuth flow and back to callbackUrl with the cookie; refuses a replay or another browser`, async () => {
      await enable(['email', method]);
      const login = method === 'google' ? 'grace' : `nelly${Date.now()}`;
      const { landing, verifier } = await oauthToCallback(method, login);
      // Another browser (no verifier cookie) cannot use the token: the flow is bound to the one that started it.
      const elsewhere = await visit(landing);
      expect(elsewhere.status).toBe(303);
      expect(elsewhere.location).toBe('/signin?error=signin&callbackUrl=%2Fconsole%2Foverview');

      const fresh = await oauthToCallback(method, login);
      const done = await visit(fresh.landing, fresh.verifier);
      expect(done.status).toBe(303);
      expect(done.location).toBe('/console/overview');
      const cookie = cookieOf(done.headers, 'keepsake_session')!;
      const me = await server.request('/api/session', { cookie });
      expect(me.body.user.email).toBe(method === 'google' ? 'grace@oidc.example' : `${login}@discord.example`);
      // The token is single use.
      const replay = await visit(fresh.landing, fresh.verifier);
      expect(replay.location).toMatch(/^\/signin\?error=signin/);
      expect(cookieOf(replay.headers, 'keepsake_session')).toBeUndefined();
      expect(verifier).not.toBe(fresh.verifier);
    });
  }

  it('answers the sign-in page for a token the auth service does not know and a wrong token type', async () => {
    expect((await visit('/api/session/authenticate/oauth?token=nope&callbackUrl=%2Fuser')).location).toBe('/signin?error=signin&callbackUrl=%2Fuser');
    expect((await visit('/api/session/authenticate/oauth?stytch_token_type=magic_links&token=x')).location).toBe('/signin?error=signin&callbackUrl=%2F');
    expect((await visit('/api/session/authenticate/some-token?callbackUrl=https%3A%2F%2Fevil.example')).location).toBe('/signin?error=signin&callbackUrl=%2F');
  });

  it('email and phone keep exchanging an auth-service session token', async () => {
    const cookie = await server.signIn('product.phone@example.com');
    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const res = await server.request('/api/session/authenticate?signinAuthenticationMethod=phone&callbackUrl=%2Fuser', {
      method: 'POST',
      body: { session_token: token },
    });
    expect(res.body).toEqual({ ok: true, status: 200, error: null, callbackUrl: '/user' });
    const none = await server.request('/api/session/authenticate?signinAuthenticationMethod=email', { method: 'POST', body: {} });
    expect(none.status).toBe(400);
  });

  it('exchange-access-token: a live session JWT of the platform project becomes a new console session; others are refused', async () => {
    const cookie = await server.signIn('product.jwt@example.com');
    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const basic = `Basic ${Buffer.from(`${publicToken}:${token}`).toString('base64')}`;
    const session = await server.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basic }, body: {} });
    const jwt: string = session.body.data.session_jwt;
    const res = await server.request('/api/session/exchange-access-token', { method: 'POST', body: { access_token: jwt, callbackUrl: '/user' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.callbackUrl).toBe('/user');
    const exchanged = cookieOf(res.headers, 'keepsake_session')!;
    expect(exchanged).not.toBe(cookie);
    expect((await server.request('/api/session', { cookie: exchanged })).body.user.email).toBe('product.jwt@example.com');

    for (const bad of ['not-a-jwt', `${jwt.slice(0, -4)}AAAA`]) {
      const refused = await server.request('/api/session/exchange-access-token', { method: 'POST', body: { access_token: bad } });
      expect(refused.status).toBe(401);
      expect(refused.body.error_type).toBe('invalid_access_token');
    }
    // Once its session is revoked, the JWT exchanges for nothing.
    await server.request('/api/session/signout', { method: 'POST', cookie, body: {} });
    const revoked = await server.request('/api/session/exchange-access-token', { method: 'POST', body: { access_token: jwt } });
    expect(revoked.status).toBe(401);
  });
});
