// The console's NFT pages of a collection (ADR 060–062): mint counts, the created NFTs (newest first, paginated,
// status filter) and the registered templates with supply. Session auth; owners and developers read; another
// project's members get 404; bad queries get 400 in the error shape. Rows come from the seeding helper that
// stands in for the minting pipeline, on collections deployed through the real API on a real devnet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { seedNfts } from '../testing/nfts.ts';

let server: TestServer;
let alpha: ProjectWithKeys;
let beta: ProjectWithKeys;
let owner: string;
let developer: string;
let outsider: string;
let collectionId: string;
let semiId: string;
let betaCollectionId: string;
let seeded: string[];
const holder = '0x000000000000000000000000000000000000bEEF';

async function deployed(project: ProjectWithKeys, body: Record<string, unknown>) {
  const api = developerApi(server, project.apiKey);
  const created = await api.createCollection(body);
  const { collection } = await api.settled(created.actionId);
  expect(collection.onChain.status).toBe('success');
  return { id: created.id, projectId: project.projectId, chain: 'devnet', contractAddress: collection.onChain.contractAddress as string };
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

  const collection = await deployed(alpha, collectionBody({ supplyLimit: 100 }));
  collectionId = collection.id;
  // 25 rows: every fifth pending, every seventh failed, the rest minted.
  seeded = await seedNfts(
    server,
    collection,
    Array.from({ length: 25 }, (_, i) => ({
      status: i % 5 === 0 ? ('pending' as const) : i % 7 === 0 ? ('failed' as const) : ('success' as const),
      ownerAddress: holder,
      metadata: {
        name: `Ticket ${i}`,
        image: i === 3 ? 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/3.png' : `https://cdn.example.com/${i}.png`,
      },
    })),
  );

  const semi = await deployed(alpha, collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Pins', description: 'Enamel' } }));
  semiId = semi.id;
  const api = developerApi(server, alpha.apiKey);
  for (const body of [
    { metadata: { name: 'Red pin', image: 'https://cdn.example.com/red.png' }, supply: { limit: 10 } },
    { metadata: { name: 'Blue pin' } },
    { metadata: { name: 'Gold pin' }, supply: { limit: 3 } },
  ]) {
    const res = await api.call(`/collections/${semi.id}/templates`, { method: 'POST', body });
    expect(res.status).toBe(201);
  }
  await seedNfts(server, { ...semi, tokenStandard: 'erc-1155' }, [
    { ownerAddress: holder, tokenId: '1' },
    { ownerAddress: holder, tokenId: '1' },
    { ownerAddress: holder, tokenId: '1', status: 'pending' },
    { ownerAddress: holder, tokenId: '3' },
    { ownerAddress: holder, tokenId: null, status: 'failed' },
  ]);

  const other = await deployed(beta, collectionBody({ metadata: { name: 'Beta only', description: 'B' } }));
  betaCollectionId = other.id;
  await seedNfts(server, other, [{ ownerAddress: holder }, { ownerAddress: holder, status: 'failed' }]);
});
afterAll(() => server?.close());

const get = (path: string, cookie?: string) => server.request(path, cookie ? { cookie } : {});

describe(`console collection NFT views (${testDb})`, () => {
  it('answers 401 without a session on every route', async () => {
    for (const path of [`/mint-stats`, `/nfts`, `/registered-nfts`]) {
      const res = await server.request(`/api/console/collections/${collectionId}${path}`, { headers: { 'x-api-key': alpha.apiKey } });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ error_type: 'unauthorized', request_id: expect.any(String) });
    }
  });

  it('counts the mints by status for the owner and a developer member', async () => {
    const expected = { pending: 5, failed: 3, success: 17, total: 25 };
    for (const cookie of [owner, developer]) {
      const res = await get(`/api/console/collections/${collectionId}/mint-stats`, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
    const other = await get(`/api/console/collections/${betaCollectionId}/mint-stats`, outsider);
    expect(other.body).toEqual({ pending: 0, failed: 1, success: 1, total: 2 });
  });

  it('lists every status newest first, a page at a time, with the total', async () => {
    const first = await get(`/api/console/collections/${collectionId}/nfts?perPage=10`, developer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: 25 });
    const newestFirst = [...seeded].reverse();
    expect(first.body.nfts.map((n: { id: string }) => n.id)).toEqual(newestFirst.slice(0, 10));
    const last = await get(`/api/console/collections/${collectionId}/nfts?perPage=10&page=3`, developer);
    expect(last.body.nfts.map((n: { id: string }) => n.id)).toEqual(newestFirst.slice(20));
    const beyond = await get(`/api/console/collections/${collectionId}/nfts?perPage=10&page=4`, developer);
    expect(beyond.body).toMatchObject({ nfts: [], total: 25 });

    const minted = first.body.nfts.find((n: { metadata: { name: string } }) => n.metadata.name === 'Ticket 24');
    expect(minted).toEqual({
      id: seeded[24],
      chain: 'devnet',
      chainName: 'Local devnet',
      status: 'success',
      tokenStandard: 'erc-721',
      contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      tokenId: expect.stringMatching(/^\d+$/),
      ownerAddress: holder,
      metadata: { name: 'Ticket 24', image: 'https://cdn.example.com/24.png', description: null },
      // The devnet has no block explorer.
      explorerUrl: null,
      createdAt: expect.any(String),
    });
    const pending = first.body.nfts.find((n: { metadata: { name: string } }) => n.metadata.name === 'Ticket 20');
    expect(pending).toMatchObject({ status: 'pending', tokenId: null, contractAddress: null });
  });

  it('filters by status and rewrites IPFS images to the gateway', async () => {
    for (const [status, total] of [
      ['pending', 5],
      ['failed', 3],
      ['success', 17],
    ] as const) {
      const res = await get(`/api/console/collections/${collectionId}/nfts?status=${status}&perPage=100`, owner);
      expect(res.body.total).toBe(total);
      expect(res.body.nfts).toHaveLength(total);
      expect(res.body.nfts.every((n: { status: string }) => n.status === status)).toBe(true);
    }
    const res = await get(`/api/console/collections/${collectionId}/nfts?status=success&perPage=100`, owner);
    const ipfs = res.body.nfts.find((n: { metadata: { name: string } }) => n.metadata.name === 'Ticket 3');
    expect(ipfs.metadata.image).toMatch(/^https?:\/\/.+\/ipfs\/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi\/3\.png$/);
  });

  it('answers 400 in the error shape for a bad status, page or id', async () => {
    for (const path of [
      `/api/console/collections/${collectionId}/nfts?status=minted`,
      `/api/console/collections/${collectionId}/nfts?perPage=101`,
      `/api/console/collections/${collectionId}/nfts?page=0`,
      `/api/console/collections/${collectionId}/registered-nfts?page=abc`,
      `/api/console/collections/not-a-uuid/mint-stats`,
    ]) {
      const res = await get(path, owner);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, request_id: expect.any(String), error_type: expect.any(String), error_message: expect.any(String) });
    }
    const res = await get(`/api/console/collections/${collectionId}/nfts?status=minted`, owner);
    expect(res.body.error_message).toContain('status must be one of pending, success or failed');
  });

  it("answers 404 for another project's collection and never mixes projects' rows", async () => {
    for (const path of ['mint-stats', 'nfts', 'registered-nfts']) {
      expect((await get(`/api/console/collections/${collectionId}/${path}`, outsider)).status, path).toBe(404);
      expect((await get(`/api/console/collections/${betaCollectionId}/${path}`, developer)).status, path).toBe(404);
      expect((await get(`/api/console/collections/0f8fad5b-d9cb-469f-a165-70867728950e/${path}`, owner)).status, path).toBe(404);
    }
    const beta = await get(`/api/console/collections/${betaCollectionId}/nfts`, outsider);
    expect(beta.body.total).toBe(2);
    expect(beta.body.nfts.every((n: { id: string }) => !seeded.includes(n.id))).toBe(true);
  });

  it("lists a semi-fungible collection's templates with the supply minted, pending and allowed", async () => {
    const res = await get(`/api/console/collections/${semiId}/registered-nfts`, developer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, perPage: 20, total: 3, supply: { limit: null, minted: 3, pending: 1 } });
    expect(res.body.templates.map((t: { tokenId: string; metadata: { name: string }; supply: unknown }) => [t.tokenId, t.metadata.name, t.supply])).toEqual([
      ['1', 'Red pin', { limit: 10, minted: 2, pending: 1 }],
      ['2', 'Blue pin', { limit: null, minted: 0, pending: 0 }],
      ['3', 'Gold pin', { limit: 3, minted: 1, pending: 0 }],
    ]);
    const second = await get(`/api/console/collections/${semiId}/registered-nfts?perPage=2&page=2`, developer);
    expect(second.body.templates.map((t: { tokenId: string }) => t.tokenId)).toEqual(['3']);
  });

  it("shows an ERC-721 collection's supply without templates", async () => {
    const res = await get(`/api/console/collections/${collectionId}/registered-nfts`, owner);
    expect(res.body).toMatchObject({ total: 0, templates: [], supply: { limit: 100, minted: 17, pending: 5 } });
  });
});
