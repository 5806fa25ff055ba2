// The developer API's custodial wallets (issue 4 item 8): create, get by every locator form, owners mapped to
// the project's auth users, the resolveRecipient/findWalletsForUser interface minting builds on, and bad
// locators. Balances on a real devnet are in balances.int.test.ts; custody and concurrency in custody.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { sdkClient } from '../testing/sdk.ts';
import { passcodeIn } from '../testing/smtp-sink.ts';

let server: TestServer;
let project: ProjectWithKeys;

const base = '/api/2025-06-09/wallets';
const externalAddress = '0x000000000000000000000000000000000000dEaD';

function call(apiKey: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) {
  return server.request(path, { ...init, headers: apiKey ? { 'x-api-key': apiKey } : {} });
}

function createWallet(apiKey: string, body: unknown) {
  return call(apiKey, base, { method: 'POST', body });
}

/** Signs in to the project's auth service with an emailed passcode; returns the end user's user_id. */
async function endUserSignIn(publicToken: string, email: string): Promise<string> {
  const sdk = sdkClient(server, publicToken);
  const before = server.smtp!.messagesTo(email).length;
  const sent = await sdk.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  const auth = await sdk.post('/otps/authenticate', { token: passcodeIn(mail), method_id: sent.body.data.email_id, session_duration_minutes: 60 });
  expect(auth.status).toBe(200);
  return auth.body.data.user_id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  project = await createProjectWithKeys(server, 'Wallets');
});
afterAll(() => server?.close());

describe(`custodial wallets over the developer API (${testDb})`, () => {
  it('answers 401 without an API key on every wallet route', async () => {
    const locator = encodeURIComponent('email:a@example.com:evm');
    for (const [method, path] of [
      ['POST', base],
      ['GET', `${base}/${locator}`],
      ['GET', `${base}/${locator}/balances`],
      ['GET', `${base}/${locator}/nfts`],
    ] as const) {
      const res = await call(undefined, path, { method, ...(method === 'POST' ? { body: { owner: 'email:a@example.com' } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ status_code: 401, error_type: 'invalid_api_key', error_message: 'Missing X-API-KEY header.' });
    }
    expect((await call('sk_staging_' + 'x'.repeat(40), `${base}/${locator}`)).status).toBe(401);
  });

  it('answers 403 without the wallets.create or wallets.read scope', async () => {
    const collectionsOnly = await project.keyWith(['collections.read']);
    const readOnly = await project.keyWith(['wallets.read']);
    const created = await createWallet(readOnly, { chainType: 'evm', owner: 'email:scoped@example.com' });
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({ error_type: 'forbidden', error_message: 'This API key lacks the wallets.create scope.' });
    const locator = encodeURIComponent('email:scoped@example.com:evm');
    for (const path of [`${base}/${locator}`, `${base}/${locator}/balances`, `${base}/${locator}/nfts`]) {
      const res = await call(collectionsOnly, path);
      expect(res.status, path).toBe(403);
      expect(res.body.error_message).toBe('This API key lacks the wallets.read scope.');
    }
    const writeOnly = await project.keyWith(['wallets.create']);
    expect((await createWallet(writeOnly, { chainType: 'evm', owner: 'email:scoped@example.com' })).status).toBe(201);
    expect((await call(readOnly, `${base}/${locator}`)).status).toBe(200);
  });

  it('creates an email owner’s wallet once: 201, then 200 with the same address, never with a key', async () => {
    const first = await createWallet(project.apiKey, { chainType: 'evm', type: 'custodial', owner: 'email:Alice@Example.com' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      chainType: 'evm',
      type: 'custodial',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      owner: 'email:alice@example.com',
      createdAt: expect.any(String),
    });
    expect(Date.parse(first.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // The Crossmint spellings: type mpc, no chainType, the owner as a locator.
    for (const body of [
      { type: 'mpc', owner: 'email:alice@example.com' },
      { owner: 'email:alice@example.com:evm' },
      { owner: 'email:ALICE@example.com:devnet' },
    ]) {
      const again = await createWallet(project.apiKey, body);
      expect(again.status, JSON.stringify(body)).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(JSON.stringify(first.body)).not.toMatch(/[0-9a-f]{64}/i);
  });

  it('refuses bodies it cannot honour with a 400 that says why', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ chainType: 'solana', owner: 'email:a@example.com' }, 'invalid_request', /chainType must be evm/],
      [{ chainType: 'evm', type: 'smart', owner: 'email:a@example.com' }, 'invalid_request', /smart wallets are not supported/],
      [{ chainType: 'evm', owner: 'a@example.com' }, 'invalid_wallet_locator', /Invalid owner "a@example.com": use email:<email> or userId:<id>\./],
      [{ chainType: 'evm', owner: 'email:not-an-email' }, 'invalid_wallet_locator', /"not-an-email" is not a valid email address/],
      [{ chainType: 'evm', owner: 'email:a@example.com:solana' }, 'invalid_wallet_locator', /only EVM wallets are supported so far/],
      [{ chainType: 'evm' }, 'invalid_request', /owner/],
      [{ owner: 42 }, 'invalid_request', /owner must be a string/],
    ];
    for (const [body, type, message] of cases) {
      const res = await createWallet(project.apiKey, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type, JSON.stringify(body)).toBe(type);
      expect(res.body.error_message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('finds a wallet by every locator form, on every EVM chain', async () => {
    const { body: wallet } = await createWallet(project.apiKey, { chainType: 'evm', owner: 'email:locators@example.com' });
    const forms = [
      'email:locators@example.com:evm',
      'email:Locators@Example.com:devnet',
      'email:locators@example.com:base-sepolia:custodial',
      `devnet:${wallet.address}`,
      `polygon:${wallet.address.toLowerCase()}`,
      `evm:${wallet.address}`,
      wallet.address,
      wallet.address.toLowerCase(),
    ];
    for (const locator of forms) {
      const res = await call(project.apiKey, `${base}/${encodeURIComponent(locator)}`);
      expect(res.status, locator).toBe(200);
      expect(res.body, locator).toEqual(wallet);
    }
    // Unencoded in the path, as curl users write it.
    expect((await call(project.apiKey, `${base}/email:locators@example.com:evm`)).body).toEqual(wallet);
  });

  it('answers 404 for owners and addresses without a wallet, and creates nothing on a read', async () => {
    for (const locator of ['email:nobody@example.com:evm', 'userId:nobody:evm', `devnet:${externalAddress}`, externalAddress]) {
      const res = await call(project.apiKey, `${base}/${encodeURIComponent(locator)}`);
      expect(res.status, locator).toBe(404);
      expect(res.body).toMatchObject({ error_type: 'not_found', error_message: 'Wallet not found.' });
    }
    expect(await server.services.identity.findProjectUserByEmail(project.projectId, 'nobody@example.com')).toBeUndefined();
  });

  it('answers 400 with a clear message for a bad locator on every route', async () => {
    const bad: Array<[string, RegExp]> = [
      ['alice@example.com', /"alice@example.com" is not an EVM address/],
      ['email:alice@example.com', /email: locators end with the chain/],
      ['email:alice@example.com:narnia', /unknown chain "narnia"/],
      ['phoneNumber:+15555550123:evm', /phoneNumber: locators are not supported/],
      ['devnet:0x1234', /is not an EVM address/],
    ];
    for (const [locator, message] of bad) {
      for (const suffix of ['', '/balances', '/nfts']) {
        const res = await call(project.apiKey, `${base}/${encodeURIComponent(locator)}${suffix}`);
        expect(res.status, locator + suffix).toBe(400);
        expect(res.body.error_type).toBe('invalid_wallet_locator');
        expect(res.body.error_message).toMatch(message);
        expect(res.body.error_message).toContain('Use email:<email>:<chain>, userId:<id>:<chain>, <chain>:<address> or an address.');
      }
    }
  });
});

describe(`wallet owners and the project's auth users (${testDb})`, () => {
  it('gives a new email owner a pending auth user, whom signing in with that email then is', async () => {
    const email = `later.${crypto.randomUUID()}@example.com`;
    const { body: wallet } = await createWallet(project.apiKey, { chainType: 'evm', owner: `email:${email}` });
    const pending = await server.services.identity.findProjectUserByEmail(project.projectId, email);
    expect(pending).toBeDefined();

    const userId = await endUserSignIn(project.publicToken, email);
    expect(userId).toBe(pending!.userId);
    const mine = await server.services.wallets.findWalletsForUser(project.projectId, userId);
    expect(mine.map((w) => w.address)).toEqual([wallet.address]);
    expect(mine[0]).toMatchObject({ ownerKind: 'email', owner: `email:${email}`, authUserId: userId, type: 'custodial', chainType: 'evm' });
    expect(JSON.stringify(mine)).not.toMatch(/sealed|privateKey/i);

    // userId:<that user's id> is the same owner, so the same wallet.
    const byUserId = await createWallet(project.apiKey, { chainType: 'evm', owner: `userId:${userId}` });
    expect(byUserId.status).toBe(200);
    expect(byUserId.body.address).toBe(wallet.address);
    expect((await call(project.apiKey, `${base}/${encodeURIComponent(`userId:${userId.toUpperCase()}:evm`)}`)).body.address).toBe(wallet.address);
  });

  it('links a wallet to the auth user who already has the email', async () => {
    const email = `first.${crypto.randomUUID()}@example.com`;
    const userId = await endUserSignIn(project.publicToken, email);
    const { body: wallet } = await createWallet(project.apiKey, { owner: `email:${email}` });
    expect((await server.services.wallets.findWalletsForUser(project.projectId, userId)).map((w) => w.address)).toEqual([wallet.address]);
  });

  it("keeps a developer's own user id as it is, with no auth user", async () => {
    const first = await createWallet(project.apiKey, { chainType: 'evm', owner: 'userId:game-player|42' });
    expect(first.status).toBe(201);
    expect(first.body.owner).toBe('userId:game-player|42');
    expect((await createWallet(project.apiKey, { chainType: 'evm', owner: 'userId:game-player|42' })).body).toEqual(first.body);
    expect((await createWallet(project.apiKey, { chainType: 'evm', owner: 'userId:Game-Player|42' })).status).toBe(201); // ids are case-sensitive
    const wallet = await server.services.wallets.getWallet(project.projectId, 'userId:game-player|42:evm');
    expect(wallet.authUserId).toBeNull();
  });
});

describe(`resolveRecipient: the minting task's entry point (${testDb})`, () => {
  it('creates email and userId recipients’ wallets on demand and returns the same one afterwards', async () => {
    const wallets = server.services.wallets;
    const email = `mint.${crypto.randomUUID()}@example.com`;
    const first = await wallets.resolveRecipient(project.projectId, `email:${email}:devnet`);
    expect(first).toEqual({ chain: 'devnet', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), walletId: expect.any(String) });
    expect(await wallets.resolveRecipient(project.projectId, `email:${email}:base-sepolia`)).toEqual({ ...first, chain: 'base-sepolia' });
    expect((await call(project.apiKey, `${base}/${encodeURIComponent(`email:${email}:evm`)}`)).body.address).toBe(first.address);

    const byId = await wallets.resolveRecipient(project.projectId, 'userId:recipient-7:polygon-amoy');
    expect(byId).toMatchObject({ chain: 'polygon-amoy', walletId: expect.any(String) });
  });

  it('passes addresses through, naming the wallet when the address is a custodial one of the project', async () => {
    const wallets = server.services.wallets;
    const custodial = await wallets.resolveRecipient(project.projectId, 'email:held@example.com:devnet');
    expect(await wallets.resolveRecipient(project.projectId, `devnet:${custodial.address.toLowerCase()}`)).toEqual(custodial);
    expect(await wallets.resolveRecipient(project.projectId, `base:${externalAddress}`)).toEqual({ chain: 'base', address: externalAddress });
    expect(await wallets.resolveRecipient(project.projectId, externalAddress, { chain: 'devnet' })).toEqual({ chain: 'devnet', address: externalAddress });
    expect(await wallets.resolveRecipient(project.projectId, 'email:held@example.com:evm', { chain: 'devnet' })).toEqual(custodial);
  });

  it('refuses a recipient without a chain, or a malformed one, with a 400', async () => {
    const wallets = server.services.wallets;
    await expect(wallets.resolveRecipient(project.projectId, externalAddress)).rejects.toMatchObject({ kind: 'invalid', errorType: 'invalid_wallet_locator' });
    await expect(wallets.resolveRecipient(project.projectId, 'email:x@example.com:evm')).rejects.toThrow(/name the chain/);
    await expect(wallets.resolveRecipient(project.projectId, 'email:x@example.com')).rejects.toThrow(/Invalid recipient "email:x@example.com"/);
    expect(await server.services.identity.findProjectUserByEmail(project.projectId, 'x@example.com')).toBeUndefined();
  });
});
