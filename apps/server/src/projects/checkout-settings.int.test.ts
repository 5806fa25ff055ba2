// Issue 14 item 12: the plan's checkout fee tier as a console setting (0, 1 or 3 percent). Members read it,
// owners and admins change it, other projects cannot see it, and anything else is refused with a clear message.
import { projects } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  project = await createProjectWithKeys(server, 'Fees');
  owner = await server.signIn(project.ownerEmail);
});
afterAll(() => server?.close());

const path = () => `/api/console/projects/${project.projectId}/checkout`;

describe(`checkout fee tier (${testDb})`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.request(path())).status).toBe(401);
    expect((await server.request(path(), { method: 'PATCH', body: { feePercent: 1 } })).status).toBe(401);
  });

  it('starts at 0 and takes 1 or 3, which the project keeps for its quotes', async () => {
    expect((await server.request(path(), { cookie: owner })).body).toEqual({ feePercent: 0 });
    const set = await server.request(path(), { method: 'PATCH', cookie: owner, body: { feePercent: 3 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ feePercent: 3 });
    const [row] = await server.ctx.db.select({ percent: projects.checkoutFeePercent }).from(projects).where(eq(projects.id, project.projectId));
    expect(row!.percent).toBe(3);
    expect((await server.request(path(), { cookie: owner })).body).toEqual({ feePercent: 3 });
  });

  it('refuses any other tier with a clear message', async () => {
    for (const body of [{ feePercent: 2 }, { feePercent: '1' }, { feePercent: 0.5 }, {}]) {
      const res = await server.request(path(), { method: 'PATCH', cookie: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_message, JSON.stringify(body)).toMatch('feePercent must be 0, 1 or 3');
    }
  });

  it('lets developers read but not change it, and hides it from other projects', async () => {
    const email = `dev.${crypto.randomUUID()}@example.com`;
    await server.services.projects.addMember(project.projectId, project.ownerUserId, email, 'developer');
    const developer = await server.signIn(email);
    expect((await server.request(path(), { cookie: developer })).status).toBe(200);
    const denied = await server.request(path(), { method: 'PATCH', cookie: developer, body: { feePercent: 1 } });
    expect(denied.status).toBe(403);
    const stranger = await createProjectWithKeys(server, 'Elsewhere');
    const strangerCookie = await server.signIn(stranger.ownerEmail);
    expect((await server.request(path(), { cookie: strangerCookie })).status).toBe(404);
    expect((await server.request(path(), { method: 'PATCH', cookie: strangerCookie, body: { feePercent: 1 } })).status).toBe(404);
  });
});
