// Tenant isolation: project B's API key and B's console members never read or change project A's
// collections, templates or actions. Everything of A's is "not found" to B (404, never 403), on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let a: ProjectWithKeys;
let b: ProjectWithKeys;
let nft: { id: string; actionId: string };
let semi: { id: string; actionId: string };
let templateId: string;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  [a, b] = [await createProjectWithKeys(server, 'A'), await createProjectWithKeys(server, 'B')];
  const apiA = developerApi(server, a.apiKey);
  nft = await apiA.createCollection(collectionBody({ metadata: { name: 'Secret A', description: 'Only A' } }));
  semi = await apiA.createCollection(collectionBody({ fungibility: 'semi-fungible', metadata: { name: 'Semi A', description: 'Only A' } }));
  templateId = (await apiA.call(`/collections/${semi.id}/templates`, { method: 'POST', body: { metadata: { name: 'A pin' } } })).body.templateId as string;
  await apiA.settled(nft.actionId);
});
afterAll(() => server?.close());

describe(`tenant isolation (${testDb})`, () => {
  it("answers 404 to another project's key on every developer route that names A's resources", async () => {
    const apiB = developerApi(server, b.apiKey);
    const cases: Array<[string, string, unknown?]> = [
      ['GET', `/collections/${nft.id}`],
      ['PATCH', `/collections/${nft.id}`, { metadata: { name: 'Taken over' }, supplyLimit: 1, payments: null }],
      ['POST', `/collections/${semi.id}/templates`, { metadata: { name: 'Injected' } }],
      ['GET', `/collections/${semi.id}/templates`],
      ['GET', `/collections/${semi.id}/templates/${templateId}`],
      ['GET', `/actions/${nft.actionId}`],
      ['GET', `/actions/${semi.actionId}`],
    ];
    for (const [method, path, body] of cases) {
      const res = await apiB.call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error_type).toBe('not_found');
      expect(JSON.stringify(res.body)).not.toContain('Secret A');
    }
    // PUT under A's id creates nothing for B and changes nothing of A's (the id is simply taken).
    const put = await apiB.call(`/collections/${nft.id}`, { method: 'PUT', body: collectionBody({ metadata: { name: 'Mine now', description: 'B' } }) });
    expect(put.status).toBe(409);
    expect(JSON.stringify(put.body)).not.toContain('Secret A');
    expect((await apiB.call('/collections?perPage=100')).body.results).toEqual([]);

    const apiA = developerApi(server, a.apiKey);
    const still = await apiA.call(`/collections/${nft.id}`);
    expect(still.body.metadata.name).toBe('Secret A');
    expect(still.body.supplyLimit).toBeNull();
    expect((await apiA.call(`/collections/${semi.id}/templates`)).body.results.map((t: { metadata: { name: string } }) => t.metadata.name)).toEqual(['A pin']);
  });

  it("answers 404 to another project's console members", async () => {
    const cookie = await server.signIn(b.ownerEmail);
    const call = (path: string, method = 'GET', body?: unknown) => server.request(path, { method, body, cookie });
    const cases: Array<[string, string, unknown?]> = [
      ['GET', `/api/console/collections/${nft.id}`],
      ['PATCH', `/api/console/collections/${nft.id}`, { socialLinks: { website: 'https://evil.example.com' } }],
      ['PUT', `/api/console/collections/${nft.id}/branding`, { primaryColor: '#000000' }],
      ['GET', `/api/v1-alpha1/collections?projectId=${a.projectId}`],
      ['POST', '/api/v1-alpha1/collections', { projectId: a.projectId, ...collectionBody() }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(path, method, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Secret A');
    }
    const ownerA = await server.signIn(a.ownerEmail);
    const seen = await server.request(`/api/console/collections/${nft.id}`, { cookie: ownerA });
    expect(seen.body.collection.socialLinks.website).toBe('');
    expect(seen.body.collection.branding.primaryColor).toBe('');
  });
});
