import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authBiometricRegistrations, authCryptoWallets, authOauthRegistrations, authWebauthnRegistrations } from '@keepsake/db/schema';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, sdkLogin } from '../../testing/sdk.ts';

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer();
  project = await createSdkProject(server, 'owner.users@example.com', 'Users project');
});
afterAll(() => server?.close());

const call = (method: string, path: string, sessionToken: string, body?: unknown) =>
  server.request(`/sdk/v1${path}`, {
    method,
    headers: { authorization: basicAuth(project.publicToken, sessionToken) },
    ...(body === undefined ? {} : { body }),
  });

/** Registrations the later sign-in methods will create; inserted directly so that the user object and deletes can be checked. */
async function giveFactors(userId: string) {
  const ids = { wallet: randomUUID(), oauth: randomUUID(), webauthn: randomUUID(), biometric: randomUUID() };
  const base = { projectId: project.projectId, userId };
  await server.ctx.db
    .insert(authCryptoWallets)
    .values({ ...base, id: ids.wallet, address: `0x${userId.replaceAll('-', '').padEnd(40, '0').slice(0, 40)}`, walletType: 'ethereum', verified: true });
  await server.ctx.db.insert(authOauthRegistrations).values({ ...base, id: ids.oauth, providerType: 'google', providerSubject: `sub-${userId}` });
  await server.ctx.db
    .insert(authWebauthnRegistrations)
    .values({ ...base, id: ids.webauthn, name: 'Laptop', credentialId: `cred-${userId}`, publicKey: 'pk', verified: true });
  await server.ctx.db.insert(authBiometricRegistrations).values({ ...base, id: ids.biometric, publicKey: 'pk', verified: true });
  return ids;
}

describe('/sdk/v1/users/me', () => {
  it('needs a session (401 first) for GET and PUT', async () => {
    expectSdkError(await server.request('/sdk/v1/users/me'), 401, 'unauthorized_credentials');
    expectSdkError(await server.request('/sdk/v1/users/me', { method: 'PUT', body: { untrusted_metadata: {} } }), 401, 'unauthorized_credentials');
    expectSdkError(await call('PUT', '/users/me', '', { untrusted_metadata: {} }), 401, 'unauthorized_credentials');
    expectSdkError(await call('GET', '/users/me', 'no-such-session'), 404, 'session_not_found');
  });

  it('lists every spec §3 field of the auth user, factors included', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'fields.users@example.com');
    const ids = await giveFactors(signedIn.user_id);
    const res = await call('GET', '/users/me', signedIn.session_token);
    expect(res.status).toBe(200);
    const user = res.body.data;
    for (const field of [
      'emails',
      'phone_numbers',
      'totps',
      'crypto_wallets',
      'providers',
      'webauthn_registrations',
      'biometric_registrations',
      'untrusted_metadata',
    ]) {
      expect(user, field).toHaveProperty(field);
    }
    expect(user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_id: ids.wallet, crypto_wallet_type: 'ethereum', verified: true })]);
    expect(user.providers).toEqual([{ oauth_user_registration_id: ids.oauth, provider_type: 'google', provider_subject: `sub-${signedIn.user_id}` }]);
    expect(user.webauthn_registrations).toEqual([{ webauthn_registration_id: ids.webauthn, name: 'Laptop', verified: true }]);
    expect(user.biometric_registrations).toEqual([{ biometric_registration_id: ids.biometric, verified: true }]);
    // sessions/authenticate carries the same user.
    const session = await call('POST', '/sessions/authenticate', signedIn.session_token, {});
    expect(session.body.data.user.webauthn_registrations).toEqual(user.webauthn_registrations);
  });

  it('merges untrusted_metadata at the top level, removes keys set to null, and caps its size', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'metadata.users@example.com');
    const first = await call('PUT', '/users/me', signedIn.session_token, { untrusted_metadata: { theme: 'dark', prefs: { a: 1 }, gone: true } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ user_id: signedIn.user_id, user: { untrusted_metadata: { theme: 'dark', prefs: { a: 1 }, gone: true } } });
    // issue 10: the genuine client stores the user it reads from `__user`.
    expect(first.body.data.__user).toEqual(first.body.data.user);
    const second = await call('PUT', '/users/me', signedIn.session_token, { untrusted_metadata: { prefs: { b: 2 }, gone: null } });
    expect(second.status).toBe(200);
    expect(second.body.data.user.untrusted_metadata).toEqual({ theme: 'dark', prefs: { b: 2 } });
    expect((await call('GET', '/users/me', signedIn.session_token)).body.data.untrusted_metadata).toEqual(second.body.data.user.untrusted_metadata);

    // An empty body changes nothing.
    const empty = await server.request('/sdk/v1/users/me', {
      method: 'PUT',
      headers: { authorization: basicAuth(project.publicToken, signedIn.session_token), 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(empty.status).toBe(200);
    expect(empty.body.data.user.untrusted_metadata).toEqual(second.body.data.user.untrusted_metadata);

    for (const body of [
      { untrusted_metadata: 'text' },
      { untrusted_metadata: [1, 2] },
      { untrusted_metadata: { big: 'x'.repeat(5000) } },
      { untrusted_metadata: { ['k'.repeat(101)]: 1 } },
    ]) {
      const res = await call('PUT', '/users/me', signedIn.session_token, body);
      expectSdkError(res, 400, 'invalid_request');
      expect(res.body.error_message).toContain('untrusted_metadata');
    }
    expect((await call('GET', '/users/me', signedIn.session_token)).body.data.untrusted_metadata).toEqual(second.body.data.user.untrusted_metadata);
  });
});

describe('DELETE /sdk/v1/users/{factor}/{id}', () => {
  const kinds = [
    ['totps', 'totp_not_found'],
    ['crypto_wallets', 'crypto_wallet_not_found'],
    ['oauth', 'oauth_user_registration_not_found'],
    ['webauthn_registrations', 'webauthn_registration_not_found'],
    ['biometric_registrations', 'biometric_registration_not_found'],
  ] as const;

  it('needs a session (401 first)', async () => {
    for (const [kind] of kinds) {
      expectSdkError(await server.request(`/sdk/v1/users/${kind}/${randomUUID()}`, { method: 'DELETE' }), 401, 'unauthorized_credentials');
    }
  });

  it("deletes the caller's own entries only, answering 200 {data} with the updated user", async () => {
    const alice = await sdkLogin(server, project.publicToken, 'alice.users@example.com');
    const bob = await sdkLogin(server, project.publicToken, 'bob.users@example.com');
    const aliceIds = await giveFactors(alice.user_id);
    const totp = await call('POST', '/totps', alice.session_token, {});
    // issue 10: POST /totps answers the changed user as `__user` too, where the genuine client reads it.
    expect(totp.body.data.__user).toEqual(totp.body.data.user);
    expect(totp.body.data.__user.totps).toEqual([{ totp_id: totp.body.data.totp_id, verified: false }]);
    const aliceEntries: Record<string, string> = {
      totps: totp.body.data.totp_id,
      crypto_wallets: aliceIds.wallet,
      oauth: aliceIds.oauth,
      webauthn_registrations: aliceIds.webauthn,
      biometric_registrations: aliceIds.biometric,
    };
    for (const [kind, notFound] of kinds) {
      // Bob cannot delete Alice's entry, and unknown or malformed ids are 404.
      expectSdkError(await call('DELETE', `/users/${kind}/${aliceEntries[kind]}`, bob.session_token), 404, notFound);
      expectSdkError(await call('DELETE', `/users/${kind}/${randomUUID()}`, alice.session_token), 404, notFound);
      expectSdkError(await call('DELETE', `/users/${kind}/not-an-id`, alice.session_token), 404, notFound);
      const res = await call('DELETE', `/users/${kind}/${aliceEntries[kind]}`, alice.session_token);
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.user_id).toBe(alice.user_id);
      // issue 10: the genuine client reads the user after a delete from `__user`.
      expect(res.body.data.__user).toEqual(res.body.data.user);
      expect(JSON.stringify(res.body.data.__user)).not.toContain(aliceEntries[kind]);
      expectSdkError(await call('DELETE', `/users/${kind}/${aliceEntries[kind]}`, alice.session_token), 404, notFound);
    }
    const me = (await call('GET', '/users/me', alice.session_token)).body.data;
    expect([me.totps, me.crypto_wallets, me.providers, me.webauthn_registrations, me.biometric_registrations]).toEqual([[], [], [], [], []]);
    const recovery = await server.ctx.db.execute(`select count(*)::int as n from auth_totp_recovery_codes where user_id = '${alice.user_id}'`);
    expect(JSON.stringify(recovery)).toContain('"n":0');
  });
});
