// issue 10 §7 "Only what is real is offered": a scope is offered only when some route requires it, and keys
// created before a scope was withdrawn keep it (ADR 083).
import { and, eq } from 'drizzle-orm';
import { apiKeys } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { allScopes } from './scopes.ts';

let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner.scopes@example.com');
});
afterAll(() => server?.close());

/** The scopes named by every route's `config.auth`, read from a freshly built app. */
async function requiredScopes(): Promise<Set<string>> {
  const app = await buildApp(server.ctx, server.services);
  try {
    await app.ready();
    const scopes = app.routeAuth.flatMap(({ auth }) => (auth.kind === 'apiKey' ? [auth.scope].flat() : []));
    return new Set(scopes);
  } finally {
    await app.close();
  }
}

describe('API key scopes (issue 10: only what is real is offered)', () => {
  it('offers exactly the scopes that some route requires', async () => {
    const required = await requiredScopes();
    expect(required.size).toBeGreaterThan(0);
    expect([...allScopes].sort()).toEqual([...required].sort());
    const res = await server.request('/api/console/scopes', { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.scopes.map((s: { name: string }) => s.name).sort()).toEqual([...required].sort());
  });

  it('refuses a new key with a withdrawn scope', async () => {
    const project = (await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Withdrawn scopes' } })).body.project;
    for (const scope of ['payouts.create', 'payouts.read']) {
      const res = await server.request(`/api/console/projects/${project.id}/apiKeys`, {
        method: 'POST',
        cookie: owner,
        body: { name: 'k', environment: 'staging', scopes: ['collections.read', scope] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ error_type: 'invalid_request', error_message: expect.stringContaining('each scope must be one of') });
      expect(res.body.error_message).not.toContain('payouts.');
    }
    expect((await server.request(`/api/console/projects/${project.id}/apiKeys`, { cookie: owner })).body.apiKeys).toEqual([]);
  });

  it('keeps a withdrawn scope on a key that holds it: shown, granting nothing, the other scopes still working', async () => {
    const project = await createProjectWithKeys(server, 'Stored scopes');
    const secret = await project.keyWith(['collections.read']);
    // A key made with scopes no route checks (payouts come with a later slice of issue 14).
    await server.ctx.db
      .update(apiKeys)
      .set({ scopes: ['collections.read', 'payouts.create', 'payouts.read'] })
      .where(and(eq(apiKeys.projectId, project.projectId), eq(apiKeys.name, 'collections.read')));
    const ownerCookie = await server.signIn(project.ownerEmail);
    const listed = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, { cookie: ownerCookie });
    expect(listed.status).toBe(200);
    expect(listed.body.apiKeys.map((k: { scopes: string[] }) => k.scopes)).toContainEqual(['collections.read', 'payouts.create', 'payouts.read']);
    const read = await server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': secret } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const write = await server.request('/api/2022-06-09/collections', {
      method: 'POST',
      headers: { 'x-api-key': secret, 'x-idempotency-key': crypto.randomUUID() },
      body: { chain: 'devnet', metadata: { name: 'x', description: 'y' } },
    });
    expect(write.status).toBe(403);
  });
});
