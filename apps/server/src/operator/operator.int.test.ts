// The operator endpoints the CLI calls while the server holds the embedded database (Bearer = the operator secret
// in the data directory). The CLI's own path through them is tested with real processes in platform/.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { projects } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let bearer: string;

beforeAll(async () => {
  server = await startTestServer();
  bearer = `Bearer ${server.ctx.operatorSecret}`;
});
afterAll(() => server?.close());

const create = (body: unknown, authorization?: string) =>
  server.request('/api/operator/projects', { method: 'POST', body, headers: authorization ? { authorization } : {} });
const update = (id: string, body: unknown, authorization?: string) =>
  server.request(`/api/operator/projects/${id}`, { method: 'PATCH', body, headers: authorization ? { authorization } : {} });

describe(`operator projects (${testDb})`, () => {
  it('answers 401 without the operator secret, or with a wrong one or another scheme', async () => {
    const wrongs = [undefined, 'Bearer wrong', `Bearer ${server.ctx.operatorSecret}x`, `Basic ${server.ctx.operatorSecret}`, server.ctx.operatorSecret];
    for (const authorization of wrongs) {
      const created = await create({ ownerEmail: 'op.owner@example.com', name: 'Nope' }, authorization);
      expect(created.status, String(authorization)).toBe(401);
      expect(created.body).toMatchObject({ status_code: 401, error_type: 'unauthorized', error_message: 'Operator credentials are missing or wrong.' });
      expect((await update(randomUUID(), { allowedOrigins: [] }, authorization)).status).toBe(401);
    }
    // Nothing was made.
    expect(await server.ctx.db.select().from(projects).where(eq(projects.name, 'Nope'))).toEqual([]);
  });

  it('creates a project owned by the email, with a staging key that holds every scope, and answers it once', async () => {
    const res = await create({ ownerEmail: 'op.creator@example.com', name: 'Operated', allowedOrigins: ['https://app.example.com'] }, bearer);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      projectId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      publicToken: expect.stringMatching(/^public-token-test-/),
      apiKey: expect.stringMatching(/^sk_staging_/),
    });
    // The key works on the developer API, and the project answers its public token from the allowed origin.
    const collections = await server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': res.body.apiKey } });
    expect(collections.status).toBe(200);
    const bootstrap = await server.request(`/sdk/v1/projects/bootstrap/${res.body.publicToken}`, { headers: { origin: 'https://app.example.com' } });
    expect(bootstrap.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('replaces the allowed origins of a project, and answers 404 for an unknown one', async () => {
    const { body } = await create({ ownerEmail: 'op.origins@example.com', name: 'Origins' }, bearer);
    const res = await update(body.projectId, { allowedOrigins: ['https://b.example.com'] }, bearer);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ projectId: body.projectId, allowedOrigins: ['https://b.example.com'] });
    expect((await update(randomUUID(), { allowedOrigins: [] }, bearer)).status).toBe(404);
  });

  it('answers bad bodies with 400 in the spec shape', async () => {
    for (const bad of [
      {},
      { ownerEmail: 'not-an-email', name: 'X' },
      { ownerEmail: 'op.bad@example.com', name: '' },
      { ownerEmail: 'op.bad@example.com', name: 'X', allowedOrigins: ['nope'] },
    ]) {
      const res = await create(bad, bearer);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, error_type: expect.any(String), error_message: expect.any(String) });
    }
    expect((await update('not-a-uuid', { allowedOrigins: [] }, bearer)).status).toBe(400);
  });
});
