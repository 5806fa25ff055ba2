// Issue 13 §7: a project's connected apps (OIDC clients) through /api/console/projects/{id}/connected-apps. A
// confidential app's secret is answered once and stored as a hash; members read, owners and admins change; another
// project's apps are never reachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { dumpTable, expectSdkError } from '../testing/sdk.ts';

let server: TestServer;
let owner: string;
let developer: string;
let stranger: string;
let projectId: string;
let strangerProjectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, developer, stranger] = await Promise.all([
    server.signIn('owner.apps@example.com'),
    server.signIn('dev.apps@example.com'),
    server.signIn('stranger.apps@example.com'),
  ]);
  projectId = (await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Connected apps' } })).body.project.id;
  strangerProjectId = (await server.request('/api/console/projects', { method: 'POST', cookie: stranger, body: { name: 'Elsewhere' } })).body.project.id;
  const added = await server.request('/api/console/projects/members', {
    method: 'POST',
    cookie: owner,
    body: { projectId, email: 'dev.apps@example.com', role: 'developer' },
  });
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

const path = (id = projectId, clientId = '') => `/api/console/projects/${id}/connected-apps${clientId ? `/${clientId}` : ''}`;

describe('/api/console/projects/{id}/connected-apps', () => {
  it('creates a confidential app with default scopes; its secret is answered once and never stored or listed', async () => {
    const created = await server.request(path(), {
      method: 'POST',
      cookie: owner,
      body: {
        clientName: ' Partner portal ',
        clientType: 'third_party',
        clientAuth: 'confidential',
        redirectUris: ['https://partner.example.com/cb', 'https://partner.example.com/cb'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { app, clientSecret } = created.body;
    expect(app).toEqual(
      expect.objectContaining({
        clientName: 'Partner portal',
        clientType: 'third_party',
        clientAuth: 'confidential',
        redirectUris: ['https://partner.example.com/cb'],
        postLogoutRedirectUris: [],
        scopes: ['openid', 'profile', 'email'],
        clientSecretHint: clientSecret.slice(-4),
      }),
    );
    expect(app.clientId).toMatch(/^connected-app-/);
    expect(await dumpTable(server, 'idp_clients')).not.toContain(clientSecret);
    const list = await server.request(path(), { cookie: developer });
    expect(list.status).toBe(200);
    expect(list.body.apps).toEqual([app]);
    expect(JSON.stringify(list.body)).not.toContain(clientSecret);
    expect(list.body.identityProvider).toEqual({
      issuer: `${server.url}/v1/public/${projectId}`,
      discoveryUrl: `${server.url}/v1/public/${projectId}/.well-known/openid-configuration`,
      authorizationUrl: null,
    });
  });

  it('creates a public app without a secret, changes its redirect URIs and scopes, and removes it', async () => {
    const created = await server.request(path(), {
      method: 'POST',
      cookie: owner,
      body: {
        clientName: 'SPA',
        clientType: 'first_party',
        clientAuth: 'public',
        redirectUris: ['http://localhost:5173/cb'],
        scopes: ['offline_access', 'openid'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.clientSecret).toBeNull();
    expect(created.body.app.scopes).toEqual(['openid', 'offline_access']);
    const clientId = created.body.app.clientId;
    const changed = await server.request(path(projectId, clientId), {
      method: 'PATCH',
      cookie: owner,
      body: { redirectUris: ['https://spa.example.com/cb'], scopes: ['openid', 'phone'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual(expect.objectContaining({ clientName: 'SPA', redirectUris: ['https://spa.example.com/cb'], scopes: ['openid', 'phone'] }));
    expect((await server.request(path(projectId, clientId), { method: 'DELETE', cookie: owner })).body).toEqual({ deleted: true });
    expectSdkError(await server.request(path(projectId, clientId), { method: 'DELETE', cookie: owner }), 404, 'oidc_client_not_found');
  });

  it('sets the authorization URL (owners and admins)', async () => {
    const url = `/api/console/projects/${projectId}/identity-provider`;
    const set = await server.request(url, { method: 'PUT', cookie: owner, body: { authorizationUrl: 'https://app.example.com/authorize' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.authorizationUrl).toBe('https://app.example.com/authorize');
    expectSdkError(await server.request(url, { method: 'PUT', cookie: developer, body: { authorizationUrl: null } }), 403);
    expectSdkError(await server.request(url, { method: 'PUT', cookie: owner, body: { authorizationUrl: 'http://app.example.com/authorize' } }), 400);
    const discovery = await server.request(`/v1/public/${projectId}/.well-known/openid-configuration`);
    expect(discovery.body.authorization_endpoint).toBe('https://app.example.com/authorize');
  });

  it('refuses bad input, other roles and other projects', async () => {
    const body = { clientName: 'X', clientType: 'first_party', clientAuth: 'public', redirectUris: ['https://x.example.com/cb'] };
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, redirectUris: [] } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, redirectUris: ['javascript:alert(1)'] } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, redirectUris: ['https://x.example.com/cb#frag'] } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, scopes: ['admin'] } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, clientType: 'partner' } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: owner, body: { ...body, clientName: '   ' } }), 400);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: developer, body }), 403);
    expectSdkError(await server.request(path(), { cookie: stranger }), 404);
    expectSdkError(await server.request(path(), { method: 'POST', cookie: stranger, body }), 404);
    expectSdkError(await server.request(path()), 401, 'unauthorized');

    // The stranger's own project cannot reach this project's app by its client id.
    const mine = (await server.request(path(), { method: 'POST', cookie: owner, body })).body.app.clientId;
    expectSdkError(
      await server.request(path(strangerProjectId, mine), { method: 'PATCH', cookie: stranger, body: { clientName: 'taken' } }),
      404,
      'oidc_client_not_found',
    );
    expectSdkError(await server.request(path(strangerProjectId, mine), { method: 'DELETE', cookie: stranger }), 404, 'oidc_client_not_found');
    expect((await server.request(path(), { cookie: owner })).body.apps.map((a: { clientId: string }) => a.clientId)).toContain(mine);
  });
});
