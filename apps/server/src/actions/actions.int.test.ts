// GET /api/2022-06-09/actions/{id}: the status of an asynchronous operation, for the keys of the project that
// started it. The actions are recorded through the service (as the collection and mint domains do); the deploys
// and mints behind real ones are tested on a devnet in collections/ and nfts/.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let other: ProjectWithKeys;

beforeAll(async () => {
  server = await startTestServer();
  project = await createProjectWithKeys(server, 'Actions');
  other = await createProjectWithKeys(server, 'Someone else');
});
afterAll(() => server?.close());

/** Records a pending collections.create action for `projectId`, as a collection create does. */
async function startAction(projectId: string) {
  const collectionId = randomUUID();
  const row = await server.ctx.db.transaction((tx) =>
    server.services.actions.start(tx, {
      projectId,
      action: 'collections.create',
      resourcePath: `/api/2022-06-09/collections/${collectionId}`,
      data: { collectionId, chain: 'devnet' },
    }),
  );
  return { actionId: row.id, collectionId };
}

describe(`GET /api/2022-06-09/actions/{id} (${testDb})`, () => {
  it('answers 401 without an API key, or with an unknown or a revoked one', async () => {
    const { actionId } = await startAction(project.projectId);
    const none = await server.request(`/api/2022-06-09/actions/${actionId}`);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status_code: 401, error_type: 'invalid_api_key', error_message: 'Missing X-API-KEY header.' });

    const unknown = await developerApi(server, `sk_staging_${'x'.repeat(43)}`).call(`/actions/${actionId}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error_type: 'invalid_api_key', error_message: 'Invalid API key.' });

    const created = await server.services.projects.createApiKey(project.projectId, project.ownerUserId, {
      name: 'Soon revoked',
      environment: 'staging',
      scopes: ['collections.read'],
    });
    expect((await developerApi(server, created.secret).call(`/actions/${actionId}`)).status).toBe(200);
    await server.services.projects.revokeApiKey(project.projectId, project.ownerUserId, created.apiKey.id);
    const revoked = await developerApi(server, created.secret).call(`/actions/${actionId}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error_type).toBe('invalid_api_key');
  });

  it('answers 403 to a key with neither collections.read nor nfts.read, and 200 to either', async () => {
    const { actionId } = await startAction(project.projectId);
    const writeOnly = await developerApi(server, await project.keyWith(['collections.create', 'nfts.create'])).call(`/actions/${actionId}`);
    expect(writeOnly.status).toBe(403);
    expect(writeOnly.body).toMatchObject({ status_code: 403, error_message: expect.stringMatching(/collections\.read/) });
    for (const scope of ['collections.read', 'nfts.read'] as const) {
      expect((await developerApi(server, await project.keyWith([scope])).call(`/actions/${actionId}`)).status, scope).toBe(200);
    }
  });

  it('reports a pending action, then its outcome and data once it completes', async () => {
    const api = developerApi(server, project.apiKey);
    const { actionId, collectionId } = await startAction(project.projectId);
    const pending = await api.call(`/actions/${actionId}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      actionId,
      action: 'collections.create',
      status: 'pending',
      data: { collectionId, chain: 'devnet' },
      startedAt: expect.any(String),
      completedAt: null,
      resource: `${server.url}/api/2022-06-09/collections/${collectionId}`,
    });

    const outcome = { collectionId, chain: 'devnet', contractAddress: `0x${'ab'.repeat(20)}`, txId: `0x${'cd'.repeat(32)}` };
    await server.ctx.db.transaction((tx) => server.services.actions.complete(tx, actionId, 'succeeded', outcome));
    const done = await api.call(`/actions/${actionId}`);
    expect(done.body).toMatchObject({ actionId, status: 'succeeded', data: outcome });
    expect(Date.parse(done.body.completedAt)).toBeGreaterThanOrEqual(Date.parse(done.body.startedAt));

    // A finished action stays as it finished.
    await server.ctx.db.transaction((tx) => server.services.actions.complete(tx, actionId, 'failed', { reason: 'late' }));
    expect((await api.call(`/actions/${actionId}`)).body).toMatchObject({ status: 'succeeded', data: outcome });
  });

  it("answers 404 for another project's action and an unknown id, and 400 for a malformed id", async () => {
    const { actionId } = await startAction(project.projectId);
    const stranger = await developerApi(server, other.apiKey).call(`/actions/${actionId}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ status_code: 404, error_message: 'Action not found.' });
    expect((await developerApi(server, project.apiKey).call(`/actions/${randomUUID()}`)).status).toBe(404);
    const malformed = await developerApi(server, project.apiKey).call('/actions/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_type).toBe('invalid_request');
  });
});
