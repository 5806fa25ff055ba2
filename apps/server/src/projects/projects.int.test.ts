import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let owner: string;
let admin: string;
let developer: string;
let stranger: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, developer, stranger] = await Promise.all([
    server.signIn('owner.projects@example.com'),
    server.signIn('admin.projects@example.com'),
    server.signIn('dev.projects@example.com'),
    server.signIn('stranger.projects@example.com'),
  ]);
});
afterAll(() => server?.close());

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };
const as = (cookie: string | undefined, path: string, init: Init = {}) => server.request(path, { ...init, ...(cookie ? { cookie } : {}) });

function expectError(res: { status: number; body: any; headers: Headers }, status: number, type: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ status_code: status, error_type: type });
  expect(res.body.error_message.length).toBeGreaterThan(0);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

async function createProject(cookie: string, name: string) {
  const res = await as(cookie, '/api/console/projects', { method: 'POST', body: { name } });
  expect(res.status).toBe(201);
  return res.body.project as { id: string; name: string; role: string; publicToken: string; createdAt: string };
}

async function userIdOf(cookie: string): Promise<string> {
  return (await as(cookie, '/api/session')).body.user.userId;
}

describe('console routes without a session', () => {
  it('answer 401 unauthorized on every route, with no cookie or an unknown one', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/console/projects'],
      ['GET', `/api/console/projects?projectId=${id}`],
      ['POST', '/api/console/projects', { name: 'x' }],
      ['PATCH', `/api/console/projects/${id}`, { name: 'x' }],
      ['GET', `/api/console/projects/members?projectId=${id}`],
      ['POST', '/api/console/projects/members', { projectId: id, email: 'a@example.com', role: 'developer' }],
      ['PATCH', '/api/console/projects/members', { projectId: id, userId: id, role: 'developer' }],
      ['DELETE', `/api/console/projects/members?projectId=${id}&userId=${id}`],
      ['GET', `/api/console/projects/${id}/apiKeys`],
      ['POST', `/api/console/projects/${id}/apiKeys`, { name: 'k', environment: 'staging', scopes: ['collections.read'] }],
      ['DELETE', `/api/console/projects/${id}/apiKeys?keyId=${id}`],
      ['GET', '/api/console/scopes'],
    ];
    for (const [method, path, body] of routes) {
      for (const cookie of [undefined, 'keepsake_session=forged-token']) {
        const res = await as(cookie, path, { method, body });
        expect(res.status, `${method} ${path} ${cookie ?? ''}`).toBe(401);
        expectError(res, 401, 'unauthorized');
      }
    }
  });
});

describe('projects', () => {
  it('creates, lists, reads and renames a project', async () => {
    const created = await createProject(owner, '  Alpha  ');
    expect(created).toMatchObject({ name: 'Alpha', role: 'owner' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.publicToken).toMatch(/^public-token-test-/);

    const list = await as(owner, '/api/console/projects');
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { id: string }) => p.id)).toContain(created.id);

    const one = await as(owner, `/api/console/projects?projectId=${created.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ project: created });

    const renamed = await as(owner, `/api/console/projects/${created.id}`, { method: 'PATCH', body: { name: 'Alpha 2' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.project).toMatchObject({ id: created.id, name: 'Alpha 2', role: 'owner' });
    expect((await as(owner, `/api/console/projects?projectId=${created.id}`)).body.project.name).toBe('Alpha 2');

    // The stranger's list does not include it.
    expect((await as(stranger, '/api/console/projects')).body.projects.map((p: { id: string }) => p.id)).not.toContain(created.id);
  });

  it('validates names and ids', async () => {
    for (const name of ['', '   ', 'x'.repeat(65), 42]) {
      const res = await as(owner, '/api/console/projects', { method: 'POST', body: { name } });
      expectError(res, 400, 'invalid_request');
    }
    expectError(await as(owner, '/api/console/projects?projectId=not-a-uuid'), 400, 'invalid_request');
    expectError(await as(owner, '/api/console/projects/not-a-uuid', { method: 'PATCH', body: { name: 'x' } }), 400, 'invalid_request');
  });

  it("hides another user's project (404) from a non-member, on every project route", async () => {
    const project = await createProject(owner, 'Private');
    const key = await as(owner, `/api/console/projects/${project.id}/apiKeys`, {
      method: 'POST',
      body: { name: 'k', environment: 'staging', scopes: ['collections.read'] },
    });
    const ownerId = await userIdOf(owner);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/console/projects?projectId=${project.id}`],
      ['PATCH', `/api/console/projects/${project.id}`, { name: 'hijacked' }],
      ['GET', `/api/console/projects/members?projectId=${project.id}`],
      ['POST', '/api/console/projects/members', { projectId: project.id, email: 'stranger.projects@example.com', role: 'owner' }],
      ['PATCH', '/api/console/projects/members', { projectId: project.id, userId: ownerId, role: 'developer' }],
      ['DELETE', `/api/console/projects/members?projectId=${project.id}&userId=${ownerId}`],
      ['GET', `/api/console/projects/${project.id}/apiKeys`],
      ['GET', `/api/console/projects/${project.id}/apiKeys?keyId=${key.body.apiKey.id}`],
      ['POST', `/api/console/projects/${project.id}/apiKeys`, { name: 'k', environment: 'staging', scopes: ['collections.read'] }],
      ['DELETE', `/api/console/projects/${project.id}/apiKeys?keyId=${key.body.apiKey.id}`],
    ];
    for (const [method, path, body] of attempts) expectError(await as(stranger, path, { method, body }), 404, 'not_found');
    // Nothing changed.
    expect((await as(owner, `/api/console/projects?projectId=${project.id}`)).body.project.name).toBe('Private');
    expect((await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${key.body.apiKey.id}`)).body.apiKey.revokedAt).toBeNull();
    // An id no project has is 404 as well.
    expectError(await as(owner, '/api/console/projects?projectId=00000000-0000-4000-8000-000000000000'), 404, 'not_found');
  });

  it('refuses a cross-origin change made with the cookie (403 invalid_origin) but accepts the same origin', async () => {
    const evil = await as(owner, '/api/console/projects', { method: 'POST', body: { name: 'CSRF' }, headers: { origin: 'https://evil.example' } });
    expectError(evil, 403, 'invalid_origin');
    const garbage = await as(owner, '/api/console/projects', { method: 'POST', body: { name: 'CSRF' }, headers: { origin: 'null' } });
    expectError(garbage, 403, 'invalid_origin');
    expect((await as(owner, '/api/console/projects')).body.projects.map((p: { name: string }) => p.name)).not.toContain('CSRF');

    const same = await as(owner, '/api/console/projects', { method: 'POST', body: { name: 'Same origin' }, headers: { origin: server.url } });
    expect(same.status).toBe(201);
    // Reads are not blocked by Origin.
    expect((await as(owner, '/api/console/projects', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('members and roles', () => {
  it('adds members by email with an invitation, enforces roles on the server and keeps an owner', async () => {
    const project = await createProject(owner, 'Team Rocket');
    const [ownerId, adminId, developerId] = await Promise.all([userIdOf(owner), userIdOf(admin), userIdOf(developer)]);
    const members = () => as(owner, `/api/console/projects/members?projectId=${project.id}`);
    const add = (cookie: string, email: string, role: string) =>
      as(cookie, '/api/console/projects/members', { method: 'POST', body: { projectId: project.id, email, role } });

    const initial = await members();
    expect(initial.status).toBe(200);
    expect(initial.body.members).toEqual([expect.objectContaining({ userId: ownerId, email: 'owner.projects@example.com', role: 'owner' })]);

    // Add an admin: 201 and an invitation email naming the project.
    const before = server.smtp!.messagesTo('admin.projects@example.com').length;
    const added = await add(owner, 'Admin.Projects@example.com', 'admin');
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ userId: adminId, email: 'admin.projects@example.com', role: 'admin' });
    const invitation = await server.smtp!.waitFor('admin.projects@example.com', { after: before, timeoutMs: 10_000 });
    expect(invitation.subject).toContain('Team Rocket');
    expect(invitation.text).toContain('Team Rocket');
    expect(invitation.text).toContain('admin');

    // Duplicate: 409.
    expectError(await add(owner, 'admin.projects@example.com', 'developer'), 409, 'conflict');
    // The admin can add a developer but not an owner.
    expectError(await add(admin, 'someone.else@example.com', 'owner'), 403, 'forbidden');
    expect((await add(admin, 'dev.projects@example.com', 'developer')).status).toBe(201);
    // Bad input.
    expectError(await add(owner, 'not-an-email', 'developer'), 400, 'invalid_request');
    expectError(await add(owner, 'x@example.com', 'superuser'), 400, 'invalid_request');

    // The developer can read but not manage.
    expect((await as(developer, `/api/console/projects/members?projectId=${project.id}`)).status).toBe(200);
    expect((await as(developer, `/api/console/projects?projectId=${project.id}`)).body.project.role).toBe('developer');
    expectError(await add(developer, 'friend@example.com', 'developer'), 403, 'forbidden');
    expectError(await as(developer, `/api/console/projects/${project.id}`, { method: 'PATCH', body: { name: 'Mine' } }), 403, 'forbidden');
    expectError(
      await as(developer, '/api/console/projects/members', { method: 'PATCH', body: { projectId: project.id, userId: developerId, role: 'admin' } }),
      403,
      'forbidden',
    );
    expectError(await as(developer, `/api/console/projects/members?projectId=${project.id}&userId=${adminId}`, { method: 'DELETE' }), 403, 'forbidden');
    expect((await members()).body.members).toHaveLength(3);

    // The admin cannot touch the owner or make anyone an owner.
    const patch = (cookie: string, userId: string, role: string) =>
      as(cookie, '/api/console/projects/members', { method: 'PATCH', body: { projectId: project.id, userId, role } });
    expectError(await patch(admin, ownerId, 'developer'), 403, 'forbidden');
    expectError(await patch(admin, developerId, 'owner'), 403, 'forbidden');
    expectError(await as(admin, `/api/console/projects/members?projectId=${project.id}&userId=${ownerId}`, { method: 'DELETE' }), 403, 'forbidden');

    // The last owner can be neither demoted nor removed.
    expectError(await patch(owner, ownerId, 'admin'), 409, 'conflict');
    expectError(await as(owner, `/api/console/projects/members?projectId=${project.id}&userId=${ownerId}`, { method: 'DELETE' }), 409, 'conflict');
    // A member who is not in the project: 404.
    const strangerId = await userIdOf(stranger);
    expectError(await patch(owner, strangerId, 'admin'), 404, 'not_found');

    // Role change by the owner.
    const promoted = await patch(owner, developerId, 'admin');
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ userId: developerId, email: 'dev.projects@example.com', role: 'admin' });
    expect((await as(developer, `/api/console/projects?projectId=${project.id}`)).body.project.role).toBe('admin');

    // With a second owner, the first may step down.
    expect((await patch(owner, adminId, 'owner')).status).toBe(200);
    const stepDown = await patch(owner, ownerId, 'admin');
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.member.role).toBe('admin');

    // Remove a member: they lose access.
    const removed = await as(admin, `/api/console/projects/members?projectId=${project.id}&userId=${developerId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
    expectError(await as(developer, `/api/console/projects?projectId=${project.id}`), 404, 'not_found');
    const final = (await as(admin, `/api/console/projects/members?projectId=${project.id}`)).body.members;
    expect(final.map((m: { userId: string; role: string }) => [m.userId, m.role]).sort()).toEqual(
      [
        [ownerId, 'admin'],
        [adminId, 'owner'],
      ].sort(),
    );
  });
});

describe('API keys', () => {
  it('returns the secret once, never lists it, stores only a hash, and revokes', async () => {
    const project = await createProject(owner, 'Keys');
    const created = await as(owner, `/api/console/projects/${project.id}/apiKeys`, {
      method: 'POST',
      body: { name: 'Server key', environment: 'production', scopes: ['collections.read', 'collections.read', 'nfts.read'] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^sk_(staging|production)_/);
    expect(secret.startsWith('sk_production_')).toBe(true);
    expect(secret.length).toBeGreaterThan('sk_production_'.length + 30);
    const key = created.body.apiKey;
    expect(key).toMatchObject({ name: 'Server key', environment: 'production', scopes: ['collections.read', 'nfts.read'], lastUsedAt: null, revokedAt: null });
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(secret.length - 20);
    expect(JSON.stringify(key)).not.toContain(secret);

    const staging = await as(owner, `/api/console/projects/${project.id}/apiKeys`, {
      method: 'POST',
      body: { name: 'Staging', environment: 'staging', scopes: ['collections.read'] },
    });
    expect(staging.body.secret).toMatch(/^sk_staging_/);
    expect(staging.body.secret).not.toBe(secret);

    const list = await as(owner, `/api/console/projects/${project.id}/apiKeys`);
    expect(list.status).toBe(200);
    expect(list.body.apiKeys.map((k: { id: string }) => k.id).sort()).toEqual([key.id, staging.body.apiKey.id].sort());
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(staging.body.secret);
    expect(list.body.apiKeys.every((k: Record<string, unknown>) => !('secret' in k) && !('secretHash' in k))).toBe(true);

    const one = await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${key.id}`);
    expect(one.body).toEqual({ apiKey: key });

    const rows = await server.ctx.db.execute('select * from api_keys');
    const dump = JSON.stringify(rows);
    expect(dump).toContain(key.id);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.slice(key.prefix.length));

    // The key works on the developer API until revoked.
    const call = (s: string) => server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': s } });
    expect((await call(secret)).status).toBe(200);
    const revoked = await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${key.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey.id).toBe(key.id);
    expect(Math.abs(Date.parse(revoked.body.apiKey.revokedAt) - Date.now())).toBeLessThan(60_000);
    expect((await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${key.id}`)).body.apiKey.revokedAt).toBe(revoked.body.apiKey.revokedAt);
    expect((await call(secret)).status).toBe(401);
    expect((await call(staging.body.secret)).status).toBe(200);

    expectError(
      await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=00000000-0000-4000-8000-000000000000`, { method: 'DELETE' }),
      404,
      'not_found',
    );
  });

  it('validates the key body', async () => {
    const project = await createProject(owner, 'Key validation');
    const bodies = [
      { name: 'k', environment: 'staging', scopes: [] },
      { name: 'k', environment: 'staging', scopes: ['everything'] },
      { name: 'k', environment: 'test', scopes: ['collections.read'] },
      { name: '', environment: 'staging', scopes: ['collections.read'] },
      { environment: 'staging', scopes: ['collections.read'] },
    ];
    for (const body of bodies) expectError(await as(owner, `/api/console/projects/${project.id}/apiKeys`, { method: 'POST', body }), 400, 'invalid_request');
    expect((await as(owner, `/api/console/projects/${project.id}/apiKeys`)).body.apiKeys).toEqual([]);
  });

  it('lets only owners and admins create or revoke keys; developers can read them', async () => {
    const project = await createProject(owner, 'Key roles');
    for (const [email, role] of [
      ['admin.projects@example.com', 'admin'],
      ['dev.projects@example.com', 'developer'],
    ]) {
      expect((await as(owner, '/api/console/projects/members', { method: 'POST', body: { projectId: project.id, email, role } })).status).toBe(201);
    }
    const body = { name: 'k', environment: 'staging', scopes: ['collections.read'] };
    expectError(await as(developer, `/api/console/projects/${project.id}/apiKeys`, { method: 'POST', body }), 403, 'forbidden');
    const byAdmin = await as(admin, `/api/console/projects/${project.id}/apiKeys`, { method: 'POST', body });
    expect(byAdmin.status).toBe(201);
    const keyId = byAdmin.body.apiKey.id;
    const seen = await as(developer, `/api/console/projects/${project.id}/apiKeys`);
    expect(seen.status).toBe(200);
    expect(seen.body.apiKeys.map((k: { id: string }) => k.id)).toEqual([keyId]);
    expectError(await as(developer, `/api/console/projects/${project.id}/apiKeys?keyId=${keyId}`, { method: 'DELETE' }), 403, 'forbidden');
    expect((await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${keyId}`)).body.apiKey.revokedAt).toBeNull();
    const byOwner = await as(owner, `/api/console/projects/${project.id}/apiKeys?keyId=${keyId}`, { method: 'DELETE' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.apiKey.revokedAt).not.toBeNull();
  });

  it('lists the scopes a key can hold', async () => {
    const res = await as(developer, '/api/console/scopes');
    expect(res.status).toBe(200);
    const names = res.body.scopes.map((s: { name: string }) => s.name);
    expect(names).toContain('collections.read');
    expect(res.body.scopes.every((s: { description: string }) => s.description.length > 0)).toBe(true);
  });
});
