// A wallet's NFTs come from the NFT read model through the collections domain (ADR 039), and tenant isolation:
// project A's key or console members never read project B's wallets or NFTs, on any wallet route (404).
import { randomUUID } from 'node:crypto';
import { collections, nfts, type NftMetadata } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let alpha: ProjectWithKeys;
let beta: ProjectWithKeys;
let alphaWallet: { address: string };

const base = '/api/2025-06-09/wallets';

function get(apiKey: string, path: string) {
  return server.request(path, { headers: { 'x-api-key': apiKey } });
}

/** What the minting task writes: a collection and minted NFTs held by `owner`. */
async function mintRecords(
  projectId: string,
  owner: string,
  items: Array<{ chain?: string; status?: 'pending' | 'success' | 'failed'; name: string; tokenId?: string }>,
) {
  const collectionId = randomUUID();
  await server.ctx.db.insert(collections).values({
    id: collectionId,
    projectId,
    chain: 'devnet',
    fungibility: 'non-fungible',
    contractType: 'erc-721',
    metadata: { name: 'C', description: 'D' },
    requestHash: 'test',
    actionId: randomUUID(),
  });
  for (const [i, item] of items.entries()) {
    const metadata: NftMetadata = {
      name: item.name,
      image: `https://example.com/${i}.png`,
      description: 'An NFT',
      attributes: [{ trait_type: 'level', value: i }],
    };
    await server.ctx.db.insert(nfts).values({
      id: randomUUID(),
      projectId,
      collectionId,
      chain: item.chain ?? 'devnet',
      status: item.status ?? 'success',
      tokenStandard: 'erc-721',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: item.tokenId ?? String(i + 1),
      ownerAddress: owner,
      metadata,
      createdAt: new Date(Date.now() + i * 1000),
    });
  }
}

beforeAll(async () => {
  server = await startTestServer();
  alpha = await createProjectWithKeys(server, 'Alpha');
  beta = await createProjectWithKeys(server, 'Beta');
  alphaWallet = (await server.request(base, { method: 'POST', headers: { 'x-api-key': alpha.apiKey }, body: { owner: 'email:shared@example.com' } })).body;
});
afterAll(() => server?.close());

describe(`a wallet's NFTs (${testDb})`, () => {
  it('lists none before anything is minted', async () => {
    const res = await get(alpha.apiKey, `${base}/${encodeURIComponent('email:shared@example.com:devnet')}/nfts`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists the minted NFTs it holds, newest first, by page and chain, with their locators', async () => {
    await mintRecords(alpha.projectId, alphaWallet.address, [
      { name: 'First' },
      { name: 'Second' },
      { name: 'Third' },
      { name: 'On Base', chain: 'base-sepolia', tokenId: '9' },
      { name: 'Still pending', status: 'pending', tokenId: '99' },
      { name: 'Failed', status: 'failed', tokenId: '98' },
    ]);
    const all = await get(alpha.apiKey, `${base}/${alphaWallet.address}/nfts`);
    expect(all.status).toBe(200);
    expect(all.body.map((n: { metadata: NftMetadata }) => n.metadata.name)).toEqual(['On Base', 'Third', 'Second', 'First']);
    expect(all.body[1]).toEqual({
      chain: 'devnet',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: '3',
      tokenStandard: 'erc-721',
      locator: 'devnet:0x5FbDB2315678afecb367f032d93F642f64180aa3:3',
      metadata: { name: 'Third', image: 'https://example.com/2.png', description: 'An NFT', attributes: [{ trait_type: 'level', value: 2 }] },
    });

    const devnetOnly = await get(alpha.apiKey, `${base}/${encodeURIComponent(`devnet:${alphaWallet.address}`)}/nfts?perPage=2&page=2`);
    expect(devnetOnly.body.map((n: { metadata: NftMetadata }) => n.metadata.name)).toEqual(['First']);
    const baseOnly = await get(alpha.apiKey, `${base}/${encodeURIComponent('email:shared@example.com:evm')}/nfts?chains=base-sepolia`);
    expect(baseOnly.body.map((n: { tokenId: string }) => n.tokenId)).toEqual(['9']);
  });

  it('refuses bad pages and chains with a 400', async () => {
    for (const query of ['?page=0', '?perPage=101', '?page=abc', '?chains=solana', '?chains=narnia']) {
      const res = await get(alpha.apiKey, `${base}/${alphaWallet.address}/nfts${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await get(alpha.apiKey, `${base}/${alphaWallet.address}/nfts?page=abc`)).body.error_message).toMatch(/page must be an integer/);
  });
});

describe(`tenant isolation on every wallet route (${testDb})`, () => {
  it("never finds project A's wallet with project B's key, by any locator, on any route (404)", async () => {
    const locators = ['email:shared@example.com:evm', 'email:shared@example.com:devnet', `devnet:${alphaWallet.address}`, alphaWallet.address];
    for (const locator of locators) {
      for (const suffix of ['', '/balances', '/nfts']) {
        const res = await get(beta.apiKey, `${base}/${encodeURIComponent(locator)}${suffix}`);
        expect(res.status, locator + suffix).toBe(404);
        expect(res.body.error_message).toBe('Wallet not found.');
      }
    }
  });

  it("gives project B its own wallet for the same owner, and never shows it A's NFTs", async () => {
    const created = await server.request(base, { method: 'POST', headers: { 'x-api-key': beta.apiKey }, body: { owner: 'email:shared@example.com' } });
    expect(created.status).toBe(201);
    expect(created.body.address).not.toBe(alphaWallet.address);
    // B's NFT at A's address is B's, and A's listing does not show it.
    await mintRecords(beta.projectId, alphaWallet.address, [{ name: 'Beta NFT', tokenId: '500' }]);
    const alphaNfts = await get(alpha.apiKey, `${base}/${alphaWallet.address}/nfts?perPage=100`);
    expect(alphaNfts.body.map((n: { tokenId: string }) => n.tokenId)).not.toContain('500');
    expect((await get(beta.apiKey, `${base}/${created.body.address}/nfts`)).body).toEqual([]);
    // Each project's auth user is its own: the same email is two users, one per project.
    const alphaUser = await server.services.identity.findProjectUserByEmail(alpha.projectId, 'shared@example.com');
    const betaUser = await server.services.identity.findProjectUserByEmail(beta.projectId, 'shared@example.com');
    expect(alphaUser!.userId).not.toBe(betaUser!.userId);
    expect(await server.services.wallets.findWalletsForUser(alpha.projectId, betaUser!.userId)).toEqual([]);
  });

  it("never shows project A's wallets to project B's console members (404), on every console route", async () => {
    const cookie = await server.signIn(beta.ownerEmail);
    const address = alphaWallet.address;
    for (const path of [
      `/api/v1-alpha1/wallets?projectId=${alpha.projectId}`,
      `/api/v1-alpha1/wallets/${address}?projectId=${alpha.projectId}`,
      `/api/v1-alpha1/wallets/${address}/balances?projectId=${alpha.projectId}`,
      `/api/v1-alpha1/wallets/${address}/nfts?projectId=${alpha.projectId}`,
    ]) {
      const res = await server.request(path, { cookie });
      expect(res.status, path).toBe(404);
      expect(res.body.error_message).toBe('Project not found.');
    }
    // Through their own project, A's address is not one of B's wallets.
    for (const suffix of ['', '/balances', '/nfts']) {
      const res = await server.request(`/api/v1-alpha1/wallets/${address}${suffix}?projectId=${beta.projectId}`, { cookie });
      expect(res.status, suffix).toBe(404);
      expect(res.body.error_message).toBe('Wallet not found.');
    }
    const list = await server.request(`/api/v1-alpha1/wallets?projectId=${beta.projectId}`, { cookie });
    expect(list.body.wallets.map((w: { address: string }) => w.address)).not.toContain(address);
  });
});
