// The console API for webhook endpoints: sessions, roles, validation, the URL policy in dev mode and how the
// signing secret is kept.
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { webhookClient } from '../testing/webhooks.ts';
import { webhookEventTypes } from '@keepsake/wire/console/webhooks';

let server: TestServer;
let owner: ReturnType<typeof webhookClient>;
let admin: ReturnType<typeof webhookClient>;
let developer: ReturnType<typeof webhookClient>;
let stranger: ReturnType<typeof webhookClient>;
let projectId: string;

const hookUrl = 'http://localhost:4999/hooks';

beforeAll(async () => {
  server = await startTestServer();
  const [o, a, d, s] = await Promise.all(
    ['owner.hooks@example.com', 'admin.hooks@example.com', 'dev.hooks@example.com', 'stranger.hooks@example.com'].map((email) => server.signIn(email)),
  );
  [owner, admin, developer, stranger] = [o!, a!, d!, s!].map((cookie) => webhookClient(server, cookie)) as [
    typeof owner,
    typeof owner,
    typeof owner,
    typeof owner,
  ];
  projectId = await owner.createProject('Hooks');
  for (const [email, role] of [
    ['admin.hooks@example.com', 'admin'],
    ['dev.hooks@example.com', 'developer'],
  ]) {
    const added = await owner.call('/api/console/projects/members', { method: 'POST', body: { projectId, email, role } });
    expect(added.status).toBe(201);
  }
});
afterAll(() => server?.close());

function expectError(res: { status: number; body: any }, status: number, type: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ status_code: status, error_type: type, ...(message ? { error_message: message } : {}) });
}

const endpointsPath = () => `/api/console/projects/${projectId}/webhooks`;

describe('webhook console routes without a session', () => {
  it('answer 401 unauthorized on every route, with no cookie or an unknown one', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const base = `/api/console/projects/${id}/webhooks`;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/console/webhooks/event-types'],
      ['GET', base],
      ['POST', base, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] }],
      ['GET', `${base}/${id}`],
      ['PATCH', `${base}/${id}`, { enabled: false }],
      ['DELETE', `${base}/${id}`],
      ['GET', `${base}/${id}/secret`],
      ['POST', `${base}/${id}/secret/rotate`],
      ['GET', `${base}/${id}/attempts`],
      ['POST', `${base}/${id}/resend`, { messageId: `msg_${'0'.repeat(32)}` }],
      ['POST', `${base}/${id}/test`, { eventType: 'nfts.create.succeeded' }],
    ];
    for (const [method, path, body] of routes) {
      for (const cookie of [undefined, 'keepsake_session=forged-token']) {
        const res = await server.request(path, { method, body, ...(cookie ? { cookie } : {}) });
        expectError(res, 401, 'unauthorized');
      }
    }
  });
});

describe('endpoints', () => {
  it('lists the event types that Keepsake publishes, with descriptions, and no other (issue 10)', async () => {
    const res = await developer.call('/api/console/webhooks/event-types');
    expect(res.status).toBe(200);
    const names = res.body.eventTypes.map((e: { name: string }) => e.name);
    expect(names).toEqual(webhookEventTypes);
    for (const e of res.body.eventTypes) expect(e.description.length).toBeGreaterThan(0);
  });

  it('creates, lists, reads, updates, disables and deletes an endpoint', async () => {
    const empty = await owner.call(endpointsPath());
    expect(empty.status).toBe(200);
    expect(empty.body.endpoints).toEqual([]);

    const created = await owner.call(endpointsPath(), {
      method: 'POST',
      body: { url: ` ${hookUrl} `, description: ' Orders service ', eventTypes: ['nfts.create.succeeded', 'nfts.create.succeeded', 'nfts.create.failed'] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const endpoint = created.body.endpoint;
    expect(endpoint).toMatchObject({
      url: hookUrl,
      description: 'Orders service',
      eventTypes: ['nfts.create.succeeded', 'nfts.create.failed'],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    expect((await developer.call(endpointsPath())).body.endpoints).toEqual([endpoint]);
    expect((await developer.call(`${endpointsPath()}/${endpoint.id}`)).body).toEqual({ endpoint });
    // Reads never carry the secret.
    expect(JSON.stringify((await owner.call(endpointsPath())).body)).not.toContain(created.body.secret);

    const patched = await admin.call(`${endpointsPath()}/${endpoint.id}`, {
      method: 'PATCH',
      body: { url: 'http://127.0.0.1:5000/in', eventTypes: ['collections.create.succeeded'], description: '' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.endpoint).toMatchObject({
      url: 'http://127.0.0.1:5000/in',
      eventTypes: ['collections.create.succeeded'],
      description: '',
      enabled: true,
    });

    const disabled = await owner.call(`${endpointsPath()}/${endpoint.id}`, { method: 'PATCH', body: { enabled: false } });
    expect(disabled.body.endpoint.enabled).toBe(false);
    const enabled = await owner.call(`${endpointsPath()}/${endpoint.id}`, { method: 'PATCH', body: { enabled: true } });
    expect(enabled.body.endpoint.enabled).toBe(true);

    expect(await owner.call(`${endpointsPath()}/${endpoint.id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { deleted: true } });
    expectError(await owner.call(`${endpointsPath()}/${endpoint.id}`), 404, 'not_found', 'Webhook endpoint not found.');
    expectError(await owner.call(`${endpointsPath()}/${endpoint.id}`, { method: 'DELETE' }), 404, 'not_found');
  });

  it('validates the body with messages that name the field', async () => {
    const post = (body: unknown) => owner.call(endpointsPath(), { method: 'POST', body });
    expectError(
      await post({ url: hookUrl, eventTypes: [] }),
      400,
      'invalid_request',
      'Request does not match expected schema. eventTypes: Choose at least one event type',
    );
    expectError(await post({ url: hookUrl, eventTypes: ['nfts.exploded'] }), 400, 'invalid_request');
    expectError(await post({ url: hookUrl }), 400, 'invalid_request');
    expectError(await post({ url: 42, eventTypes: ['nfts.create.succeeded'] }), 400, 'invalid_request');
    expectError(
      await post({ url: 'not a url', eventTypes: ['nfts.create.succeeded'] }),
      400,
      'invalid_request',
      'url must be an absolute URL such as https://example.com/webhooks',
    );
    expectError(await post({ url: hookUrl, eventTypes: ['nfts.create.succeeded'], description: 'x'.repeat(501) }), 400, 'invalid_request');
    const created = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const patch = (body: unknown) => owner.call(`${endpointsPath()}/${created.endpoint.id}`, { method: 'PATCH', body });
    expectError(
      await patch({}),
      400,
      'invalid_request',
      'Request does not match expected schema. body: Send at least one of url, description, eventTypes, enabled',
    );
    expectError(await patch({ enabled: 'yes' }), 400, 'invalid_request');
    expectError(await owner.call(`${endpointsPath()}/not-a-uuid`), 400, 'invalid_request');
  });

  it('allows http:// only for localhost and 127.0.0.1 in dev mode', async () => {
    for (const url of ['http://localhost:8080/x', 'http://127.0.0.1/x', 'https://hooks.example.com/x', 'https://10.1.2.3/dev-only']) {
      expect((await owner.call(endpointsPath(), { method: 'POST', body: { url, eventTypes: ['nfts.create.succeeded'] } })).status, url).toBe(201);
    }
    for (const url of ['http://hooks.example.com/x', 'http://10.1.2.3/x', 'ftp://hooks.example.com/']) {
      const res = await owner.call(endpointsPath(), { method: 'POST', body: { url, eventTypes: ['nfts.create.succeeded'] } });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error_message).toMatch(/^url must use https:\/\//);
    }
  });
});

describe('withdrawn event types (issue 10, ADR 083)', () => {
  const withdrawn = ['nfts.update.succeeded', 'wallets.transfer.in', 'wallets.transfer.out'];

  it('refuses new subscriptions and test events for an event type nothing publishes', async () => {
    for (const type of withdrawn) {
      const res = await owner.call(endpointsPath(), { method: 'POST', body: { url: hookUrl, eventTypes: ['nfts.create.succeeded', type] } });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error_message).toContain(`event type must be one of ${webhookEventTypes.join(', ')}`);
    }
    const { endpoint } = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const patched = await owner.call(`${endpointsPath()}/${endpoint.id}`, { method: 'PATCH', body: { eventTypes: ['nfts.update.succeeded'] } });
    expectError(patched, 400, 'invalid_request', 'These event types are no longer offered, as nothing publishes them yet: nfts.update.succeeded.');
    const test = await owner.call(`${endpointsPath()}/${endpoint.id}/test`, { method: 'POST', body: { eventType: 'wallets.transfer.in' } });
    expectError(test, 400, 'invalid_request');
    expect((await owner.call(`${endpointsPath()}/${endpoint.id}`)).body.endpoint.eventTypes).toEqual(['nfts.create.succeeded']);
  });

  it('keeps a withdrawn subscription an endpoint already holds: shown, kept by updates that name it, dropped only on request', async () => {
    const { endpoint } = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    // An endpoint that subscribed before these events were withdrawn.
    await server.ctx.db
      .update(webhookEndpoints)
      .set({ eventTypes: ['nfts.create.succeeded', 'nfts.update.succeeded', 'wallets.transfer.in'] })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const path = `${endpointsPath()}/${endpoint.id}`;
    expect((await developer.call(path)).body.endpoint.eventTypes).toEqual(['nfts.create.succeeded', 'nfts.update.succeeded', 'wallets.transfer.in']);
    expect((await developer.call(endpointsPath())).body.endpoints.find((e: { id: string }) => e.id === endpoint.id).eventTypes).toEqual([
      'nfts.create.succeeded',
      'nfts.update.succeeded',
      'wallets.transfer.in',
    ]);

    // Updates that leave eventTypes alone keep them.
    expect((await owner.call(path, { method: 'PATCH', body: { description: 'Kept' } })).body.endpoint.eventTypes).toEqual([
      'nfts.create.succeeded',
      'nfts.update.succeeded',
      'wallets.transfer.in',
    ]);
    // Writing the list back with one more offered event keeps the held withdrawn ones.
    const widened = await owner.call(path, {
      method: 'PATCH',
      body: { eventTypes: ['wallets.transfer.in', 'nfts.create.succeeded', 'nfts.update.succeeded', 'collections.create.succeeded'] },
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body.endpoint.eventTypes).toEqual(['collections.create.succeeded', 'nfts.create.succeeded', 'nfts.update.succeeded', 'wallets.transfer.in']);
    // A held one may be kept, but another withdrawn one may not be added beside it.
    expectError(
      await owner.call(path, { method: 'PATCH', body: { eventTypes: ['nfts.update.succeeded', 'wallets.transfer.out'] } }),
      400,
      'invalid_request',
      'These event types are no longer offered, as nothing publishes them yet: wallets.transfer.out.',
    );
    // A list without them drops them.
    const narrowed = await owner.call(path, { method: 'PATCH', body: { eventTypes: ['nfts.create.succeeded', 'wallets.transfer.in'] } });
    expect(narrowed.body.endpoint.eventTypes).toEqual(['nfts.create.succeeded', 'wallets.transfer.in']);
    const dropped = await owner.call(path, { method: 'PATCH', body: { eventTypes: ['nfts.create.succeeded'] } });
    expect(dropped.body.endpoint.eventTypes).toEqual(['nfts.create.succeeded']);
    expectError(await owner.call(path, { method: 'PATCH', body: { eventTypes: ['wallets.transfer.in'] } }), 400, 'invalid_request');
  });
});

describe('roles', () => {
  it('lets developers read but not manage, and hides the project from strangers', async () => {
    const { endpoint } = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const base = `${endpointsPath()}/${endpoint.id}`;
    expect((await developer.call(endpointsPath())).status).toBe(200);
    expect((await developer.call(`${base}/attempts`)).status).toBe(200);
    const manage: Array<[string, string, unknown?]> = [
      ['POST', endpointsPath(), { url: hookUrl, eventTypes: ['nfts.create.succeeded'] }],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base],
      ['GET', `${base}/secret`],
      ['POST', `${base}/secret/rotate`],
      ['POST', `${base}/resend`, { messageId: `msg_${'0'.repeat(32)}` }],
      ['POST', `${base}/test`, { eventType: 'nfts.create.succeeded' }],
    ];
    for (const [method, path, body] of manage) {
      expectError(await developer.call(path, { method, body }), 403, 'forbidden', 'Only project owners and admins can do this.');
    }
    for (const [method, path, body] of [...manage, ['GET', endpointsPath()], ['GET', base], ['GET', `${base}/attempts`]] as Array<[string, string, unknown?]>) {
      expectError(await stranger.call(path, { method, body }), 404, 'not_found');
    }
    // Nothing changed.
    expect((await owner.call(base)).body.endpoint).toEqual(endpoint);
  });

  it("keeps one project's endpoints out of another project's routes", async () => {
    const { endpoint } = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const otherProject = await stranger.createProject('Theirs');
    const foreign = `/api/console/projects/${otherProject}/webhooks/${endpoint.id}`;
    expectError(await stranger.call(foreign), 404, 'not_found');
    expectError(await stranger.call(foreign, { method: 'PATCH', body: { url: 'http://localhost/steal' } }), 404, 'not_found');
    expectError(await stranger.call(`${foreign}/secret`), 404, 'not_found');
    expectError(await stranger.call(foreign, { method: 'DELETE' }), 404, 'not_found');
    expect((await owner.call(`${endpointsPath()}/${endpoint.id}`)).body.endpoint.url).toBe(hookUrl);
  });
});

describe('signing secrets', () => {
  it('never stores a secret in plain text: the endpoints table holds only sealed envelopes', async () => {
    const created = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const rotated = await owner.call(`${endpointsPath()}/${created.endpoint.id}/secret/rotate`, { method: 'POST' });
    const dump = JSON.stringify(await server.ctx.db.execute('select * from webhook_endpoints'));
    for (const secret of [created.secret, rotated.body.secret as string]) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice('whsec_'.length));
      expect(dump).not.toContain(Buffer.from(secret.slice('whsec_'.length), 'base64').toString('hex'));
    }
    const [row] = await server.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(Object.keys(JSON.parse(row!.sealedSecret)).sort()).toEqual(['ct', 'iv', 'tag', 'v', 'wiv', 'wk', 'wtag']);
    expect(JSON.parse(row!.sealedPreviousSecret!)).toMatchObject({ v: 1 });
  });

  it('lets owners and admins reveal and rotate the secret; the previous one overlaps for 24 hours', async () => {
    const created = await owner.createEndpoint(projectId, { url: hookUrl, eventTypes: ['nfts.create.succeeded'] });
    const base = `${endpointsPath()}/${created.endpoint.id}`;
    const revealed = await admin.call(`${base}/secret`);
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(revealed.body).toEqual({ secret: created.secret });

    const rotated = await owner.call(`${base}/secret/rotate`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    const overlapEnds = Date.parse(rotated.body.endpoint.previousSecretExpiresAt);
    expect(overlapEnds - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(overlapEnds - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect((await owner.call(`${base}/secret`)).body.secret).toBe(rotated.body.secret);
  });

  it('caps a project at 50 endpoints', async () => {
    const project = await owner.createProject('Many hooks');
    for (let i = 0; i < 50; i++) await owner.createEndpoint(project, { url: `${hookUrl}/${i}`, eventTypes: ['nfts.create.succeeded'] });
    const res = await owner.call(`/api/console/projects/${project}/webhooks`, {
      method: 'POST',
      body: { url: hookUrl, eventTypes: ['nfts.create.succeeded'] },
    });
    expectError(res, 409, 'conflict', 'A project can have at most 50 webhook endpoints.');
  });
});
