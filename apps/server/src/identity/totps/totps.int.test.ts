import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, sdkLogin } from '../../testing/sdk.ts';
import { awayFromStepBoundary, codeAt, createTotp as createTotpFor, wrongCode } from '../../testing/totp.ts';

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let mfaProject: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer({ env: { LOCKOUT_MAX_FAILURES: '4', RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  project = await createSdkProject(server, 'owner.totps@example.com', 'TOTP project');
  mfaProject = await createSdkProject(server, 'owner.mfa@example.com', 'MFA project');
  await server.services.projects.updateAuthSettings(mfaProject.projectId, mfaProject.ownerUserId, { authConfig: { mfa: { required: true } } });
});
afterAll(() => server?.close());

function post(path: string, publicToken: string, sessionToken: string, body: unknown = {}) {
  return server.request(`/sdk/v1${path}`, { method: 'POST', headers: { authorization: basicAuth(publicToken, sessionToken) }, body });
}

const createTotp = (publicToken: string, sessionToken: string) => createTotpFor(server, publicToken, sessionToken);

describe('/sdk/v1/totps', () => {
  it('needs a session (401 first), also for authenticate, recovery_codes and recover', async () => {
    for (const [path, body] of [
      ['/totps', {}],
      ['/totps/authenticate', { totp_code: '123456' }],
      ['/totps/recovery_codes', {}],
      ['/totps/recover', { recovery_code: 'abcd-efgh-ijkm' }],
    ] as const) {
      const none = await server.request(`/sdk/v1${path}`, { method: 'POST', body });
      expectSdkError(none, 401, 'unauthorized_credentials');
      const noSession = await post(path, project.publicToken, '', body);
      expectSdkError(noSession, 401, 'unauthorized_credentials');
    }
    expectSdkError(await post('/totps', project.publicToken, 'not-a-session'), 404, 'session_not_found');
  });

  it('creates a TOTP with a secret, an otpauth QR code and ten recovery codes, and keeps none of them in plaintext', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'create.totps@example.com');
    const created = await createTotp(project.publicToken, signedIn.session_token);
    expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(created.recovery_codes).toHaveLength(10);
    expect(new Set(created.recovery_codes).size).toBe(10);
    for (const code of created.recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(created.user.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);

    const dump = JSON.stringify([
      await server.ctx.db.execute('select * from auth_totps'),
      await server.ctx.db.execute('select * from auth_totp_recovery_codes'),
    ]);
    expect(dump).not.toContain(created.secret);
    for (const code of created.recovery_codes) expect(dump).not.toContain(code);
  });

  it('verifies with a code, refuses it a second time within its window, and accepts the neighbouring steps once each', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'window.totps@example.com');
    const created = await createTotp(project.publicToken, signedIn.session_token);
    await awayFromStepBoundary();
    const previous = codeAt(created.secret, -1);
    const current = codeAt(created.secret);

    const first = await post('/totps/authenticate', project.publicToken, signedIn.session_token, { totp_code: previous });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ totp_id: created.totp_id, mfa_required: false, intermediate_session_token: '' });
    const factors = first.body.data.session.authentication_factors.map((f: { type: string }) => f.type);
    expect(factors).toEqual(['otp', 'totp']);
    expect(first.body.data.user.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);
    // Step-up (issue 10, ADR 080): the factor joins the same session. Its id, token and expiry stay, the token the
    // caller kept still works, and the JWT is signed again with both factors.
    expect(first.body.data.session_token).toBe(signedIn.session_token);
    expect(first.body.data.session).toMatchObject({ session_id: signedIn.session!.session_id, expires_at: signedIn.session!.expires_at });
    const jwtFactors = (jwt: string) =>
      (decodeJwt(jwt)['https://stytch.com/session'] as { authentication_factors: Array<{ type: string }> }).authentication_factors.map((f) => f.type);
    expect(jwtFactors(first.body.data.session_jwt)).toEqual(['otp', 'totp']);
    const kept = await post('/sessions/authenticate', project.publicToken, signedIn.session_token);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'totp']);
    expect(jwtFactors(kept.body.data.session_jwt)).toEqual(['otp', 'totp']);
    const next = signedIn.session_token;

    // The same factor again replaces its entry (with its new time) instead of piling up.
    const second = await post('/totps/authenticate', project.publicToken, next, { totp_code: current });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.session_token).toBe(next);
    const [, totpBefore] = first.body.data.session.authentication_factors as Array<{ last_authenticated_at: string }>;
    const afterSecond = second.body.data.session.authentication_factors as Array<{ type: string; last_authenticated_at: string }>;
    expect(afterSecond.map((f) => f.type)).toEqual(['otp', 'totp']);
    expect(Date.parse(afterSecond[1]!.last_authenticated_at)).toBeGreaterThanOrEqual(Date.parse(totpBefore!.last_authenticated_at));

    // Replays: the same code again, and an older step after a newer one was used.
    expectSdkError(await post('/totps/authenticate', project.publicToken, next, { totp_code: current }), 401, 'unable_to_auth_totp_code');
    expectSdkError(await post('/totps/authenticate', project.publicToken, next, { totp_code: previous }), 401, 'unable_to_auth_totp_code');
    // Outside the ±1 step window.
    const stale = codeAt(created.secret, -4);
    if (stale !== current && stale !== previous) {
      expectSdkError(await post('/totps/authenticate', project.publicToken, next, { totp_code: stale }), 401, 'unable_to_auth_totp_code');
    }
    // A second TOTP while one is verified is refused.
    expectSdkError(await post('/totps', project.publicToken, next), 409, 'active_totp_exists');
  });

  it('makes each recovery code single use, and replaces them all on /totps/recovery_codes', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'recovery.totps@example.com');
    const created = await createTotp(project.publicToken, signedIn.session_token);
    // Recovery codes of an unverified TOTP do not work.
    expectSdkError(
      await post('/totps/recover', project.publicToken, signedIn.session_token, { recovery_code: created.recovery_codes[0] }),
      401,
      'unable_to_auth_recovery_code',
    );
    await awayFromStepBoundary();
    const verified = await post('/totps/authenticate', project.publicToken, signedIn.session_token, { totp_code: codeAt(created.secret) });
    expect(verified.status).toBe(200);
    const token = signedIn.session_token;

    // session_duration_minutes on a step-up moves the expiry of the same session (ADR 080).
    const recovered = await post('/totps/recover', project.publicToken, token, {
      recovery_code: ` ${created.recovery_codes[1]!.toUpperCase()} `,
      session_duration_minutes: 600,
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.data.session_token).toBe(token);
    expect(recovered.body.data.session.authentication_factors.at(-1)).toMatchObject({ type: 'recovery_codes', delivery_method: 'recovery_code' });
    const expiresIn = Date.parse(recovered.body.data.session.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(590 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(600 * 60_000);
    expectSdkError(await post('/totps/recover', project.publicToken, token, { recovery_code: created.recovery_codes[1] }), 401, 'unable_to_auth_recovery_code');

    const rotated = await post('/totps/recovery_codes', project.publicToken, token);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const [entry] = rotated.body.data.totps;
    expect(entry).toMatchObject({ totp_id: created.totp_id, verified: true });
    expect(entry.recovery_codes).toHaveLength(10);
    // The old codes stopped working; the new ones work.
    expectSdkError(await post('/totps/recover', project.publicToken, token, { recovery_code: created.recovery_codes[2] }), 401, 'unable_to_auth_recovery_code');
    expect((await post('/totps/recover', project.publicToken, token, { recovery_code: entry.recovery_codes[0] })).status).toBe(200);
  });

  it('issue 10: two step-ups of one session at once both land (each factor is appended in one statement)', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'concurrent.totps@example.com');
    const created = await createTotp(project.publicToken, signedIn.session_token);
    await awayFromStepBoundary();
    expect((await post('/totps/authenticate', project.publicToken, signedIn.session_token, { totp_code: codeAt(created.secret) })).status).toBe(200);

    const both = await Promise.all(
      created.recovery_codes.slice(0, 2).map((code) => post('/totps/recover', project.publicToken, signedIn.session_token, { recovery_code: code })),
    );
    for (const res of both) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await post('/sessions/authenticate', project.publicToken, signedIn.session_token);
    expect(after.status).toBe(200);
    const factors = after.body.data.session.authentication_factors as Array<{ type: string; recovery_code_factor?: { totp_recovery_code_id: string } }>;
    expect(factors.map((f) => f.type)).toEqual(['otp', 'totp', 'recovery_codes', 'recovery_codes']);
    expect(new Set(factors.map((f) => f.recovery_code_factor?.totp_recovery_code_id).filter(Boolean)).size).toBe(2);
  });

  it('locks the user after LOCKOUT_MAX_FAILURES wrong codes, even for the right code', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'lockout.totps@example.com');
    const created = await createTotp(project.publicToken, signedIn.session_token);
    await awayFromStepBoundary();
    const right = codeAt(created.secret);
    const wrong = wrongCode(right);
    for (let i = 0; i < 4; i++) expectSdkError(await post('/totps/authenticate', project.publicToken, signedIn.session_token, { totp_code: wrong }), 401);
    const locked = await post('/totps/authenticate', project.publicToken, signedIn.session_token, { totp_code: right });
    expectSdkError(locked, 429, 'user_lock_limit_reached');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('answers bad input with 400 in the spec shape', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'badinput.totps@example.com');
    for (const [path, body] of [
      ['/totps', { expiration_minutes: 2 }],
      ['/totps', { expiration_minutes: 'soon' }],
      ['/totps/authenticate', { totp_code: '12345' }],
      ['/totps/authenticate', { totp_code: 123456 }],
      ['/totps/authenticate', {}],
      ['/totps/recover', { recovery_code: '' }],
      ['/totps/recover', { recovery_code: 'x'.repeat(65) }],
    ] as const) {
      expectSdkError(await post(path, project.publicToken, signedIn.session_token, body), 400, 'invalid_request');
    }
  });
});

describe('MFA: the intermediate session token', () => {
  it('answers a first factor with an intermediate token once the user has a TOTP, and a session only after the TOTP', async () => {
    const email = 'mfa.user@example.com';
    const enrol = await sdkLogin(server, mfaProject.publicToken, email);
    expect(enrol.mfa_required).toBe(false); // no TOTP yet: a session straight away
    const created = await createTotp(mfaProject.publicToken, enrol.session_token);
    await awayFromStepBoundary();
    expect((await post('/totps/authenticate', mfaProject.publicToken, enrol.session_token, { totp_code: codeAt(created.secret) })).status).toBe(200);

    const first = await sdkLogin(server, mfaProject.publicToken, email);
    expect(first).toMatchObject({ mfa_required: true, session_token: '', session_jwt: '', session: null });
    expect(first.intermediate_session_token.length).toBeGreaterThanOrEqual(43);
    const stored = JSON.stringify(await server.ctx.db.execute('select * from auth_intermediate_sessions'));
    expect(stored).not.toContain(first.intermediate_session_token);
    // The intermediate token is no session token.
    expectSdkError(await post('/sessions/authenticate', mfaProject.publicToken, first.intermediate_session_token), 404, 'session_not_found');

    // A wrong code keeps the intermediate session usable; the right one (sent as the §9 cookie) completes it.
    await awayFromStepBoundary();
    const code = codeAt(created.secret, 1);
    const wrong = wrongCode(code);
    expectSdkError(
      await post('/totps/authenticate', mfaProject.publicToken, '', { totp_code: wrong, intermediate_session_token: first.intermediate_session_token }),
      401,
      'unable_to_auth_totp_code',
    );
    const done = await server.request('/sdk/v1/totps/authenticate', {
      method: 'POST',
      headers: { authorization: basicAuth(mfaProject.publicToken) },
      cookie: `stytch_intermediate_session_token=${first.intermediate_session_token}`,
      body: { totp_code: code, session_duration_minutes: 90 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ mfa_required: false, intermediate_session_token: '' });
    expect(done.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'totp']);
    expect((Date.parse(done.body.data.session.expires_at) - Date.now()) / 60_000).toBeGreaterThan(88);
    expect((await post('/sessions/authenticate', mfaProject.publicToken, done.body.data.session_token)).status).toBe(200);

    // Single use.
    const again = await post('/totps/recover', mfaProject.publicToken, '', {
      recovery_code: created.recovery_codes[0],
      intermediate_session_token: first.intermediate_session_token,
    });
    expectSdkError(again, 404, 'intermediate_session_not_found');

    // A recovery code also completes an intermediate session.
    const second = await sdkLogin(server, mfaProject.publicToken, email);
    const recovered = await post('/totps/recover', mfaProject.publicToken, '', {
      recovery_code: created.recovery_codes[0],
      intermediate_session_token: second.intermediate_session_token,
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['otp', 'recovery_codes']);
  });
});
