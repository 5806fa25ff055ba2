// The minting routes' refusals, all in the spec's error shape and never a 500: missing or wrong credentials and
// scopes, malformed bodies and recipients, a recipient on another chain; and tenant isolation: project B's key
// never reads, lists or mints into project A's collection or NFTs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let a: ProjectWithKeys;
let b: ProjectWithKeys;
let collectionId: string;
let nftId: string;
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  a = await createProjectWithKeys(server, 'A');
  b = await createProjectWithKeys(server, 'B');
  const created = await developerApi(server, a.apiKey).createCollection(collectionBody());
  collectionId = created.id;
  const mint = await developerApi(server, a.apiKey).call(`/collections/${collectionId}/nfts`, {
    method: 'POST',
    body: { recipient: `devnet:${alice}`, metadata: { name: 'Mine' } },
  });
  nftId = mint.body.id;
});
afterAll(() => server?.close());

function expectErrorShape(res: { status: number; body: any }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ status_code: status, request_id: expect.any(String), error_type: expect.any(String), error_message: expect.any(String) });
}

describe(`minting API refusals and isolation (${testDb})`, () => {
  it('needs an API key with nfts.create to mint and nfts.read to read', async () => {
    const path = `/api/2022-06-09/collections/${collectionId}/nfts`;
    const mint = { recipient: `devnet:${alice}`, metadata: { name: 'x' } };
    // 401 first, on every minting route, without a key or with an unknown one.
    for (const [method, route, body] of [
      ['POST', path, mint],
      ['PUT', `${path}/${crypto.randomUUID()}`, mint],
      ['GET', `${path}/${nftId}`],
      ['GET', path],
    ] as const) {
      expectErrorShape(await server.request(route, { method, body }), 401);
      expectErrorShape(await server.request(route, { method, body, headers: { 'x-api-key': `sk_staging_${'x'.repeat(43)}` } }), 401);
    }
    const readOnly = await a.keyWith(['nfts.read']);
    const createOnly = await a.keyWith(['nfts.create']);
    expectErrorShape(
      await server.request(path, { method: 'POST', headers: { 'x-api-key': readOnly }, body: { recipient: `devnet:${alice}`, metadata: { name: 'x' } } }),
      403,
    );
    expectErrorShape(await server.request(`${path}/${nftId}`, { headers: { 'x-api-key': createOnly } }), 403);
    expect((await server.request(`${path}/${nftId}`, { headers: { 'x-api-key': readOnly } })).status).toBe(200);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['no recipient', { metadata: { name: 'x' } }, 'recipient'],
    ['an empty name', { recipient: `devnet:${alice}`, metadata: { name: ' ' } }, 'metadata.name cannot be empty'],
    ['metadata and templateId both', { recipient: `devnet:${alice}`, metadata: { name: 'x' }, templateId: crypto.randomUUID() }, 'not both'],
    ['neither metadata nor templateId', { recipient: `devnet:${alice}` }, 'not both and not neither'],
    ['a bad image URL', { recipient: `devnet:${alice}`, metadata: { name: 'x', image: 'not a url' } }, 'Image url'],
    ['a malformed recipient', { recipient: 'devnet:0x123', metadata: { name: 'x' } }, 'recipient'],
    ['a recipient with no chain', { recipient: 'email:ada@example.com', metadata: { name: 'x' } }, 'chain'],
    ['a recipient on another chain', { recipient: `base-sepolia:${alice}`, metadata: { name: 'x' } }, 'devnet'],
    ['an amount on an ERC-721 mint', { recipient: `devnet:${alice}`, metadata: { name: 'x' }, amount: 2 }, 'amount'],
    ['an empty batch', { nfts: [] }, 'nfts'],
    [
      'a batch with a bad entry',
      {
        nfts: [
          { recipient: `devnet:${alice}`, metadata: { name: 'ok' } },
          { recipient: 'nope', metadata: { name: 'x' } },
        ],
      },
      'recipient',
    ],
  ])('answers 400 for %s', async (_, body, needle) => {
    const res = await developerApi(server, a.apiKey).call(`/collections/${collectionId}/nfts`, { method: 'POST', body });
    expectErrorShape(res, 400);
    expect(res.body.error_message.toLowerCase()).toContain(needle.toLowerCase());
  });

  it('answers 400 for malformed ids and 404 for unknown collections and NFTs', async () => {
    const api = developerApi(server, a.apiKey);
    expectErrorShape(await api.call(`/collections/not-a-uuid/nfts`), 400);
    expectErrorShape(await api.call(`/collections/${collectionId}/nfts/not-a-uuid`), 400);
    expectErrorShape(
      await api.call(`/collections/${crypto.randomUUID()}/nfts`, { method: 'POST', body: { recipient: `devnet:${alice}`, metadata: { name: 'x' } } }),
      404,
    );
    expectErrorShape(await api.call(`/collections/${collectionId}/nfts/${crypto.randomUUID()}`), 404);
    expectErrorShape(await api.call(`/collections/${collectionId}/nfts?perPage=0`), 400);
  });

  it("never shows or mints into another project's collection", async () => {
    const other = developerApi(server, b.apiKey);
    expectErrorShape(await other.call(`/collections/${collectionId}/nfts/${nftId}`), 404);
    expectErrorShape(await other.call(`/collections/${collectionId}/nfts`), 404);
    expectErrorShape(
      await other.call(`/collections/${collectionId}/nfts`, { method: 'POST', body: { recipient: `devnet:${alice}`, metadata: { name: 'x' } } }),
      404,
    );
    expectErrorShape(
      await other.call(`/collections/${collectionId}/nfts/${crypto.randomUUID()}`, {
        method: 'PUT',
        body: { recipient: `devnet:${alice}`, metadata: { name: 'x' } },
      }),
      404,
    );
    const own = await other.createCollection(collectionBody());
    // A's NFT id under B's collection: taken, not readable.
    expectErrorShape(await other.call(`/collections/${own.id}/nfts/${nftId}`), 404);
    expectErrorShape(
      await other.call(`/collections/${own.id}/nfts/${nftId}`, { method: 'PUT', body: { recipient: `devnet:${alice}`, metadata: { name: 'Mine' } } }),
      409,
    );
    const action = await server.request(
      `/api/2022-06-09/actions/${(await developerApi(server, a.apiKey).call(`/collections/${collectionId}/nfts/${nftId}`)).body.actionId as string}`,
      {
        headers: { 'x-api-key': b.apiKey },
      },
    );
    expectErrorShape(action, 404);
  });
});
