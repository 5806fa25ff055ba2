// issue 12 (Crypto wallets): challenges and sign-in through /sdk/v1/crypto_wallets with viem local accounts and
// ed25519 keys held by the test. Smart accounts on the devnet: smart-accounts.int.test.ts.
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, rowsOf, sdkLogin, setAuthConfig } from '../../testing/sdk.ts';

const origin = 'https://app.example.com';
let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let other: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  // Every request comes from 127.0.0.1: the per-IP limits are rate-limits.int.test.ts's; the per-wallet one is tested here.
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '50', RATE_LIMIT_OTP_PER_IP: '1000' } });
  project = await createSdkProject(server, 'owner.wallets@example.com', 'Wallet project', [origin]);
  other = await createSdkProject(server, 'owner.other-wallets@example.com', 'Other wallet project', [origin]);
});
afterAll(() => server?.close());

function post(publicToken: string, path: string, body: unknown, sessionToken = '', headers: Record<string, string> = {}) {
  return server.request(`/sdk/v1${path}`, { method: 'POST', headers: { authorization: basicAuth(publicToken, sessionToken), ...headers }, body });
}

type Wallet = { type: 'ethereum' | 'solana'; address: string; sign(message: string): Promise<string> };

function ethereumWallet(): Wallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { type: 'ethereum', address: account.address, sign: (message) => account.signMessage({ message }) };
}

function solanaWallet(): Wallet {
  const secret = ed25519.utils.randomPrivateKey();
  return {
    type: 'solana',
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

async function start(
  wallet: Wallet,
  options: { publicToken?: string; sessionToken?: string; siwe?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const kind = options.sessionToken ? 'secondary' : 'primary';
  const res = await post(
    options.publicToken ?? project.publicToken,
    `/crypto_wallets/authenticate/start/${kind}`,
    { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type, ...(options.siwe ? { siwe_params: options.siwe } : {}) },
    options.sessionToken,
    options.headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.challenge as string;
}

function authenticate(wallet: Wallet, signature: string, options: { publicToken?: string; sessionToken?: string } = {}) {
  return post(
    options.publicToken ?? project.publicToken,
    '/crypto_wallets/authenticate',
    { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type, signature, session_duration_minutes: 60 },
    options.sessionToken,
  );
}

async function signIn(wallet: Wallet, options: { sessionToken?: string; siwe?: Record<string, unknown> } = {}) {
  const challenge = await start(wallet, options);
  const res = await authenticate(wallet, await wallet.sign(challenge), options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { challenge, data: res.body.data };
}

describe(`/sdk/v1/crypto_wallets (${testDb})`, () => {
  it('signs an Ethereum wallet up, then in again as the same user; users/me lists the wallet', async () => {
    const wallet = ethereumWallet();
    const first = await signIn(wallet);
    expect(first.challenge).toContain(wallet.address);
    expect(first.challenge).toMatch(/^Sign in to Wallet project with your Ethereum wallet:/);
    const { data } = first;
    expect(data.session_token).toMatch(/.+/);
    expect(data.siwe_params).toBeNull();
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        crypto_wallet_factor: { crypto_wallet_id: data.crypto_wallet_id, crypto_wallet_address: wallet.address.toLowerCase(), crypto_wallet_type: 'ethereum' },
      }),
    ]);
    expect(data.user.crypto_wallets).toEqual([
      { crypto_wallet_id: data.crypto_wallet_id, crypto_wallet_address: wallet.address.toLowerCase(), crypto_wallet_type: 'ethereum', verified: true },
    ]);
    // The address in another letter case is the same account.
    const again = await signIn({ ...wallet, address: wallet.address.toLowerCase() });
    expect(again.data.user_id).toBe(data.user_id);
    const me = await server.request('/sdk/v1/users/me', { headers: { authorization: basicAuth(project.publicToken, again.data.session_token) } });
    expect(me.body.data.crypto_wallets).toHaveLength(1);
    expect(me.body.data.status).toBe('active');
  });

  it('signs a Solana wallet in with a base58 ed25519 signature', async () => {
    const wallet = solanaWallet();
    const { challenge, data } = await signIn(wallet);
    expect(challenge).toContain(wallet.address);
    expect(data.user.crypto_wallets).toEqual([
      expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana', verified: true }),
    ]);
  });

  it('builds an EIP-4361 message from siwe_params and answers them on sign-in', async () => {
    const wallet = ethereumWallet();
    const siwe = {
      uri: `${origin}/login`,
      chain_id: '10',
      statement: 'Welcome back.',
      resources: ['https://app.example.com/terms'],
      message_request_id: 'req-1',
      issued_at: '2026-01-01T00:00:00Z',
    };
    const { challenge, data } = await signIn(wallet, { siwe });
    const parsed = parseSiweMessage(challenge);
    expect(parsed).toMatchObject({
      domain: 'app.example.com',
      address: wallet.address,
      uri: `${origin}/login`,
      chainId: 10,
      statement: 'Welcome back.',
      version: '1',
      requestId: 'req-1',
      resources: ['https://app.example.com/terms'],
    });
    expect(parsed.nonce).toMatch(/^[a-f0-9]{32}$/);
    expect(parsed.expirationTime!.getTime() - Date.now()).toBeGreaterThan(8 * 60_000);
    expect(parsed.expirationTime!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(data.siwe_params).toEqual({
      domain: 'app.example.com',
      uri: `${origin}/login`,
      chain_id: '10',
      resources: ['https://app.example.com/terms'],
      issued_at: '2026-01-01T00:00:00.000Z',
      message_request_id: 'req-1',
    });
  });

  it("requires SIWE when the project says so (bootstrap serves the flag), with the caller's origin as URI", async () => {
    const project2 = await createSdkProject(server, 'owner.siwe@example.com', 'SIWE project', [origin]);
    const bootstrap = async () => (await server.request(`/sdk/v1/projects/bootstrap/${project2.publicToken}`)).body.data.siwe_required_for_crypto_wallets;
    expect(await bootstrap()).toBe(false);
    await setAuthConfig(server, project2.projectId, { cryptoWallets: { siweRequired: true } });
    expect(await bootstrap()).toBe(true);
    const wallet = ethereumWallet();
    const challenge = await start(wallet, { publicToken: project2.publicToken, headers: { origin } });
    expect(parseSiweMessage(challenge)).toMatchObject({ domain: 'app.example.com', uri: origin, chainId: 1, address: wallet.address });
    const res = await authenticate(wallet, await wallet.sign(challenge), { publicToken: project2.publicToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Without an origin or a URI there is no page to name; Solana wallets never sign SIWE.
    const noOrigin = await post(project2.publicToken, '/crypto_wallets/authenticate/start/primary', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    expectSdkError(noOrigin, 400, 'invalid_siwe_params');
    expect(await start(solanaWallet(), { publicToken: project2.publicToken })).toMatch(/^Sign in to SIWE project with your Solana wallet:/);
  });

  it('refuses SIWE params for a page the project does not allow, or a domain that is not the URI authority', async () => {
    const wallet = ethereumWallet();
    for (const [siwe, text] of [
      [{ uri: 'https://evil.example.net' }, 'is not one of the project'],
      [{ uri: origin, domain: 'evil.example.net' }, 'domain must be the authority of uri'],
      [{ uri: 'not-a-url' }, 'uri must be an absolute URI'],
      [{ uri: origin, resources: ['nope'] }, 'each of resources must be an absolute URI'],
    ] as const) {
      const res = await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: siwe,
      });
      expectSdkError(res, 400, 'invalid_siwe_params');
      expect(res.body.error_message).toContain(text);
    }
    const badChain = await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      siwe_params: { uri: origin, chain_id: 'one' },
    });
    expectSdkError(badChain, 400);
  });

  it('issue 22 item 10: a line break or other control character in any SIWE field is a 400 naming the field; the message keeps its lines', async () => {
    const wallet = ethereumWallet();
    const injected = (text: string) => `${text}\nNonce: 1\nChain ID: 5`;
    const cases: Array<[string, Record<string, unknown>]> = [
      ['message_request_id', { message_request_id: injected('x') }],
      ['message_request_id', { message_request_id: 'req 1' }],
      ['message_request_id', { message_request_id: 'req\u00851' }],
      ['statement', { statement: injected('Hello') }],
      ['statement', { statement: 'Hello\rNonce: 1' }],
      ['statement', { statement: 'Hello\u2028Nonce: 1' }],
      ['statement', { statement: 'Hello\u202eevil' }],
      ['statement', { statement: 'Hello\tthere' }],
      ['domain', { domain: injected('app.example.com') }],
      ['uri', { uri: injected(origin) }],
      ['uri', { uri: `${origin}/lo\ngin` }],
      ['uri', { uri: `\t${origin}` }],
      ['resources', { resources: [injected('https://app.example.com/terms')] }],
      ['resources', { resources: ['https://app.example.com/a\rb'] }],
      ['chain_id', { chain_id: injected('1') }],
      ['issued_at', { issued_at: injected('2026-01-01T00:00:00Z') }],
      ['not_before', { not_before: injected('2026-01-01T00:00:00Z') }],
    ];
    for (const [field, siwe] of cases) {
      const res = await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: { uri: origin, ...siwe },
      });
      expectSdkError(res, 400);
      expect(res.body.error_message, JSON.stringify(siwe)).toContain(`siwe_params.${field}`);
    }
    // What the grammar allows still goes through, one field to a line.
    const challenge = await start(wallet, {
      siwe: {
        uri: `${origin}/a?b=c#d`,
        statement: 'Grüße, welcome back: sign in!',
        message_request_id: "req-1_a.b~c!$&'()*+,;=:@%41",
        resources: [`${origin}/x`],
      },
    });
    expect(challenge.split('\n').filter((line) => line.startsWith('Nonce: '))).toHaveLength(1);
    expect(parseSiweMessage(challenge)).toMatchObject({ requestId: "req-1_a.b~c!$&'()*+,;=:@%41", statement: 'Grüße, welcome back: sign in!', chainId: 1 });
  });

  it('refuses a bad address or wallet type with a clear 400, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' }, 'invalid_crypto_wallet_address'],
      [{ crypto_wallet_address: `0x${'g'.repeat(40)}`, crypto_wallet_type: 'ethereum' }, 'invalid_crypto_wallet_address'],
      [{ crypto_wallet_address: '0OIl', crypto_wallet_type: 'solana' }, 'invalid_crypto_wallet_address'],
      [{ crypto_wallet_address: base58.encode(new Uint8Array(31).fill(7)), crypto_wallet_type: 'solana' }, 'invalid_crypto_wallet_address'],
      [{ crypto_wallet_address: ethereumWallet().address, crypto_wallet_type: 'bitcoin' }, 'invalid_crypto_wallet_type'],
    ];
    for (const [body, type] of cases) {
      expectSdkError(await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', body), 400, type);
      expectSdkError(await post(project.publicToken, '/crypto_wallets/authenticate', { ...body, signature: '0x00' }), 400, type);
    }
    expectSdkError(await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', { crypto_wallet_type: 'ethereum' }), 400);
    expectSdkError(await post(project.publicToken, '/crypto_wallets/authenticate', { crypto_wallet_address: 5, crypto_wallet_type: 'ethereum' }), 400);
  });

  it('issue 22 item 9: a start by someone else, or a bad signature, leaves the owner its challenge; each challenge works once', async () => {
    for (const wallet of [ethereumWallet(), solanaWallet()]) {
      const impostor = wallet.type === 'ethereum' ? ethereumWallet() : solanaWallet();
      const mine = await start(wallet);
      // Someone who knows the address starts challenges of their own for it and sends signatures that do not verify.
      const theirs = [await start(wallet), await start(wallet)];
      expect(theirs).not.toContain(mine);
      expectSdkError(await authenticate(wallet, await impostor.sign(mine)), 401, 'unable_to_auth_crypto_wallet');
      expectSdkError(await authenticate(wallet, 'not-a-signature!'), 401, 'unable_to_auth_crypto_wallet');
      const signature = await wallet.sign(mine);
      const res = await authenticate(wallet, signature);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Used once: the same signature again signs none of the challenges left.
      expectSdkError(await authenticate(wallet, signature), 401, 'unable_to_auth_crypto_wallet');
      // The other outstanding challenges work, each once; then there is none.
      for (const challenge of theirs) expect((await authenticate(wallet, await wallet.sign(challenge))).status).toBe(200);
      expectSdkError(await authenticate(wallet, await wallet.sign(theirs[0]!)), 404, 'crypto_wallet_challenge_not_found');
    }
  });

  it("issue 22 item 9: bad signatures from someone who knows the address do not lock the wallet's user out", async () => {
    const wallet = ethereumWallet();
    const impostor = ethereumWallet();
    await signIn(wallet);
    const mine = await start(wallet);
    // More than LOCKOUT_MAX_FAILURES (10): a signature cannot be guessed, so failing ones count against no user.
    for (let i = 0; i < 11; i++) expectSdkError(await authenticate(wallet, await impostor.sign(mine)), 401, 'unable_to_auth_crypto_wallet');
    const res = await authenticate(wallet, await wallet.sign(mine));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('issue 22 item 9: starts are limited per wallet; the wallet keeps its ten newest challenges, the oldest dropped first', async () => {
    const wallet = ethereumWallet();
    const challenges: string[] = [];
    for (let i = 0; i < 10; i++) challenges.push(await start(wallet));
    const refused = await post(project.publicToken, '/crypto_wallets/authenticate/start/primary', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    expectSdkError(refused, 429, 'too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another wallet, from the same IP, is not held back; nor is the same address in another project.
    await start(ethereumWallet());
    await start(wallet, { publicToken: other.publicToken });
    // As if the window had passed: the next start drops the oldest challenge.
    await server.ctx.db.execute(
      `delete from rate_limit_counters where bucket like 'wallet-start:${project.projectId}:ethereum:${wallet.address.toLowerCase()}'`,
    );
    challenges.push(await start(wallet));
    const stored = await server.ctx.db.execute(
      `select count(*)::int as n from auth_crypto_wallet_challenges where address = '${wallet.address.toLowerCase()}' and project_id = '${project.projectId}'`,
    );
    expect(rowsOf<{ n: number }>(stored)[0]!.n).toBe(10);
    expectSdkError(await authenticate(wallet, await wallet.sign(challenges[0]!)), 401, 'unable_to_auth_crypto_wallet');
    expect((await authenticate(wallet, await wallet.sign(challenges[1]!))).status).toBe(200);
    expect((await authenticate(wallet, await wallet.sign(challenges[10]!))).status).toBe(200);
  });

  it('refuses a replayed signature and an expired challenge', async () => {
    const wallet = ethereumWallet();
    const challenge = await start(wallet);
    const signature = await wallet.sign(challenge);
    expect((await authenticate(wallet, signature)).status).toBe(200);
    expectSdkError(await authenticate(wallet, signature), 404, 'crypto_wallet_challenge_not_found');
    const expiring = await start(wallet);
    await server.ctx.db.execute(
      `update auth_crypto_wallet_challenges set expires_at = now() - interval '1 second' where address = '${wallet.address.toLowerCase()}'`,
    );
    expectSdkError(await authenticate(wallet, await wallet.sign(expiring)), 404, 'crypto_wallet_challenge_not_found');
  });

  it("refuses another project's challenge, and keeps wallets apart per project", async () => {
    const wallet = solanaWallet();
    const challenge = await start(wallet, { publicToken: other.publicToken });
    expectSdkError(await authenticate(wallet, await wallet.sign(challenge)), 404, 'crypto_wallet_challenge_not_found');
    const there = await authenticate(wallet, await wallet.sign(challenge), { publicToken: other.publicToken });
    expect(there.status, JSON.stringify(there.body)).toBe(200);
    const here = await signIn(wallet);
    expect(here.data.user_id).not.toBe(there.body.data.user_id);
  });

  it("secondary start adds the wallet to the signed-in user and the factor to that session; another user's wallet is refused", async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'wallet.secondary@example.com');
    expectSdkError(
      await post(project.publicToken, '/crypto_wallets/authenticate/start/secondary', {
        crypto_wallet_address: ethereumWallet().address,
        crypto_wallet_type: 'ethereum',
      }),
      401,
      'unauthorized_credentials',
    );
    const wallet = ethereumWallet();
    const { data } = await signIn(wallet, { sessionToken: signedIn.session_token });
    expect(data.user_id).toBe(signedIn.user_id);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'crypto']);
    expect(data.user.emails).toHaveLength(1);
    expect(data.user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_id: data.crypto_wallet_id, verified: true })]);
    // The wallet now signs that user in on its own.
    expect((await signIn(wallet)).data.user_id).toBe(signedIn.user_id);
    // Someone else's wallet cannot join this user.
    const taken = ethereumWallet();
    await signIn(taken);
    const refused = await post(
      project.publicToken,
      '/crypto_wallets/authenticate/start/secondary',
      { crypto_wallet_address: taken.address, crypto_wallet_type: 'ethereum' },
      signedIn.session_token,
    );
    expectSdkError(refused, 409, 'duplicate_crypto_wallet');
  });

  it('DELETE /users/crypto_wallets/{id} removes a real wallet; its next sign-in makes a new user', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'wallet.delete@example.com');
    const wallet = solanaWallet();
    const { data } = await signIn(wallet, { sessionToken: signedIn.session_token });
    const res = await server.request(`/sdk/v1/users/crypto_wallets/${data.crypto_wallet_id}`, {
      method: 'DELETE',
      headers: { authorization: basicAuth(project.publicToken, signedIn.session_token) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.crypto_wallets).toEqual([]);
    const fresh = await signIn(wallet);
    expect(fresh.data.user_id).not.toBe(signedIn.user_id);
  });
});
