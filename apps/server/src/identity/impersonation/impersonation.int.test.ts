import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, rowsOf, sdkLogin, type SdkSignIn } from '../../testing/sdk.ts';

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let other: Awaited<ReturnType<typeof createSdkProject>>;
let adminCookie: string;
let memberCookie: string;
let target: SdkSignIn;

beforeAll(async () => {
  server = await startTestServer({ env: { KEEPSAKE_ADMIN_EMAILS: 'root@keepsake.example, Ops@Keepsake.example' } });
  project = await createSdkProject(server, 'owner.imp@example.com', 'Impersonation project');
  other = await createSdkProject(server, 'owner2.imp@example.com', 'Other project');
  [adminCookie, memberCookie] = await Promise.all([server.signIn('ops@keepsake.example'), server.signIn('owner.imp@example.com')]);
  target = await sdkLogin(server, project.publicToken, 'customer.imp@example.com');
});
afterAll(() => server?.close());

function issue(cookie: string | undefined, body: unknown) {
  return server.request('/api/admin/impersonation-tokens', { method: 'POST', body, ...(cookie ? { cookie } : {}) });
}

function redeem(token: string, publicToken = project.publicToken, extra: Record<string, unknown> = {}) {
  return server.request('/sdk/v1/impersonation/authenticate', {
    method: 'POST',
    headers: { authorization: basicAuth(publicToken), 'user-agent': 'impersonation-test' },
    body: { impersonation_token: token, ...extra },
  });
}

describe('impersonation', () => {
  it('issues tokens only to internal administrators (401 signed out, 403 for everyone else)', async () => {
    expectSdkError(await issue(undefined, { projectId: project.projectId, userId: target.user_id }), 401, 'unauthorized');
    // Even the project's owner is not an administrator.
    expectSdkError(await issue(memberCookie, { projectId: project.projectId, userId: target.user_id }), 403, 'forbidden');
    expectSdkError(await issue(adminCookie, { projectId: project.projectId, userId: target.user_id, expirationMinutes: 11 }), 400, 'invalid_request');
    expectSdkError(await issue(adminCookie, { projectId: other.projectId, userId: target.user_id }), 404, 'not_found');
    expectSdkError(await issue(adminCookie, { projectId: project.projectId, userId: 'nope' }), 400, 'invalid_request');
  });

  it('signs in as the user once with an impersonated factor, and audits issue and use with who, whom and IP', async () => {
    const issued = await issue(adminCookie, { projectId: project.projectId, userId: target.user_id });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    const token = issued.body.impersonationToken as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const minutes = (Date.parse(issued.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);

    // Another project's public token cannot redeem it (and does not use it up).
    expectSdkError(await redeem(token, other.publicToken), 404, 'impersonation_token_not_found');

    const res = await redeem(token, project.publicToken, { session_duration_minutes: 600 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.user_id).toBe(target.user_id);
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'impersonated',
        delivery_method: 'impersonation',
        impersonated_factor: expect.objectContaining({ impersonator_email_address: 'ops@keepsake.example' }),
      }),
    ]);
    // Impersonated sessions last at most an hour, whatever is asked.
    expect((Date.parse(data.session.expires_at) - Date.now()) / 60_000).toBeLessThanOrEqual(60);
    expect(data.session_token).not.toBe(target.session_token);

    expectSdkError(await redeem(token), 404, 'impersonation_token_not_found');

    const rows = rowsOf<Record<string, string | null>>(
      await server.ctx.db.execute(
        `select action, admin_email, target_user_id, project_id, ip_address, session_id from impersonation_audit order by created_at`,
      ),
    ).filter((r) => r.target_user_id === target.user_id);
    expect(rows.map((r) => r.action)).toEqual(['issued', 'redeemed']);
    for (const row of rows) expect(row).toMatchObject({ admin_email: 'ops@keepsake.example', project_id: project.projectId, ip_address: '127.0.0.1' });
    expect(rows[1]!.session_id).toBe(data.session.session_id);
    const stored = JSON.stringify(await server.ctx.db.execute('select * from impersonation_tokens'));
    expect(stored).not.toContain(token);
  });

  it('refuses an expired token, an unknown one, and bad input', async () => {
    const issued = await issue(adminCookie, { projectId: project.projectId, userId: target.user_id, expirationMinutes: 1 });
    await server.ctx.db.execute(`update impersonation_tokens set expires_at = now() - interval '1 second' where id = '${issued.body.tokenId}'`);
    expectSdkError(await redeem(issued.body.impersonationToken), 404, 'impersonation_token_not_found');
    expectSdkError(await redeem('x'.repeat(43)), 404, 'impersonation_token_not_found');
    expectSdkError(
      await server.request('/sdk/v1/impersonation/authenticate', { method: 'POST', body: { impersonation_token: 'x' } }),
      401,
      'unauthorized_credentials',
    );
    for (const body of [{}, { impersonation_token: 42 }, { impersonation_token: '' }, { impersonation_token: 'x'.repeat(201) }]) {
      const res = await server.request('/sdk/v1/impersonation/authenticate', {
        method: 'POST',
        headers: { authorization: basicAuth(project.publicToken) },
        body,
      });
      expectSdkError(res, 400, 'invalid_request');
    }
  });
});
