// The console's collections API (session auth): 401 first, the chains a collection can go on, creating one
// that deploys, the details (metadata and social links with the §5 messages) and branding, and the roles:
// members read, owners and admins change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { eventually } from '../testing/webhooks.ts';

let server: TestServer;
let project: ProjectWithKeys;
let owner: string;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Console');
  owner = await server.signIn(project.ownerEmail);
});
afterAll(() => server?.close());

const someId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe(`console collections (${testDb})`, () => {
  it('answers 401 without a session', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/console/chains'],
      ['GET', `/api/v1-alpha1/collections?projectId=${someId}`],
      ['POST', '/api/v1-alpha1/collections', { projectId: someId, ...collectionBody() }],
      ['GET', `/api/console/collections/${someId}`],
      ['PATCH', `/api/console/collections/${someId}`, { socialLinks: {} }],
      ['PUT', `/api/console/collections/${someId}/branding`, {}],
    ] as const) {
      const res = await server.request(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lists the chains this server deploys on, naming the devnet as a local chain without an explorer', async () => {
    const res = await server.request('/api/console/chains', { cookie: owner });
    expect(res.body.chains).toEqual([{ chain: 'devnet', chainId: 31337, chainName: 'Local devnet', chainKind: 'local', explorerUrl: null }]);
  });

  it('creates a collection that deploys, and shows its contract, links and counts', async () => {
    const created = await server.request('/api/v1-alpha1/collections', {
      method: 'POST',
      cookie: owner,
      body: { projectId: project.projectId, ...collectionBody() },
    });
    expect(created.status).toBe(201);
    const id = created.body.collection.id as string;
    expect(created.body.collection).toMatchObject({ projectId: project.projectId, onChain: { status: 'pending' }, templates: 0 });
    const done = await eventually(async () => {
      const res = await server.request(`/api/console/collections/${id}`, { cookie: owner });
      return res.body.collection.onChain.status === 'success' ? res.body.collection : undefined;
    });
    expect(done.deploy).toMatchObject({
      chainName: 'Local devnet',
      chainKind: 'local',
      explorerUrl: null,
      error: null,
      baseUri: `${server.url}/api/metadata/${id}/`,
      contractUri: `${server.url}/api/metadata/${id}/contract`,
    });
    expect(Date.parse(done.deploy.deployedAt as string)).not.toBeNaN();
    expect(done.imagePreviewUrl).toBe('https://cdn.example.com/gold.png');
    const list = await server.request(`/api/v1-alpha1/collections?projectId=${project.projectId}&perPage=1`, { cookie: owner });
    expect(list.body).toMatchObject({ page: 1, perPage: 1, total: 1 });
    expect(list.body.collections[0].id).toBe(id);
  });

  it('edits details and branding with the §5 messages', async () => {
    const id = (
      await server.request('/api/v1-alpha1/collections', { method: 'POST', cookie: owner, body: { projectId: project.projectId, ...collectionBody() } })
    ).body.collection.id as string;
    const patch = (body: unknown) => server.request(`/api/console/collections/${id}`, { method: 'PATCH', cookie: owner, body });
    const bad = await patch({ metadata: { name: '', description: ' ' }, socialLinks: { twitter: 'no', website: 'notaurl', discord: 'discord' } });
    expect(bad.status).toBe(400);
    for (const message of ['Name cannot be empty', 'Description cannot be empty', 'Please enter a valid Twitter/X handle', 'Invalid URL']) {
      expect(bad.body.error_message).toContain(message);
    }
    const good = await patch({
      metadata: { name: 'Silver Tickets' },
      socialLinks: { twitter: 'https://x.com/keepsake_hq', website: 'http://tickets.example.com', discord: '' },
    });
    expect(good.status).toBe(200);
    expect(good.body.collection.metadata.name).toBe('Silver Tickets');
    expect(good.body.collection.socialLinks).toEqual({ twitter: 'keepsake_hq', website: 'https://tickets.example.com/', discord: '' });

    const branding = (body: unknown) => server.request(`/api/console/collections/${id}/branding`, { method: 'PUT', cookie: owner, body });
    expect((await branding({ primaryColor: 'blue' })).body.error_message).toContain('Colors are written #RRGGBB');
    const branded = await branding({ bannerUrl: 'https://cdn.example.com/banner.png', primaryColor: '#4F46E5', backgroundColor: '#ffffff' });
    expect(branded.body.collection.branding).toEqual({ bannerUrl: 'https://cdn.example.com/banner.png', primaryColor: '#4f46e5', backgroundColor: '#ffffff' });
  });

  it('lets developers read but not create or change collections', async () => {
    const email = `dev.${crypto.randomUUID()}@example.com`;
    await server.services.projects.addMember(project.projectId, project.ownerUserId, email, 'developer');
    const developer = await server.signIn(email);
    const list = await server.request(`/api/v1-alpha1/collections?projectId=${project.projectId}`, { cookie: developer });
    expect(list.status).toBe(200);
    const id = list.body.collections[0].id as string;
    expect((await server.request(`/api/console/collections/${id}`, { cookie: developer })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/v1-alpha1/collections', { projectId: project.projectId, ...collectionBody() }],
      ['PATCH', `/api/console/collections/${id}`, { socialLinks: { twitter: 'keepsake' } }],
      ['PUT', `/api/console/collections/${id}/branding`, { primaryColor: '#000000' }],
    ] as const) {
      const res = await server.request(path, { method, body, cookie: developer });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});
