// The console's wallet pages' API (/api/v1-alpha1/wallets…, spec §3 "Wallet list: projectId, page, perPage"):
// console session required, every member role may read, pagination and search by owner or address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let developerCookie: string;
const created: Array<{ address: string; owner: string }> = [];

const list = (query: string, cookie = developerCookie) => server.request(`/api/v1-alpha1/wallets?projectId=${project.projectId}${query}`, { cookie });

beforeAll(async () => {
  server = await startTestServer();
  project = await createProjectWithKeys(server, 'Console wallets');
  const developerEmail = `dev.${crypto.randomUUID()}@example.com`;
  // Signed in before being added, so that the invitation email cannot be taken for the passcode email.
  developerCookie = await server.signIn(developerEmail);
  await server.services.projects.addMember(project.projectId, project.ownerUserId, developerEmail, 'developer');
  for (let i = 0; i < 23; i++) {
    const owner = i % 2 === 0 ? `email:player${i}@example.com` : `userId:player_${i}`;
    const res = await server.request('/api/2025-06-09/wallets', { method: 'POST', headers: { 'x-api-key': project.apiKey }, body: { owner } });
    expect(res.status).toBe(201);
    created.push({ address: res.body.address, owner });
  }
});
afterAll(() => server?.close());

describe(`console wallet routes (${testDb})`, () => {
  it('answers 401 without a console session on every route', async () => {
    const address = created[0]!.address;
    for (const path of [
      `/api/v1-alpha1/wallets?projectId=${project.projectId}`,
      `/api/v1-alpha1/wallets/${address}?projectId=${project.projectId}`,
      `/api/v1-alpha1/wallets/${address}/balances?projectId=${project.projectId}`,
      `/api/v1-alpha1/wallets/${address}/nfts?projectId=${project.projectId}`,
    ]) {
      const res = await server.request(path, { headers: { 'x-api-key': project.apiKey } });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ error_type: 'unauthorized', error_message: 'Sign in to continue.' });
    }
  });

  it('lists the project’s wallets newest first, a page at a time, to a developer member', async () => {
    const first = await list('&page=1&perPage=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: 23 });
    const newestFirst = [...created].reverse();
    expect(first.body.wallets.map((w: { address: string }) => w.address)).toEqual(newestFirst.slice(0, 10).map((w) => w.address));
    expect(first.body.wallets[0]).toEqual({
      id: expect.any(String),
      chainType: 'evm',
      type: 'custodial',
      address: newestFirst[0]!.address,
      owner: 'email:player22@example.com',
      ownerKind: 'email',
      authUserId: expect.any(String),
      createdAt: expect.any(String),
    });
    const last = await list('&page=3&perPage=10');
    expect(last.body.wallets.map((w: { address: string }) => w.address)).toEqual(newestFirst.slice(20).map((w) => w.address));
    expect((await list('&page=4&perPage=10')).body).toMatchObject({ wallets: [], total: 23 });
    // Defaults: page 1, 20 per page.
    expect((await list('')).body).toMatchObject({ page: 1, perPage: 20, total: 23 });
  });

  it('searches by owner or address, case-insensitively, with % and _ taken literally', async () => {
    const byOwner = await list('&search=PLAYER1');
    expect(byOwner.body.wallets.map((w: { owner: string }) => w.owner).sort()).toEqual([
      'email:player10@example.com',
      'email:player12@example.com',
      'email:player14@example.com',
      'email:player16@example.com',
      'email:player18@example.com',
    ]);
    expect(byOwner.body.total).toBe(5);
    const target = created[7]!;
    const byAddress = await list(`&search=${target.address.slice(10, 24).toLowerCase()}`);
    expect(byAddress.body.wallets.map((w: { address: string }) => w.address)).toEqual([target.address]);
    expect((await list('&search=player_1')).body.total).toBe(6); // _ is literal: player_1, player_11 … player_19
    expect((await list('&search=%25')).body.total).toBe(0);
    expect((await list('&search=')).body.total).toBe(23);
  });

  it('shows one wallet with its chains and NFTs, by address in any case', async () => {
    const target = created[2]!;
    const detail = await server.request(`/api/v1-alpha1/wallets/${target.address.toLowerCase()}?projectId=${project.projectId}`, { cookie: developerCookie });
    expect(detail.status).toBe(200);
    expect(detail.body.wallet).toMatchObject({ address: target.address, owner: target.owner, ownerKind: 'email', chains: [] });
    const nfts = await server.request(`/api/v1-alpha1/wallets/${target.address}/nfts?projectId=${project.projectId}`, { cookie: developerCookie });
    expect(nfts.body).toEqual({ nfts: [] });
    // This server talks to no chain, so there is nothing to read balances from.
    const balances = await server.request(`/api/v1-alpha1/wallets/${target.address}/balances?projectId=${project.projectId}`, { cookie: developerCookie });
    expect(balances.body).toEqual({ balances: [] });
  });

  it('answers bad input with a 400 and unknown wallets with a 404', async () => {
    const bad = [
      `/api/v1-alpha1/wallets?projectId=not-a-uuid`,
      `/api/v1-alpha1/wallets?projectId=${project.projectId}&perPage=0`,
      `/api/v1-alpha1/wallets/0x123?projectId=${project.projectId}`,
      `/api/v1-alpha1/wallets/${created[0]!.address}`,
    ];
    for (const path of bad) expect((await server.request(path, { cookie: developerCookie })).status, path).toBe(400);
    const unknown = await server.request(`/api/v1-alpha1/wallets/0x000000000000000000000000000000000000dEaD?projectId=${project.projectId}`, {
      cookie: developerCookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message).toBe('Wallet not found.');
  });
});
