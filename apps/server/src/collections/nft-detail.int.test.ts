// The console's NFT detail (issue 11, ADR 093) on real mints: collections deployed and NFTs minted through the
// developer API on a real devnet, to an email and to addresses, one past the supply limit (failed), and an
// ERC-1155 template. The detail shows the metadata and attributes, the email it was minted to, the token, the
// transaction, the status history from the mint's records, and (the devnet has no explorer) what the chain says
// about the token over RPC. Session auth first (401), bad ids 400, other projects and collections 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { seedNfts } from '../testing/nfts.ts';
import { eventually } from '../testing/webhooks.ts';

let server: TestServer;
let alpha: ProjectWithKeys;
let beta: ProjectWithKeys;
let owner: string;
let developer: string;
let outsider: string;
let limitedId: string;
let contract: string;
let semiId: string;
let betaCollectionId: string;
let betaNftId: string;
let pendingId: string;
const minted: Record<'email' | 'bob' | 'failed' | 'semi', Record<string, any>> = {} as never;

const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const carol = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const metadata = {
  name: 'Ticket #1',
  image: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.png',
  description: 'Front row',
  animation_url: 'https://cdn.example.com/1.mp4',
  attributes: [
    { trait_type: 'Row', value: 1 },
    { trait_type: 'VIP', value: true },
    { value: 'plain' },
    { trait_type: 'Level', value: 3, display_type: 'number' },
  ],
};

/** Polls the developer API until the NFT is no longer pending. */
async function settledNft(project: ProjectWithKeys, collectionId: string, id: string) {
  return eventually(
    async () => {
      const res = await server.request(`/api/2022-06-09/collections/${collectionId}/nfts/${id}`, { headers: { 'x-api-key': project.apiKey } });
      return res.body.onChain?.status !== 'pending' ? (res.body as Record<string, any>) : undefined;
    },
    60_000,
    `NFT ${id} settled`,
  );
}

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  alpha = await createProjectWithKeys(server, 'Alpha');
  beta = await createProjectWithKeys(server, 'Beta');
  owner = await server.signIn(alpha.ownerEmail);
  const developerEmail = `dev.${crypto.randomUUID()}@example.com`;
  developer = await server.signIn(developerEmail);
  await server.services.projects.addMember(alpha.projectId, alpha.ownerUserId, developerEmail, 'developer');
  outsider = await server.signIn(beta.ownerEmail);
  const api = developerApi(server, alpha.apiKey);

  // ERC-721 with a supply of 2.
  const limited = await api.createCollection(collectionBody({ supplyLimit: 2 }));
  const { collection } = await api.settled(limited.actionId, 60_000);
  limitedId = limited.id;
  contract = collection.onChain.contractAddress as string;
  // Two mints in one call fill the supply; a third, after them, fails.
  const batch = await api.call(`/collections/${limitedId}/nfts`, {
    method: 'POST',
    body: {
      nfts: [
        { recipient: 'email:Alice.Detail@Example.com:devnet', metadata },
        { recipient: `devnet:${bob}`, metadata: { name: 'Ticket #2' } },
      ],
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  [minted.email, minted.bob] = await Promise.all(batch.body.results.map((r: { id: string }) => settledNft(alpha, limitedId, r.id)));
  expect([minted.email.onChain.status, minted.bob.onChain.status]).toEqual(['success', 'success']);
  const third = await api.call(`/collections/${limitedId}/nfts`, { method: 'POST', body: { recipient: carol, metadata: { name: 'Ticket #3' } } });
  expect(third.status, JSON.stringify(third.body)).toBe(201);
  minted.failed = await settledNft(alpha, limitedId, third.body.id as string);
  expect(minted.failed.onChain.status).toBe('failed');

  const semi = await api.createCollection(collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Pins', description: 'Enamel' } }));
  await api.settled(semi.actionId, 60_000);
  semiId = semi.id;
  const template = await api.call(`/collections/${semiId}/templates`, { method: 'POST', body: { metadata: { name: 'Gold pin' } } });
  const pin = await api.call(`/collections/${semiId}/nfts`, {
    method: 'POST',
    body: { recipient: `devnet:${bob}`, templateId: template.body.templateId, amount: 3 },
  });
  expect(pin.status, JSON.stringify(pin.body)).toBe(201);
  minted.semi = await settledNft(alpha, semiId, pin.body.id as string);
  pendingId = (
    await seedNfts(server, { id: limitedId, projectId: alpha.projectId, chain: 'devnet', contractAddress: contract }, [
      { status: 'pending', ownerAddress: bob, metadata: { name: 'Queued' } },
    ])
  )[0]!;

  const other = await developerApi(server, beta.apiKey).createCollection(collectionBody({ metadata: { name: 'Beta only', description: 'B' } }));
  betaCollectionId = other.id;
  betaNftId = (
    await seedNfts(server, { id: other.id, projectId: beta.projectId, chain: 'devnet', contractAddress: null }, [{ ownerAddress: bob, status: 'pending' }])
  )[0]!;
}, 240_000);
afterAll(() => server?.close());

const detail = (collectionId: string, nftId: string, cookie?: string) =>
  server.request(`/api/console/collections/${collectionId}/nfts/${nftId}`, cookie ? { cookie } : {});

describe(`console NFT detail (${testDb})`, () => {
  it('answers 401 without a session (an API key is not one), whoever owns the NFT', async () => {
    for (const path of [`${limitedId}/nfts/${minted.email.id}`, `${betaCollectionId}/nfts/${betaNftId}`, `${limitedId}/nfts/${crypto.randomUUID()}`]) {
      for (const headers of [{}, { 'x-api-key': alpha.apiKey }, { cookie: 'keepsake_session=forged' }] as Array<Record<string, string>>) {
        const res = await server.request(`/api/console/collections/${path}`, { headers });
        expect(res.status, path).toBe(401);
        expect(res.body).toMatchObject({ status_code: 401, error_type: 'unauthorized', request_id: expect.any(String) });
      }
    }
  });

  it('refuses ids that are not UUIDs with 400 in the error shape', async () => {
    for (const [collectionId, nftId, field] of [
      ['nope', minted.email.id, 'collectionId'],
      [limitedId, '123', 'nftId'],
    ] as const) {
      const res = await detail(collectionId, nftId, owner);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, error_type: 'invalid_request', request_id: expect.any(String) });
      expect(res.body.error_message).toContain(field);
    }
  });

  it('shows an NFT minted to an email: metadata, attributes, the email and address, token, transaction and history', async () => {
    for (const cookie of [owner, developer]) {
      const res = await detail(limitedId, minted.email.id, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const nft = res.body.nft;
      expect(nft).toMatchObject({
        id: minted.email.id,
        collection: { id: limitedId, name: 'Gold Tickets' },
        chain: 'devnet',
        chainName: 'Local devnet',
        status: 'success',
        tokenStandard: 'erc-721',
        contractAddress: contract,
        tokenId: minted.email.onChain.tokenId,
        quantity: 1,
        metadata: {
          name: 'Ticket #1',
          description: 'Front row',
          image: 'https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.png',
          imageSource: metadata.image,
          animationUrl: 'https://cdn.example.com/1.mp4',
          attributes: [
            { traitType: 'Row', value: 1, displayType: null },
            { traitType: 'VIP', value: true, displayType: null },
            { traitType: null, value: 'plain', displayType: null },
            { traitType: 'Level', value: 3, displayType: 'number' },
          ],
        },
        owner: {
          address: minted.email.onChain.owner,
          email: 'alice.detail@example.com',
          userId: null,
          recipient: 'email:Alice.Detail@Example.com:devnet',
        },
        transaction: { hash: minted.email.onChain.txId, explorerUrl: null },
        explorer: null,
        error: null,
        actionId: minted.email.actionId,
      });
      expect(nft.owner.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // requested → submitted (the batch transaction) → mined (its block) → succeeded, in time order.
      expect(nft.history.map((e: { status: string }) => e.status)).toEqual(['requested', 'submitted', 'mined', 'succeeded']);
      expect(nft.history[1].transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(nft.history[2]).toMatchObject({ transactionHash: minted.email.onChain.txId, detail: expect.stringMatching(/^Block \d+$/) });
      expect(nft.history[3]).toMatchObject({ transactionHash: minted.email.onChain.txId, detail: null });
      const times = nft.history.map((e: { at: string }) => Date.parse(e.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(nft.history[0].at).toBe(nft.createdAt);
    }
  });

  it('reads the token from the devnet over RPC where there is no explorer: ownerOf for ERC-721, balanceOf for ERC-1155', async () => {
    const rpcUrl = server.ctx.chains.get('devnet').rpcUrl;
    const email = (await detail(limitedId, minted.email.id, owner)).body.nft;
    expect(email.chainRead).toEqual({
      rpcUrl,
      call: `ownerOf(${minted.email.onChain.tokenId})`,
      holder: minted.email.onChain.owner,
      balance: null,
      holdsToken: true,
      error: null,
    });
    const toBob = (await detail(limitedId, minted.bob.id, owner)).body.nft;
    expect(toBob.owner).toEqual({ address: bob, email: null, userId: null, recipient: `devnet:${bob}` });
    expect(toBob.chainRead).toMatchObject({ holder: bob, holdsToken: true });

    const pin = (await detail(semiId, minted.semi.id, developer)).body.nft;
    expect(pin).toMatchObject({ tokenStandard: 'erc-1155', quantity: 3, metadata: { name: 'Gold pin', attributes: [] } });
    expect(pin.chainRead).toEqual({
      rpcUrl,
      call: `balanceOf(${bob}, ${minted.semi.onChain.tokenId})`,
      holder: null,
      balance: '3',
      holdsToken: true,
      error: null,
    });
  });

  it('links to the explorer instead, where the chain has one', async () => {
    const connection = server.ctx.chains.get('devnet');
    connection.explorerUrl = 'https://explorer.example.com';
    try {
      const nft = (await detail(limitedId, minted.email.id, owner)).body.nft;
      expect(nft.explorer).toEqual({
        tokenUrl: `https://explorer.example.com/nft/${contract}/${minted.email.onChain.tokenId}`,
        contractUrl: `https://explorer.example.com/address/${contract}`,
      });
      expect(nft.transaction.explorerUrl).toBe(`https://explorer.example.com/tx/${minted.email.onChain.txId}`);
      expect(nft.chainRead).toBeNull();
    } finally {
      connection.explorerUrl = undefined;
    }
  });

  it('shows why a mint failed, and a queued mint with only its request', async () => {
    const failed = (await detail(limitedId, minted.failed.id, owner)).body.nft;
    expect(failed).toMatchObject({ status: 'failed', tokenId: null, error: 'The collection has reached its supply limit.', chainRead: null });
    expect(failed.owner).toMatchObject({ email: null, recipient: carol, address: carol });
    expect(failed.history.at(-1)).toMatchObject({ status: 'failed', transactionHash: null, detail: 'The collection has reached its supply limit.' });
    expect(failed.history[0].status).toBe('requested');

    const queued = (await detail(limitedId, pendingId, owner)).body.nft;
    expect(queued).toMatchObject({ status: 'pending', tokenId: null, transaction: { hash: null, explorerUrl: null }, chainRead: null, actionId: null });
    expect(queued.history).toEqual([{ status: 'requested', at: queued.createdAt, transactionHash: null, detail: null }]);
  });

  it("is 404 for another project's NFT, an NFT of another collection, and an unknown id", async () => {
    const cases: Array<[string, string, string]> = [
      [betaCollectionId, betaNftId, owner], // another project's collection
      [limitedId, minted.email.id, outsider], // a member of another project
      [semiId, minted.email.id, owner], // the NFT is in another collection of the same project
      [limitedId, crypto.randomUUID(), owner],
      [limitedId, betaNftId, owner],
    ];
    for (const [collectionId, nftId, cookie] of cases) {
      const res = await detail(collectionId, nftId, cookie);
      expect(res.status, `${collectionId}/${nftId}`).toBe(404);
      expect(res.body).toMatchObject({ status_code: 404, error_type: 'not_found', request_id: expect.any(String) });
    }
    expect((await detail(betaCollectionId, betaNftId, outsider)).status).toBe(200);
  });
});
