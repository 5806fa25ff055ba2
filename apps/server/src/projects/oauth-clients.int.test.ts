// issue 12 (OAuth, console): a project's client per provider through /api/console/projects/{id}/oauth-providers.
// The secret is sealed when saved and never shown again; only owners and admins change clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { dumpTable, expectSdkError } from '../testing/sdk.ts';

let server: TestServer;
let owner: string;
let developer: string;
let stranger: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, developer, stranger] = await Promise.all([
    server.signIn('owner.oauth@example.com'),
    server.signIn('dev.oauth@example.com'),
    server.signIn('stranger.oauth@example.com'),
  ]);
  const created = await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'OAuth clients' } });
  projectId = created.body.project.id;
  const added = await server.request('/api/console/projects/members', {
    method: 'POST',
    cookie: owner,
    body: { projectId, email: 'dev.oauth@example.com', role: 'developer' },
  });
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

const path = (provider = '') => `/api/console/projects/${projectId}/oauth-providers${provider ? `/${provider}` : ''}`;
const secret = 'github-client-secret-never-shown-again';

describe('/api/console/projects/{id}/oauth-providers', () => {
  it('saves a client with its secret sealed, lists it without the secret, keeps the secret when none is sent', async () => {
    const saved = await server.request(path('github'), {
      method: 'PUT',
      cookie: owner,
      body: { clientId: 'gh-client', clientSecret: secret, customScopes: ['read:user', 'read:user'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual(
      expect.objectContaining({ providerType: 'github', clientId: 'gh-client', customScopes: ['read:user'], enabled: true, clientSecretSet: true }),
    );
    expect(JSON.stringify(saved.body)).not.toContain(secret);
    expect(await dumpTable(server, 'auth_oauth_providers')).not.toContain(secret);

    const changed = await server.request(path('github'), { method: 'PUT', cookie: owner, body: { clientId: 'gh-client-2', enabled: false } });
    expect(changed.status).toBe(200);
    const list = await server.request(path(), { cookie: developer });
    expect(list.status).toBe(200);
    expect(list.body.redirectUri).toMatch(/\/v1\/public\/oauth\/callback$/);
    expect(list.body.clients).toEqual([expect.objectContaining({ providerType: 'github', clientId: 'gh-client-2', enabled: false, customScopes: [] })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('needs a secret the first time, a known provider, and an owner or admin to change anything', async () => {
    expectSdkError(await server.request(path('gitlab'), { method: 'PUT', cookie: owner, body: { clientId: 'gl' } }), 404, 'oauth_config_not_found');
    expectSdkError(await server.request(path('myspace'), { method: 'PUT', cookie: owner, body: { clientId: 'x', clientSecret: 'y' } }), 400);
    expectSdkError(await server.request(path('google'), { method: 'PUT', cookie: owner, body: { clientId: '', clientSecret: 'y' } }), 400);
    expectSdkError(await server.request(path('google'), { method: 'PUT', cookie: developer, body: { clientId: 'g', clientSecret: 'y' } }), 403);
    expectSdkError(await server.request(path(), { cookie: stranger }), 404);
    expectSdkError(await server.request(path()), 401, 'unauthorized');
  });

  it('removes a client', async () => {
    await server.request(path('discord'), { method: 'PUT', cookie: owner, body: { clientId: 'd', clientSecret: 'dsecret' } });
    expect((await server.request(path('discord'), { method: 'DELETE', cookie: owner })).body).toEqual({ deleted: true });
    expectSdkError(await server.request(path('discord'), { method: 'DELETE', cookie: owner }), 404, 'oauth_config_not_found');
    const list = await server.request(path(), { cookie: owner });
    expect(list.body.clients.map((c: { providerType: string }) => c.providerType)).toEqual(['github']);
  });
});
