// GET /api/session/nfts, behind /user/collection (ADR 060): the signed-in platform user's NFTs are those held
// by the custodial wallets any project created for their verified email, across projects and chains; only
// minted ones (success); newest first, paginated; never another user's. Rows come from the seeding helper that
// stands in for the minting pipeline, on collections deployed through the real API on a real devnet, and
// wallets created through the real wallets API.
import { randomUUID } from 'node:crypto';
import { authEmails } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { seedNfts } from '../testing/nfts.ts';

let server: TestServer;
let alpha: ProjectWithKeys;
let beta: ProjectWithKeys;
const aliceEmail = `alice.${crypto.randomUUID()}@example.com`;
const bobEmail = `bob.${crypto.randomUUID()}@example.com`;
let alice: string;
let bob: string;
const aliceIds: string[] = [];
let bobIds: string[];

async function walletOf(project: ProjectWithKeys, owner: string): Promise<string> {
  const res = await server.request('/api/2025-06-09/wallets', { method: 'POST', headers: { 'x-api-key': project.apiKey }, body: { owner } });
  expect(res.status).toBe(201);
  return res.body.address as string;
}

async function deployed(project: ProjectWithKeys, name: string) {
  const api = developerApi(server, project.apiKey);
  const created = await api.createCollection(collectionBody({ metadata: { name, description: 'D' } }));
  const { collection } = await api.settled(created.actionId);
  return { id: created.id, projectId: project.projectId, chain: 'devnet', contractAddress: collection.onChain.contractAddress as string };
}

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  alpha = await createProjectWithKeys(server, 'Alpha');
  beta = await createProjectWithKeys(server, 'Beta');
  // Wallets come first (the mints create them); the users sign in to Keepsake later with the same addresses.
  const aliceAlpha = await walletOf(alpha, `email:${aliceEmail}`);
  const aliceBeta = await walletOf(beta, `email:${aliceEmail.toUpperCase()}`);
  const bobAlpha = await walletOf(alpha, `email:${bobEmail}`);
  const alphaTickets = await deployed(alpha, 'Alpha tickets');
  const betaBadges = await deployed(beta, 'Beta badges');

  const t0 = Date.now() - 60_000;
  const at = (s: number) => new Date(t0 + s * 1000);
  // Alice: 3 minted in alpha, 2 in beta (interleaved in time), plus a pending and a failed mint that she does not hold yet.
  const a = await seedNfts(server, alphaTickets, [
    { ownerAddress: aliceAlpha, createdAt: at(1), metadata: { name: 'A1', image: 'https://cdn.example.com/a1.png' } },
    { ownerAddress: aliceAlpha, createdAt: at(3), metadata: { name: 'A2' } },
    {
      ownerAddress: aliceAlpha,
      createdAt: at(5),
      metadata: { name: 'A3', image: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a3.png' },
    },
    { ownerAddress: aliceAlpha, createdAt: at(6), status: 'pending', metadata: { name: 'A-pending' } },
    { ownerAddress: aliceAlpha, createdAt: at(7), status: 'failed', metadata: { name: 'A-failed' } },
  ]);
  const b = await seedNfts(server, betaBadges, [
    { ownerAddress: aliceBeta, createdAt: at(2), metadata: { name: 'B1' } },
    { ownerAddress: aliceBeta, createdAt: at(4), metadata: { name: 'B2' } },
  ]);
  aliceIds.push(a[2]!, b[1]!, a[1]!, b[0]!, a[0]!);
  bobIds = await seedNfts(server, alphaTickets, [{ ownerAddress: bobAlpha, createdAt: at(8), metadata: { name: 'Bob 1' } }]);

  alice = await server.signIn(aliceEmail);
  bob = await server.signIn(bobEmail);
});
afterAll(() => server?.close());

const nftsOf = (cookie: string | undefined, query = '') => server.request(`/api/session/nfts${query}`, cookie ? { cookie } : {});

describe(`the signed-in user's collection (${testDb})`, () => {
  it('answers 401 without a session', async () => {
    const res = await nftsOf(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status_code: 401, error_type: 'unauthorized', error_message: 'Sign in to continue.' });
  });

  it("lists the NFTs held by the user's email wallets in every project, newest first, minted ones only", async () => {
    const res = await nftsOf(alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, perPage: 20, total: 5 });
    expect(res.body.nfts.map((n: { id: string }) => n.id)).toEqual(aliceIds);
    expect(res.body.nfts.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['A3', 'B2', 'A2', 'B1', 'A1']);
    expect(res.body.nfts.map((n: { collection: { name: string } }) => n.collection.name)).toEqual([
      'Alpha tickets',
      'Beta badges',
      'Alpha tickets',
      'Beta badges',
      'Alpha tickets',
    ]);
    const a1 = res.body.nfts[4];
    expect(a1).toMatchObject({
      chain: 'devnet',
      chainName: 'Local devnet',
      status: 'success',
      tokenId: '1',
      contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      metadata: { name: 'A1', image: 'https://cdn.example.com/a1.png', description: null },
      explorerUrl: null,
    });
    expect(res.body.nfts[2].metadata.image).toBeNull();
    expect(res.body.nfts[0].metadata.image).toMatch(/\/ipfs\/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi\/a3\.png$/);
  });

  it('pages through the list with the total', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await nftsOf(alice, `?page=${page}&perPage=2`);
      expect(res.body).toMatchObject({ page, perPage: 2, total: 5 });
      seen.push(...res.body.nfts.map((n: { id: string }) => n.id));
    }
    expect(seen).toEqual(aliceIds);
    expect((await nftsOf(alice, '?page=4&perPage=2')).body.nfts).toEqual([]);
  });

  it("never shows another user's NFTs", async () => {
    const res = await nftsOf(bob);
    expect(res.body.total).toBe(1);
    expect(res.body.nfts.map((n: { id: string }) => n.id)).toEqual(bobIds);
  });

  it('shows an empty list to a user no project has minted to', async () => {
    const cookie = await server.signIn(`nobody.${crypto.randomUUID()}@example.com`);
    const res = await nftsOf(cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ nfts: [], page: 1, perPage: 20, total: 0 });
  });

  it('never shows the NFTs of an address the user has added but not verified', async () => {
    // Dave has NFTs in alpha but has never signed in; Mallory adds his address to her account without verifying it.
    const dave = `dave.${crypto.randomUUID()}@example.com`;
    const daveWallet = await walletOf(alpha, `email:${dave}`);
    const collection = await deployed(alpha, "Dave's");
    await seedNfts(server, collection, [{ ownerAddress: daveWallet }]);
    const mallory = `mallory.${crypto.randomUUID()}@example.com`;
    const cookie = await server.signIn(mallory);
    const platform = await server.services.identity.platformTenant();
    const { userId } = await server.services.identity.getOrCreatePlatformUser(mallory);
    const emailId = randomUUID();
    await server.ctx.db.insert(authEmails).values({ id: emailId, projectId: platform.projectId, userId, email: dave, verified: false });
    expect((await nftsOf(cookie)).body.total).toBe(0);
    // Verified, the same address is hers.
    await server.ctx.db.update(authEmails).set({ verified: true }).where(eq(authEmails.id, emailId));
    expect((await nftsOf(cookie)).body.total).toBe(1);
  });

  it('answers 400 in the error shape for bad paging', async () => {
    for (const query of ['?page=0', '?perPage=101', '?page=x']) {
      const res = await nftsOf(alice, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, request_id: expect.any(String), error_message: expect.any(String) });
    }
  });
});
