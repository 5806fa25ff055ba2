// The developer collections API on a real devnet: every route's 401 and 403, a create that answers at once
// with a pending action and ends with a real contract (read back through viem), the signed webhook that says
// so, the spec §5 messages, PUT's idempotent creation and PATCH kept in step on chain.
import { collection1155Abi, collection721Abi } from '@keepsake/chains/abis';
import { minterRole } from '@keepsake/chains/actions/grant-minter';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts';
import { eventually, verifiedPayload } from '../testing/webhooks.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let receiver: WebhookReceiver;
let hookSecret: string;

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { WEBHOOK_RELAY_INTERVAL_MS: '100' } });
  project = await createProjectWithKeys(server, 'Collections');
  api = developerApi(server, project.apiKey);
  receiver = await startWebhookReceiver();
  const hook = await server.services.webhooks.createEndpoint(project.projectId, project.ownerUserId, {
    url: `${receiver.url}/collections`,
    description: '',
    eventTypes: ['collections.create.succeeded'],
  });
  hookSecret = hook.secret;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const someId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const routes: Array<[string, string, unknown?]> = [
  ['POST', '/collections', collectionBody()],
  ['GET', '/collections'],
  ['GET', `/collections/${someId}`],
  ['PUT', `/collections/${someId}`, collectionBody()],
  ['PATCH', `/collections/${someId}`, { payments: null }],
  ['POST', `/collections/${someId}/templates`, { metadata: { name: 'x' } }],
  ['GET', `/collections/${someId}/templates`],
  ['GET', `/collections/${someId}/templates/${someId}`],
  ['GET', `/actions/${someId}`],
];

describe(`collections API (${testDb})`, () => {
  it('answers 401 on every route without an API key, or with a wrong one', async () => {
    for (const [method, path, body] of routes) {
      const none = await server.request(`/api/2022-06-09${path}`, { method, body });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error_type).toBe('invalid_api_key');
      const wrong = await server.request(`/api/2022-06-09${path}`, { method, body, headers: { 'x-api-key': `sk_staging_${'x'.repeat(43)}` } });
      expect(wrong.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 when the key lacks the scope the route needs', async () => {
    const readOnly = developerApi(server, await project.keyWith(['collections.read']));
    const mintOnly = developerApi(server, await project.keyWith(['nfts.create']));
    for (const [method, path, body] of routes) {
      const writes = method !== 'GET';
      const res = await (writes ? readOnly : mintOnly).call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error_message).toMatch(writes ? /collections\.create/ : /collections\.read/);
    }
    // Actions also answer to nfts.read (mint actions come next).
    expect((await developerApi(server, await project.keyWith(['nfts.read'])).call(`/actions/${someId}`)).status).toBe(404);
  });

  it('creates an ERC-721 collection that is pending at once and deployed on chain by a platform signer', async () => {
    const res = await api.call('/collections', {
      method: 'POST',
      body: collectionBody({ supplyLimit: 3, payments: { price: '0.01', recipientAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chain: 'devnet',
      fungibility: 'non-fungible',
      metadata: { name: 'Gold Tickets', symbol: 'GOLD', imageUrl: 'https://cdn.example.com/gold.png' },
      supplyLimit: 3,
      payments: { price: '0.01', recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      onChain: { status: 'pending', chain: 'devnet', type: 'erc-721' },
    });
    expect(res.body.onChain.contractAddress).toBeUndefined();
    const id = res.body.id as string;

    const { action, collection } = await api.settled(res.body.actionId as string);
    expect(action).toMatchObject({
      actionId: res.body.actionId,
      action: 'collections.create',
      status: 'succeeded',
      resource: `${server.url}/api/2022-06-09/collections/${id}`,
    });
    expect(Date.parse(action.completedAt as string)).toBeGreaterThanOrEqual(Date.parse(action.startedAt as string));
    expect(collection.onChain).toMatchObject({ status: 'success', contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), txId: action.data.txId });
    expect(action.data).toMatchObject({ collectionId: id, chain: 'devnet', contractAddress: collection.onChain.contractAddress });

    const client = server.ctx.chains.get('devnet').client;
    const read = { address: collection.onChain.contractAddress as Address, abi: collection721Abi } as const;
    expect(await client.readContract({ ...read, functionName: 'name' })).toBe('Gold Tickets');
    expect(await client.readContract({ ...read, functionName: 'symbol' })).toBe('GOLD');
    expect(await client.readContract({ ...read, functionName: 'supplyLimit' })).toBe(3n);
    expect(await client.readContract({ ...read, functionName: 'baseURI' })).toBe(`${server.url}/api/metadata/${id}/`);
    expect(await client.readContract({ ...read, functionName: 'contractURI' })).toBe(`${server.url}/api/metadata/${id}/contract`);
    const owner = await client.readContract({ ...read, functionName: 'owner' });
    expect(owner).toBe(collection.onChain.owner);
    const signers = server.ctx.chains.signers.map((s) => s.address);
    expect(signers).toContain(owner);
    for (const signer of signers) expect(await client.readContract({ ...read, functionName: 'hasRole', args: [minterRole, signer] }), signer).toBe(true);
    const receipt = await client.getTransactionReceipt({ hash: action.data.txId as `0x${string}` });
    expect(receipt.contractAddress?.toLowerCase()).toBe((collection.onChain.contractAddress as string).toLowerCase());

    // The signed webhook reaches the project's endpoint and verifies with svix.
    const [delivery] = await receiver.waitFor('/collections', 1);
    const payload = verifiedPayload(hookSecret, delivery!);
    expect(payload.type).toBe('collections.create.succeeded');
    expect(payload.data).toEqual({
      actionId: action.actionId,
      collectionId: id,
      chain: 'devnet',
      contractAddress: collection.onChain.contractAddress,
      txId: action.data.txId,
    });
  });

  it('deploys a semi-fungible collection as ERC-1155 and derives a symbol when none is given', async () => {
    const created = await api.createCollection(collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Badges & Pins', description: 'Kit' } }));
    expect(created.onChain.type).toBe('erc-1155');
    const { collection } = await api.settled(created.actionId);
    expect(collection.metadata.symbol).toBe('BADGE');
    const client = server.ctx.chains.get('devnet').client;
    const read = { address: collection.onChain.contractAddress as Address, abi: collection1155Abi } as const;
    expect(await client.readContract({ ...read, functionName: 'uri', args: [7n] })).toBe(`${server.url}/api/metadata/${created.id}/7`);
    for (const signer of server.ctx.chains.signers) {
      expect(await client.readContract({ ...read, functionName: 'hasRole', args: [minterRole, signer.address] })).toBe(true);
    }
  });

  it('refuses bad bodies with the spec messages, unknown and unsupported chains', async () => {
    const bad = async (body: unknown, status = 400) => {
      const res = await api.call('/collections', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
      return res.body as { error_type: string; error_message: string };
    };
    const messages = (await bad(collectionBody({ metadata: { name: ' ', description: '', imageUrl: 'http//nope' } }))).error_message;
    expect(messages).toContain('Name cannot be empty');
    expect(messages).toContain('Description cannot be empty');
    expect(messages).toContain('Image url should be a valid url, starting with https://');
    expect((await bad(collectionBody({ metadata: { name: 'n'.repeat(101), description: 'd' } }))).error_message).toContain(
      'Name must be at most 100 characters',
    );
    expect((await bad(collectionBody({ chain: 'dogechain' }))).error_message).toContain('Unknown chain "dogechain"');
    expect(await bad(collectionBody({ chain: 'solana' }))).toMatchObject({
      error_type: 'unsupported_chain',
      error_message: expect.stringContaining('EVM chains'),
    });
    expect(await bad(collectionBody({ chain: 'base' }))).toMatchObject({
      error_type: 'chain_not_configured',
      error_message: expect.stringContaining('CHAIN_BASE_RPC_URL'),
    });
    expect((await bad(collectionBody({ fungibility: 'fungible' }))).error_message).toContain('Fungibility must be non-fungible or semi-fungible');
    expect((await bad(collectionBody({ supplyLimit: 0 }))).error_message).toContain('Supply limit must be a whole number of at least 1');
    expect((await bad(collectionBody({ fungibility: 'semi-fungible', supplyLimit: 5 }))).error_message).toContain('supply.limit');
    expect((await bad(collectionBody({ payments: { price: 0.1, recipientAddress: '0x1' } }))).error_message).toMatch(
      /price must be a decimal string[\s\S]*recipientAddress must be an EVM address/,
    );
    expect((await bad(collectionBody({ metadata: { name: 'a', description: 'b', symbol: 'NO SPACES' } }))).error_message).toContain(
      'Symbol must be 1 to 10 letters or digits',
    );
    await bad('not json at all');
    // http is upgraded to https (spec §5); IPFS links are kept as given.
    const upgraded = await api.createCollection(collectionBody({ metadata: { name: 'Up', description: 'Up', imageUrl: 'http://cdn.example.com/up.png' } }));
    expect((await api.call(`/collections/${upgraded.id}`)).body.metadata.imageUrl).toBe('https://cdn.example.com/up.png');
  });

  it('creates under a chosen id with PUT: the same body again answers the same collection, another body 409', async () => {
    const id = crypto.randomUUID();
    const first = await api.call(`/collections/${id}`, { method: 'PUT', body: collectionBody({ metadata: { name: 'Chosen', description: 'By id' } }) });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    // Key order and defaults do not matter: it is the same request.
    const again = await api.call(`/collections/${id}`, { method: 'PUT', body: { metadata: { description: 'By id', name: 'Chosen' }, chain: 'devnet' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, actionId: first.body.actionId, metadata: first.body.metadata });
    const other = await api.call(`/collections/${id}`, { method: 'PUT', body: collectionBody({ metadata: { name: 'Other', description: 'By id' } }) });
    expect(other.status).toBe(409);
    expect(other.body.error_type).toBe('conflict');
    await api.settled(first.body.actionId as string);
    const list = await api.call('/collections?perPage=100');
    expect(list.body.results.filter((c: { id: string }) => c.id === id)).toHaveLength(1);
  });

  it('patches metadata and payments, keeps the symbol, and keeps the supply limit in step on chain', async () => {
    const created = await api.createCollection(collectionBody({ supplyLimit: 10 }));
    const { collection } = await api.settled(created.actionId);
    const patched = await api.call(`/collections/${created.id}`, {
      method: 'PATCH',
      body: { metadata: { description: 'Now with backstage', imageUrl: '' }, supplyLimit: 25, payments: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      metadata: { name: 'Gold Tickets', description: 'Now with backstage', symbol: 'GOLD' },
      supplyLimit: 25,
      payments: null,
    });
    expect(patched.body.metadata.imageUrl).toBeUndefined();
    const client = server.ctx.chains.get('devnet').client;
    const read = { address: collection.onChain.contractAddress as Address, abi: collection721Abi } as const;
    await eventually(async () => (await client.readContract({ ...read, functionName: 'supplyLimit' })) === 25n, 15_000, 'supply limit 25 on chain');
    const lifted = await api.call(`/collections/${created.id}`, { method: 'PATCH', body: { supplyLimit: null } });
    expect(lifted.body.supplyLimit).toBeNull();
    await eventually(async () => (await client.readContract({ ...read, functionName: 'supplyLimit' })) === 0n, 15_000, 'no supply limit on chain');

    const symbol = await api.call(`/collections/${created.id}`, { method: 'PATCH', body: { metadata: { symbol: 'NEW' } } });
    expect(symbol.status).toBe(400);
    expect(symbol.body.error_message).toContain('symbol');
    expect((await api.call(`/collections/${created.id}`, { method: 'PATCH', body: {} })).status).toBe(400);
    expect((await api.call(`/collections/${created.id}`, { method: 'PATCH', body: { metadata: { name: '' } } })).body.error_message).toContain(
      'Name cannot be empty',
    );
  });

  it('lists collections newest first, page by page', async () => {
    const other = await createProjectWithKeys(server, 'Paging');
    const paging = developerApi(server, other.apiKey);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await paging.createCollection(collectionBody({ metadata: { name: `C${i}`, description: 'd' } }))).id);
    const first = await paging.call('/collections?page=1&perPage=2');
    const second = await paging.call('/collections?page=2&perPage=2');
    expect(first.body.results.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(second.body.results.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect((await paging.call('/collections?perPage=500')).status).toBe(400);
  });
});
