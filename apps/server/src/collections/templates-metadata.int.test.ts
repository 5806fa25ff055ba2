// Templates of semi-fungible collections (ERC-1155 token ids with supply limits kept on chain), and the
// public metadata JSON that the contracts' tokenURI/uri/contractURI point at, with IPFS links on the gateway.
import { collection1155Abi, collection721Abi } from '@keepsake/chains/abis';
import { mintBatch } from '@keepsake/chains/actions/mint-batch';
import { tokenMetadata } from '@keepsake/db/schema';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { eventually } from '../testing/webhooks.ts';

const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { IPFS_GATEWAY_URL: 'https://gateway.example.com/' } });
  project = await createProjectWithKeys(server, 'Templates');
  api = developerApi(server, project.apiKey);
});
afterAll(() => server?.close());

const publicGet = (path: string) => server.request(path);

describe(`templates (${testDb})`, () => {
  it('numbers templates, takes a chosen token id, refuses a taken one, and sets supply limits on chain', async () => {
    const created = await api.createCollection(collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Pins', description: 'Enamel' } }));
    // Made while the contract is still deploying: its limit is set once the contract exists.
    const first = await api.call(`/collections/${created.id}/templates`, {
      method: 'POST',
      body: { metadata: { name: 'Red pin', image: `ipfs://${cid}/red.png`, attributes: [{ trait_type: 'Color', value: 'Red' }] }, supply: { limit: 10 } },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ collectionId: created.id, onChain: { tokenId: '1' }, supply: { limit: 10 }, metadata: { name: 'Red pin' } });
    const { collection } = await api.settled(created.actionId);

    const chosen = await api.call(`/collections/${created.id}/templates`, {
      method: 'POST',
      body: { metadata: { name: 'Gold pin' }, onChain: { tokenId: '42' }, supply: { limit: 3 } },
    });
    expect(chosen.body.onChain.tokenId).toBe('42');
    const next = await api.call(`/collections/${created.id}/templates`, { method: 'POST', body: { metadata: { name: 'Blue pin' } } });
    expect(next.body).toMatchObject({ onChain: { tokenId: '43' }, supply: { limit: null } });
    const taken = await api.call(`/collections/${created.id}/templates`, { method: 'POST', body: { metadata: { name: 'Again' }, onChain: { tokenId: '42' } } });
    expect(taken.status).toBe(409);
    expect(taken.body.error_message).toContain('Token id 42');

    const client = server.ctx.chains.get('devnet').client;
    const read = { address: collection.onChain.contractAddress as Address, abi: collection1155Abi } as const;
    await eventually(async () => (await client.readContract({ ...read, functionName: 'supplyLimit', args: [1n] })) === 10n, 15_000, 'limit of token 1');
    await eventually(async () => (await client.readContract({ ...read, functionName: 'supplyLimit', args: [42n] })) === 3n, 15_000, 'limit of token 42');
    expect(await client.readContract({ ...read, functionName: 'supplyLimit', args: [43n] })).toBe(0n);

    const one = await api.call(`/collections/${created.id}/templates/${chosen.body.templateId as string}`);
    expect(one.body).toEqual(chosen.body);
    const page = await api.call(`/collections/${created.id}/templates?page=2&perPage=2`);
    expect(page.body.results.map((t: { onChain: { tokenId: string } }) => t.onChain.tokenId)).toEqual(['43']);
    expect((await api.call(`/collections/${created.id}/templates/${created.id}`)).status).toBe(404);
  });

  it('refuses templates on a non-fungible collection and bad template bodies', async () => {
    const nft = await api.createCollection(collectionBody());
    const refused = await api.call(`/collections/${nft.id}/templates`, { method: 'POST', body: { metadata: { name: 'Nope' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toContain('semi-fungible');
    const semi = await api.createCollection(collectionBody({ fungibility: 'semi-fungible' }));
    for (const body of [
      {},
      { metadata: { name: '' } },
      { metadata: { name: 'x', image: '/relative.png' } },
      { metadata: { name: 'x' }, onChain: { tokenId: '0' } },
      { metadata: { name: 'x' }, supply: { limit: 0 } },
    ]) {
      const res = await api.call(`/collections/${semi.id}/templates`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe(`metadata URLs (${testDb})`, () => {
  it("serves a template's metadata at the token URI, with IPFS links through the gateway", async () => {
    const created = await api.createCollection(collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Stickers', description: 'Vinyl' } }));
    await api.call(`/collections/${created.id}/templates`, {
      method: 'POST',
      body: {
        metadata: {
          name: 'Cat',
          description: 'A cat',
          image: `ipfs://${cid}/cat.png`,
          animation_url: `ipfs://ipfs/${cid}/cat.mp4`,
          attributes: [{ trait_type: 'Mood', value: 'Smug' }],
        },
      },
    });
    const res = await publicGet(`/api/metadata/${created.id}/1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Cat',
      description: 'A cat',
      image: `https://gateway.example.com/ipfs/${cid}/cat.png`,
      animation_url: `https://gateway.example.com/ipfs/${cid}/cat.mp4`,
      attributes: [{ trait_type: 'Mood', value: 'Smug' }],
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toContain('max-age');
    const missing = await publicGet(`/api/metadata/${created.id}/2`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status_code: 404, error_type: 'not_found' });
  });

  it("answers 404 for an NFT's token URI until the token has metadata, then serves it", async () => {
    const created = await api.createCollection(collectionBody({ metadata: { name: 'Art', description: 'Pieces', imageUrl: `ipfs://${cid}/cover.png` } }));
    const { collection } = await api.settled(created.actionId);
    const contract = collection.onChain.contractAddress as Address;
    // A mint, made here the way the minting pipeline will: a platform signer with the minter role.
    const connection = server.ctx.chains.get('devnet');
    const minter = connection.signer(1);
    await connection.client.waitForTransactionReceipt({ hash: await mintBatch(minter, { contract, recipients: [minter.account.address] }) });
    const tokenUri = await connection.client.readContract({ address: contract, abi: collection721Abi, functionName: 'tokenURI', args: [1n] });
    expect(tokenUri).toBe(`${server.url}/api/metadata/${created.id}/1`);
    const path = new URL(tokenUri).pathname;

    expect((await publicGet(path)).status).toBe(404);
    await server.ctx.db.insert(tokenMetadata).values({ collectionId: created.id, tokenId: '1', metadata: { name: 'Art #1', image: `ipfs://${cid}/1.png` } });
    expect((await publicGet(path)).body).toEqual({ name: 'Art #1', image: `https://gateway.example.com/ipfs/${cid}/1.png` });

    const contractUri = await connection.client.readContract({ address: contract, abi: collection721Abi, functionName: 'contractURI' });
    await server.services.collections.consoleUpdateBranding(project.ownerUserId, created.id, { bannerUrl: 'https://cdn.example.com/banner.png' });
    await server.services.collections.consoleUpdate(project.ownerUserId, created.id, { socialLinks: { website: 'https://art.example.com/' } });
    expect((await publicGet(new URL(contractUri).pathname)).body).toEqual({
      name: 'Art',
      description: 'Pieces',
      symbol: 'ART',
      image: `https://gateway.example.com/ipfs/${cid}/cover.png`,
      banner_image: 'https://cdn.example.com/banner.png',
      external_link: 'https://art.example.com/',
    });
  });

  it('answers unknown collections and malformed token ids in the error shape', async () => {
    const unknown = await publicGet(`/api/metadata/${crypto.randomUUID()}/1`);
    expect(unknown.status).toBe(404);
    for (const path of [`/api/metadata/not-a-uuid/1`, `/api/metadata/${crypto.randomUUID()}/abc`, `/api/metadata/${crypto.randomUUID()}/-1`]) {
      const res = await publicGet(path);
      expect(res.status, path).toBe(400);
      expect(res.body.status_code).toBe(400);
    }
  });
});
