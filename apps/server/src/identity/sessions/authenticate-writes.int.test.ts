// issue 10 §6: sessions/authenticate batches its reads and writes (docs/decisions/081) without changing what it
// answers: an extension is stored before the answer, last access moves forward (written behind, read back by
// the process that buffered it, written on a graceful stop), a revoked or expired session is refused at once,
// and a batch of lookups from several projects gives each caller only its own project's session.
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import { authSessions, authUsers } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createProject, expectSdkError, sdkLogin } from '../../testing/sdk.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import { userFactorsSql } from '../users/factors-sql.ts';
import { TOUCH_INTERVAL_MS } from './service.ts';
import { prepareLiveSessionsLookup } from './store.ts';

let server: TestServer;
let a: { projectId: string; publicToken: string };
let b: { projectId: string; publicToken: string };

beforeAll(async () => {
  server = await startTestServer();
  a = await createProject(server, 'Batch project A');
  b = await createProject(server, 'Batch project B');
});
afterAll(() => server?.close());

function authenticate(publicToken: string, token: string, body: unknown = {}, on = server) {
  return on.request('/sdk/v1/sessions/authenticate', { method: 'POST', headers: { authorization: basicAuth(publicToken, token) }, body });
}

async function stored(sessionId: string, on = server) {
  const [row] = await on.ctx.db
    .select({ lastAccessedAt: authSessions.lastAccessedAt, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row!;
}

/** Moves a session's last access back, past the interval after which authenticate moves it again. */
async function age(sessionId: string, on = server) {
  const old = new Date(Date.now() - TOUCH_INTERVAL_MS - 60_000);
  await on.ctx.db.update(authSessions).set({ lastAccessedAt: old }).where(eq(authSessions.id, sessionId));
  return old;
}

describe('sessions/authenticate writes (issue 10)', () => {
  it('stores an explicit extension before it answers, so the next call, on any process, sees it', async () => {
    const signedIn = await sdkLogin(server, a.publicToken, 'extend.batch@example.com');
    const res = await authenticate(a.publicToken, signedIn.session_token, { session_duration_minutes: 600 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = res.body.data.session;
    expect(Date.parse(answered.expires_at) - Date.now()).toBeGreaterThan(595 * 60_000);
    // Read straight from the database right after the answer: what another process would read.
    const row = await stored(signedIn.session!.session_id);
    expect(row.expiresAt.toISOString()).toBe(answered.expires_at);
    expect(row.lastAccessedAt.toISOString()).toBe(answered.last_accessed_at);
    const again = await authenticate(a.publicToken, signedIn.session_token);
    expect(again.body.data.session.expires_at).toBe(answered.expires_at);
  });

  it('moves last access forward, reads its own unwritten access back, and writes them all in one go', async () => {
    const sessions = await Promise.all(['one', 'two', 'three'].map((name) => sdkLogin(server, a.publicToken, `touch.${name}.batch@example.com`)));
    const olds = await Promise.all(sessions.map((s) => age(s.session!.session_id)));
    const first = await Promise.all(sessions.map((s) => authenticate(a.publicToken, s.session_token)));
    for (const [i, res] of first.entries()) {
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.data.session.last_accessed_at)).toBeGreaterThan(olds[i]!.getTime() + 60_000);
    }
    // Before anything is written, the same process answers with the access it buffered, and the same JWT.
    const second = await Promise.all(sessions.map((s) => authenticate(a.publicToken, s.session_token)));
    for (const [i, res] of second.entries()) {
      expect(res.body.data.session.last_accessed_at).toBe(first[i]!.body.data.session.last_accessed_at);
      expect(res.body.data.session_jwt).toBe(first[i]!.body.data.session_jwt);
    }
    await server.services.identity.sessions.flush();
    for (const [i, s] of sessions.entries()) {
      expect((await stored(s.session!.session_id)).lastAccessedAt.toISOString()).toBe(first[i]!.body.data.session.last_accessed_at);
    }
  });

  it('refuses a revoked or expired session at once, whatever was buffered for it, and does not extend it', async () => {
    const revoked = await sdkLogin(server, a.publicToken, 'revoked.batch@example.com');
    await age(revoked.session!.session_id);
    expect((await authenticate(a.publicToken, revoked.session_token)).status).toBe(200); // buffers an access
    const revoke = await server.request('/sdk/v1/sessions/revoke', {
      method: 'POST',
      headers: { authorization: basicAuth(a.publicToken, revoked.session_token) },
    });
    expect(revoke.status).toBe(200);
    expectSdkError(await authenticate(a.publicToken, revoked.session_token), 404, 'session_not_found');
    expectSdkError(await authenticate(a.publicToken, revoked.session_token, { session_duration_minutes: 600 }), 404, 'session_not_found');

    const expired = await sdkLogin(server, a.publicToken, 'expired.batch@example.com');
    expect((await authenticate(a.publicToken, expired.session_token)).status).toBe(200);
    await server.ctx.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(authSessions.id, expired.session!.session_id));
    expectSdkError(await authenticate(a.publicToken, expired.session_token), 404, 'session_not_found');
    expectSdkError(await authenticate(a.publicToken, expired.session_token, { session_duration_minutes: 600 }), 404, 'session_not_found');
    // The refused extension wrote nothing.
    expect((await stored(expired.session!.session_id)).expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it('answers a batch of lookups from two projects with each caller’s own session, and no other project’s', async () => {
    const [a1, a2, b1] = await Promise.all([
      sdkLogin(server, a.publicToken, 'mixed.a1.batch@example.com'),
      sdkLogin(server, a.publicToken, 'mixed.a2.batch@example.com'),
      sdkLogin(server, b.publicToken, 'mixed.b1.batch@example.com'),
    ]);
    const calls: Array<[string, string, string | undefined]> = [
      [a.publicToken, a1.session_token, a1.session!.session_id],
      [a.publicToken, a2.session_token, a2.session!.session_id],
      [b.publicToken, b1.session_token, b1.session!.session_id],
      [b.publicToken, a1.session_token, undefined],
      [a.publicToken, b1.session_token, undefined],
      [a.publicToken, 'not-a-session', undefined],
    ];
    const answers = await Promise.all([...calls, ...calls].map(([publicToken, token]) => authenticate(publicToken, token)));
    for (const [i, res] of answers.entries()) {
      const expected = calls[i % calls.length]![2];
      if (expected) expect(res.body.data?.session.session_id, `call ${i}`).toBe(expected);
      else expectSdkError(res, 404, 'session_not_found');
    }
  });

  it('reads the same session, user and factors as drizzle would (the PostgreSQL lookup skips drizzle’s mapping)', async () => {
    const signedIn = await sdkLogin(server, b.publicToken, 'raw.batch@example.com');
    const lookUp = prepareLiveSessionsLookup(server.ctx.db, server.ctx.dbKind);
    const [found] = await lookUp([{ projectId: b.projectId, tokenHash: sha256Hex(signedIn.session_token) }]);
    const [expected] = await server.ctx.db
      .select({ session: getTableColumns(authSessions), user: getTableColumns(authUsers), factors: userFactorsSql(authUsers.id) })
      .from(authSessions)
      .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
      .where(and(eq(authSessions.id, signedIn.session!.session_id), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())));
    expect(found).toEqual(expected);
    expect(found!.session.startedAt).toBeInstanceOf(Date);
  });
});

it('issue 10: a graceful stop writes the buffered last access, and the next process on the database reads it', async () => {
  const database = await createTestDatabase();
  // The same master key, which unseals the project's signing key.
  const env = { KEEPSAKE_MASTER_KEY: randomBytes(32).toString('base64') };
  try {
    const first = await startTestServer({ database, env });
    const project = await createProject(first, 'Restart project');
    const signedIn = await sdkLogin(first, project.publicToken, 'restart.batch@example.com');
    await age(signedIn.session!.session_id, first);
    const res = await authenticate(project.publicToken, signedIn.session_token, {}, first);
    expect(res.status).toBe(200);
    await first.close();

    const next = await startTestServer({ database, env });
    try {
      expect((await stored(signedIn.session!.session_id, next)).lastAccessedAt.toISOString()).toBe(res.body.data.session.last_accessed_at);
      const again = await authenticate(project.publicToken, signedIn.session_token, {}, next);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.session.last_accessed_at).toBe(res.body.data.session.last_accessed_at);
    } finally {
      await next.close();
    }
  } finally {
    await database.drop();
  }
});
