// Issue 14 item 7: client-side keys. A `ck_…` key is made in the console, stored hashed, works only from the
// project's allowed origins and only creates orders; the order's client secret then reads that order alone.
import { apiKeys, orders } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../platform/secrets.ts';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let owner: string;
let collectionId: string;
let clientKey: string;
const shop = 'https://shop.example';
const buyer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const someId = '0f8fad5b-d9cb-469f-a165-70867728950e';

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Storefront');
  owner = await server.signIn(project.ownerEmail);
  await server.services.projects.operatorUpdateProject(project.projectId, { allowedOrigins: [shop] });
  const api = developerApi(server, project.apiKey);
  const payments = { price: '5', currency: 'usd', recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' };
  const created = await api.createCollection(collectionBody({ payments }));
  await api.settled(created.actionId);
  collectionId = created.id;
}, 120_000);
afterAll(() => server?.close());

const orderBody = () => ({
  recipient: { walletAddress: buyer },
  locale: 'en-US',
  payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer },
  lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1 } },
});
const countOrders = async () => (await server.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.projectId, project.projectId))).length;
let ordersBefore = 0;
const withKey = (key: string, origin?: string) => ({ 'x-api-key': key, ...(origin ? { origin } : {}) });

describe(`client-side keys (${testDb})`, () => {
  it('are made in the console with the orders.create scope only, and stored hashed', async () => {
    const refused = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, {
      method: 'POST',
      cookie: owner,
      body: { name: 'Shop page', type: 'client', environment: 'staging', scopes: ['orders.create', 'orders.read'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toMatch('A client-side key can only hold the orders.create scope');
    const res = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, {
      method: 'POST',
      cookie: owner,
      body: { name: 'Shop page', type: 'client', environment: 'staging', scopes: ['orders.create'] },
    });
    expect(res.status).toBe(201);
    clientKey = res.body.secret;
    expect(clientKey).toMatch(/^ck_staging_[A-Za-z0-9_-]{40,}$/);
    expect(res.body.apiKey).toMatchObject({ type: 'client', environment: 'staging', scopes: ['orders.create'], prefix: clientKey.slice(0, 17) });
    const [row] = await server.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, res.body.apiKey.id));
    expect(row!.secretHash).toBe(sha256Hex(clientKey));
    expect(JSON.stringify(row)).not.toContain(clientKey);
    const listed = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, { cookie: owner });
    expect(listed.body.apiKeys.map((key: { type: string }) => key.type).sort()).toEqual(['client', 'server']);
  });

  it("create orders from the project's allowed origins, and the client secret reads that order", async () => {
    const preflight = await server.request('/api/2022-06-09/orders', { method: 'OPTIONS', headers: { origin: shop, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
    const res = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(clientKey, shop), body: orderBody() });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(shop);
    const read = await server.request(`/api/2022-06-09/orders/${res.body.order.orderId}`, { headers: { authorization: res.body.clientSecret, origin: shop } });
    expect(read.status).toBe(200);
    expect(read.body.orderId).toBe(res.body.order.orderId);
    expect(read.headers.get('access-control-allow-origin')).toBe(shop);
    // A test project also admits http://localhost, as the auth service does.
    const local = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(clientKey, 'http://localhost:5173'), body: orderBody() });
    expect(local.status).toBe(201);
  });

  it('are refused without an Origin or from another origin', async () => {
    ordersBefore = await countOrders();
    for (const origin of [undefined, 'https://evil.example', 'https://shop.example.evil.example']) {
      const res = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(clientKey, origin), body: orderBody() });
      expect(res.status, String(origin)).toBe(403);
      expect(res.body).toMatchObject({ error_type: 'invalid_origin', error_message: "A client-side key works only from the project's allowed origins." });
      // The page may read why (CORS on the refusal), still without cookies; a server-side call gets no CORS.
      expect(res.headers.get('access-control-allow-origin'), String(origin)).toBe(origin ?? null);
      expect(res.headers.get('access-control-allow-credentials'), String(origin)).toBeNull();
    }
    expect(await countOrders()).toBe(ordersBefore);
  });

  it("answer a page's refused order calls with CORS, so the browser can read the error", async () => {
    const unknownKey = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey('ck_staging_nope', shop), body: orderBody() });
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.body.error_message).toBe('Invalid API key.');
    expect(unknownKey.headers.get('access-control-allow-origin')).toBe(shop);
    const noKey = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: { origin: shop }, body: orderBody() });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('access-control-allow-origin')).toBe(shop);
    const badBody = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(clientKey, shop), body: { ...orderBody(), locale: 7 } });
    expect(badBody.status).toBe(400);
    expect(badBody.headers.get('access-control-allow-origin')).toBe(shop);
    const wrongSecret = await server.request(`/api/2022-06-09/orders/${someId}`, { headers: { authorization: 'not-the-secret', origin: shop } });
    expect(wrongSecret.status).toBe(404);
    expect(wrongSecret.headers.get('access-control-allow-origin')).toBe(shop);
    // Other routes are not for pages: a ck_ key's refusal there has no CORS, and a server key's success none either.
    const elsewhere = await server.request(`/api/2022-06-09/collections/${collectionId}`, { headers: withKey(clientKey, shop) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const serverKey = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(project.apiKey, shop), body: orderBody() });
    expect(serverKey.status).toBe(201);
    expect(serverKey.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('cannot call any other route, even from an allowed origin', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/2022-06-09/orders'],
      ['GET', `/api/2022-06-09/orders/${someId}`],
      ['PATCH', `/api/2022-06-09/orders/${someId}`, { locale: 'fr-FR' }],
      ['GET', `/api/2022-06-09/collections/${collectionId}`],
      ['POST', '/api/2022-06-09/collections', collectionBody()],
      ['GET', `/api/2022-06-09/actions/${someId}`],
      ['GET', `/api/2025-06-09/wallets/devnet:${buyer}`],
    ] as const) {
      const res = await server.request(path, { method, headers: withKey(clientKey, shop), body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error_message, `${method} ${path}`).toMatch(/^A client-side key \(ck_…\) can only create orders/);
    }
  });

  it('stop working once revoked', async () => {
    const listed = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, { cookie: owner });
    const id = listed.body.apiKeys.find((key: { type: string }) => key.type === 'client').id;
    const revoked = await server.request(`/api/console/projects/${project.projectId}/apiKeys?keyId=${id}`, { method: 'DELETE', cookie: owner });
    expect(revoked.status).toBe(200);
    const res = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: withKey(clientKey, shop), body: orderBody() });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(shop);
  });
});
