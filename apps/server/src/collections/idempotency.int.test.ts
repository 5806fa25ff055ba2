// x-idempotency-key on the developer API's POSTs (ARCHITECTURE.md "Idempotency"): a replay gets the stored
// response and creates nothing; the key with another request is refused; a duplicate fired at the same moment
// (truly concurrent on PostgreSQL) settles on the primary key: one collection, the same answer twice.
import { count, eq } from 'drizzle-orm';
import { collections, idempotencyKeys } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Idempotency');
  api = developerApi(server, project.apiKey);
});
afterAll(() => server?.close());

async function collectionCount(projectId: string): Promise<number> {
  const [row] = await server.ctx.db.select({ n: count() }).from(collections).where(eq(collections.projectId, projectId));
  return row!.n;
}

const post = (key: string | undefined, body: unknown, path = '/collections') =>
  api.call(path, { method: 'POST', body, headers: key === undefined ? {} : { 'x-idempotency-key': key } });

describe(`x-idempotency-key (${testDb})`, () => {
  it('replays the stored response to a repeated request and creates nothing more', async () => {
    const before = await collectionCount(project.projectId);
    const key = crypto.randomUUID();
    const first = await post(key, collectionBody());
    expect(first.status).toBe(201);
    const replay = await post(key, collectionBody());
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await collectionCount(project.projectId)).toBe(before + 1);
    // Without a key, the same body is a new collection.
    expect((await post(undefined, collectionBody())).body.id).not.toBe(first.body.id);
    expect(await collectionCount(project.projectId)).toBe(before + 2);
  });

  it('refuses the key with another body or on another route, and keeps keys per project', async () => {
    const key = crypto.randomUUID();
    const first = await post(key, collectionBody({ metadata: { name: 'One', description: 'd' } }));
    expect(first.status).toBe(201);
    const other = await post(key, collectionBody({ metadata: { name: 'Two', description: 'd' } }));
    expect(other.status).toBe(409);
    expect(other.body.error_type).toBe('idempotency_key_reused');
    const semi = await api.createCollection(collectionBody({ fungibility: 'semi-fungible' }));
    const elsewhere = await post(key, { metadata: { name: 'Badge' } }, `/collections/${semi.id}/templates`);
    expect(elsewhere.status).toBe(409);
    // Another project may use the same key for its own request.
    const stranger = developerApi(server, (await createProjectWithKeys(server, 'Stranger')).apiKey);
    const theirs = await stranger.call('/collections', { method: 'POST', body: collectionBody(), headers: { 'x-idempotency-key': key } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('keeps no key when the request fails, so the client can retry with it', async () => {
    const key = crypto.randomUUID();
    const failed = await post(key, collectionBody({ chain: 'base' }));
    expect(failed.status).toBe(400);
    const [stored] = await server.ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored!.n).toBe(0);
    expect((await post(key, collectionBody())).status).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const res = await post('x'.repeat(256), collectionBody());
    expect(res.status).toBe(400);
    expect(res.body.error_message).toContain('x-idempotency-key');
  });

  it('settles duplicates fired at the same moment: one collection, one template, the same answers', async () => {
    const own = await createProjectWithKeys(server, 'Concurrent');
    const concurrent = developerApi(server, own.apiKey);
    const key = crypto.randomUUID();
    const body = collectionBody({ metadata: { name: 'Race', description: 'Fired twice' } });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => concurrent.call('/collections', { method: 'POST', body, headers: { 'x-idempotency-key': key } })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await collectionCount(own.projectId)).toBe(1);

    const semi = await concurrent.createCollection(collectionBody({ fungibility: 'semi-fungible' }));
    const templateKey = crypto.randomUUID();
    const templates = await Promise.all(
      Array.from({ length: 3 }, () =>
        concurrent.call(`/collections/${semi.id}/templates`, {
          method: 'POST',
          body: { metadata: { name: 'Pin' } },
          headers: { 'x-idempotency-key': templateKey },
        }),
      ),
    );
    expect(new Set(templates.map((t) => `${t.status} ${t.body.templateId}`)).size).toBe(1);
    expect((await concurrent.call(`/collections/${semi.id}/templates`)).body.results).toHaveLength(1);
    // The deploy queued once runs to the end.
    expect((await concurrent.settled(answers[0]!.body.actionId as string)).action.status).toBe('succeeded');
  });
});
