// issue 12 (Passkeys and WebAuthn): registration, sign-in and renaming through /sdk/v1/webauthn, with a software
// authenticator that signs for real (testing/soft-authenticator.ts). Browser runs: e2e/passkeys.spec.ts.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createProject, createSdkProject, dumpTable, expectSdkError, rowsOf, sdkLogin } from '../../testing/sdk.ts';
import { softAuthenticator } from '../../testing/soft-authenticator.ts';

const ALREADY_REGISTERED =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NO_ACTIVE_SESSION = 'No active session detected. Please log in to continue.';
const origin = 'https://app.example.com';
const chromeOnLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let other: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IDENTIFIER: '50' } });
  project = await createSdkProject(server, 'owner.passkeys@example.com', 'Passkey project', [origin, 'https://shop.example.org']);
  other = await createSdkProject(server, 'owner.other-passkeys@example.com', 'Other passkey project', [origin]);
});
afterAll(() => server?.close());

function call(method: string, publicToken: string, path: string, sessionToken = '', body?: unknown) {
  return server.request(`/sdk/v1${path}`, {
    method,
    headers: { authorization: basicAuth(publicToken, sessionToken), 'user-agent': chromeOnLinux },
    ...(body === undefined ? {} : { body }),
  });
}
const post = (publicToken: string, path: string, sessionToken: string, body: unknown) => call('POST', publicToken, path, sessionToken, body);

type Options = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string }; excludeCredentials: Array<{ id: string }> };

async function registerStart(publicToken: string, sessionToken: string, body: Record<string, unknown> = {}) {
  const res = await post(publicToken, '/webauthn/register/start', sessionToken, {
    domain: 'app.example.com',
    return_passkey_credential_options: true,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.public_key_credential_creation_options as string;
}

/** Signs `email` in and registers a passkey on `authenticator`; returns the sign-in, the answer and the credential. */
async function registerPasskey(authenticator: ReturnType<typeof softAuthenticator>, email: string, publicToken = project.publicToken) {
  const signedIn = await sdkLogin(server, publicToken, email);
  const created = authenticator.create(await registerStart(publicToken, signedIn.session_token), origin);
  const res = await post(publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(created.json) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { signedIn, data: res.body.data, credential: created.credential };
}

async function authenticateStart(publicToken: string, kind: 'primary' | 'secondary' = 'primary', sessionToken = '', domain = 'app.example.com') {
  const res = await post(publicToken, `/webauthn/authenticate/start/${kind}`, sessionToken, { domain, return_passkey_credential_options: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.public_key_credential_request_options as string;
}

const authenticate = (publicToken: string, assertion: unknown, sessionToken = '') =>
  post(publicToken, '/webauthn/authenticate', sessionToken, { public_key_credential: JSON.stringify(assertion), session_duration_minutes: 60 });

const factorTypes = (session: { authentication_factors: Array<{ type: string }> }) => session.authentication_factors.map((f) => f.type);

describe('/sdk/v1/webauthn', () => {
  it('registration needs an active session (401 first), with the spec §6 message', async () => {
    for (const path of ['/webauthn/register/start', '/webauthn/register', '/webauthn/authenticate/start/secondary']) {
      const body = path === '/webauthn/register' ? { public_key_credential: '{}' } : { domain: 'app.example.com' };
      expectSdkError(await server.request(`/sdk/v1${path}`, { method: 'POST', body }), 401, 'unauthorized_credentials');
      const noSession = await post(project.publicToken, path, '', body);
      expectSdkError(noSession, 401, 'unauthorized_credentials');
      expect(noSession.body.error_message).toBe(NO_ACTIVE_SESSION);
      const ended = await post(project.publicToken, path, 'not-a-session', body);
      expectSdkError(ended, 404, 'session_not_found');
      expect(ended.body.error_message).toBe(NO_ACTIVE_SESSION);
    }
    expectSdkError(await call('PUT', project.publicToken, `/webauthn/update/${crypto.randomUUID()}`, '', { name: 'x' }), 401, 'unauthorized_credentials');
  });

  it('registers a passkey: creation options for the session user, the credential stored with its key, counter, transports and backup flags, the factor in the same session', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'register.passkeys@example.com');
    const text = await registerStart(project.publicToken, signedIn.session_token, { user_agent: chromeOnLinux });
    const options = JSON.parse(text) as Options & Record<string, any>;
    expect(options.rp).toEqual({ id: 'app.example.com', name: 'Passkey project' });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(signedIn.user_id);
    expect(options.user.name).toBe('register.passkeys@example.com');
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.attestation).toBe('none');
    // The challenge is kept only as a hash.
    expect(await dumpTable(server, 'auth_webauthn_challenges')).not.toContain(options.challenge);

    const authenticator = softAuthenticator({ synced: true });
    const created = authenticator.create(text, origin);
    const res = await post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(created.json) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.webauthn_registration_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.user.webauthn_registrations).toEqual([{ webauthn_registration_id: data.webauthn_registration_id, name: 'Chrome on Linux', verified: true }]);
    expect(data.__user).toEqual(data.user);
    // The factor joins the session that registered it (ADR 080): same id and token, both factors in the JWT.
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session!.session_id);
    expect(factorTypes(data.session)).toEqual(['otp', 'webauthn']);
    expect(data.session.authentication_factors[1]).toMatchObject({
      delivery_method: 'webauthn_registration',
      webauthn_factor: { webauthn_registration_id: data.webauthn_registration_id, domain: 'app.example.com', user_agent: chromeOnLinux },
    });
    const claims = decodeJwt(data.session_jwt)['https://stytch.com/session'] as { authentication_factors: Array<{ type: string }> };
    expect(factorTypes(claims)).toEqual(['otp', 'webauthn']);

    const [row] = rowsOf<Record<string, unknown>>(
      await server.ctx.db.execute(
        `select credential_id, public_key, counter, transports, user_handle, rp_id, authenticator_type, backup_eligible, backed_up from auth_webauthn_registrations where id = '${data.webauthn_registration_id}'`,
      ),
    );
    expect(row).toMatchObject({
      credential_id: created.credential.id,
      transports: ['internal'],
      user_handle: options.user.id,
      rp_id: 'app.example.com',
      authenticator_type: 'platform',
      backup_eligible: true,
      backed_up: true,
    });
    expect(Number(row!.counter)).toBe(0);
    expect(Buffer.from(row!.public_key as string, 'base64url')).toEqual(Buffer.from(created.credential.cosePublicKey));
    // Used up.
    expect(await dumpTable(server, 'auth_webauthn_challenges')).not.toContain(signedIn.user_id);

    const me = await call('GET', project.publicToken, '/users/me', signedIn.session_token);
    expect(me.body.data.webauthn_registrations).toEqual([{ webauthn_registration_id: data.webauthn_registration_id, name: 'Chrome on Linux', verified: true }]);
    // A second registration excludes the first credential (the browser then refuses it: spec §8 "already registered").
    const again = JSON.parse(await registerStart(project.publicToken, signedIn.session_token)) as Options;
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([created.credential.id]);
  });

  it("refuses a credential already registered in the project (anyone's) with the spec §8 message; another project may hold the same one", async () => {
    const authenticator = softAuthenticator();
    const first = await registerPasskey(authenticator, 'dup.one.passkeys@example.com');
    const reuse = first.credential;

    const same = authenticator.create(await registerStart(project.publicToken, first.signedIn.session_token), origin, { reuse });
    const twice = await post(project.publicToken, '/webauthn/register', first.signedIn.session_token, { public_key_credential: JSON.stringify(same.json) });
    expectSdkError(twice, 409, 'duplicate_webauthn_registration');
    expect(twice.body.error_message).toBe(ALREADY_REGISTERED);

    const someoneElse = await sdkLogin(server, project.publicToken, 'dup.two.passkeys@example.com');
    const theirs = authenticator.create(await registerStart(project.publicToken, someoneElse.session_token), origin, { reuse });
    expectSdkError(
      await post(project.publicToken, '/webauthn/register', someoneElse.session_token, { public_key_credential: JSON.stringify(theirs.json) }),
      409,
      'duplicate_webauthn_registration',
    );

    const elsewhere = await sdkLogin(server, other.publicToken, 'dup.one.passkeys@example.com');
    const there = authenticator.create(await registerStart(other.publicToken, elsewhere.session_token), origin, { reuse });
    const stored = await post(other.publicToken, '/webauthn/register', elsewhere.session_token, { public_key_credential: JSON.stringify(there.json) });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  });

  it('uses a registration challenge once, only before it expires, only for the user and project that asked for it', async () => {
    const authenticator = softAuthenticator();
    const signedIn = await sdkLogin(server, project.publicToken, 'challenge.passkeys@example.com');
    const created = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), origin);
    const body = { public_key_credential: JSON.stringify(created.json) };
    expect((await post(project.publicToken, '/webauthn/register', signedIn.session_token, body)).status).toBe(200);
    expectSdkError(await post(project.publicToken, '/webauthn/register', signedIn.session_token, body), 404, 'webauthn_challenge_not_found');

    const late = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), origin);
    await server.ctx.db.execute(`update auth_webauthn_challenges set expires_at = now() - interval '1 second' where user_id = '${signedIn.user_id}'`);
    expectSdkError(
      await post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(late.json) }),
      404,
      'webauthn_challenge_not_found',
    );

    const mallory = await sdkLogin(server, project.publicToken, 'mallory.passkeys@example.com');
    const stolen = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), origin);
    expectSdkError(
      await post(project.publicToken, '/webauthn/register', mallory.session_token, { public_key_credential: JSON.stringify(stolen.json) }),
      404,
      'webauthn_challenge_not_found',
    );

    const inOther = await sdkLogin(server, other.publicToken, 'challenge.passkeys@example.com');
    const crossed = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), origin);
    expectSdkError(
      await post(other.publicToken, '/webauthn/register', inOther.session_token, { public_key_credential: JSON.stringify(crossed.json) }),
      404,
      'webauthn_challenge_not_found',
    );
  });

  it("checks the domain (RP ID) against the project's allowed origins, and the page origin the browser signed", async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'domains.passkeys@example.com');
    const start = (domain: string) => post(project.publicToken, '/webauthn/register/start', signedIn.session_token, { domain });
    for (const domain of ['evil.com', 'com', 'org', 'xample.org', 'localhost.evil.com', 'pp.example.com', '.example.com', 'app..example.com']) {
      expectSdkError(await start(domain), 400, 'domain_not_allowed');
    }
    for (const domain of ['app.example.com', 'example.com', 'APP.example.com', 'shop.example.org', 'example.org'])
      expect((await start(domain)).status).toBe(200);
    expectSdkError(await start('https://app.example.com'), 400, 'invalid_request');
    expectSdkError(await post(project.publicToken, '/webauthn/authenticate/start/primary', '', { domain: 'evil.com' }), 400, 'domain_not_allowed');

    // A test project accepts localhost, as it accepts http://localhost origins; a live project does not.
    const live = await createProject(server, 'Live passkeys', {}, 'live');
    expectSdkError(await post(live.publicToken, '/webauthn/authenticate/start/primary', '', { domain: 'localhost' }), 400, 'domain_not_allowed');
    const local = await sdkLogin(server, other.publicToken, 'local.passkeys@example.com');
    const localOptions = await post(other.publicToken, '/webauthn/register/start', local.session_token, { domain: 'localhost' });
    expect(localOptions.status).toBe(200);
    const fromLocalhost = softAuthenticator().create(localOptions.body.data.public_key_credential_creation_options, 'http://localhost:5173');
    expect(
      (await post(other.publicToken, '/webauthn/register', local.session_token, { public_key_credential: JSON.stringify(fromLocalhost.json) })).status,
    ).toBe(200);

    const authenticator = softAuthenticator();
    for (const pageOrigin of ['https://evil.com', 'https://shop.example.org', 'http://app.example.com']) {
      const created = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), pageOrigin);
      const res = await post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(created.json) });
      expectSdkError(res, 400, 'invalid_public_key_credential');
    }
  });

  it('requires user verification for a passkey, not for a second-factor key', async () => {
    const authenticator = softAuthenticator({ userVerified: false });
    const signedIn = await sdkLogin(server, project.publicToken, 'uv.passkeys@example.com');
    const passkey = authenticator.create(await registerStart(project.publicToken, signedIn.session_token), origin);
    const refused = await post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(passkey.json) });
    expectSdkError(refused, 400, 'invalid_public_key_credential');
    expect(refused.body.error_message).toMatch(/user (could not be )?verified/i);

    const keyOptions = await registerStart(project.publicToken, signedIn.session_token, {
      return_passkey_credential_options: false,
      authenticator_type: 'cross-platform',
    });
    expect(JSON.parse(keyOptions).authenticatorSelection).toEqual({
      residentKey: 'discouraged',
      requireResidentKey: false,
      userVerification: 'preferred',
      authenticatorAttachment: 'cross-platform',
    });
    const key = authenticator.create(keyOptions, origin);
    expect((await post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: JSON.stringify(key.json) })).status).toBe(
      200,
    );
  });

  it('refuses public_key_credential that is not a credential, and validates bodies', async () => {
    const signedIn = await sdkLogin(server, project.publicToken, 'shape.passkeys@example.com');
    const register = (credential: string) => post(project.publicToken, '/webauthn/register', signedIn.session_token, { public_key_credential: credential });
    for (const bad of [
      'not json',
      '{}',
      '[]',
      JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!', attestationObject: 'AA' } }),
    ]) {
      expectSdkError(await register(bad), 400, 'invalid_public_key_credential');
    }
    const wrongType = softAuthenticator().get(await authenticateStart(project.publicToken), origin, {
      credential: (await registerPasskey(softAuthenticator(), 'shape2.passkeys@example.com')).credential,
    });
    expectSdkError(await register(JSON.stringify(wrongType)), 400, 'invalid_public_key_credential');
    expectSdkError(await register(''), 400, 'invalid_request');
    expectSdkError(await post(project.publicToken, '/webauthn/authenticate', '', { public_key_credential: '{}' }), 400, 'invalid_request');
    expectSdkError(await post(project.publicToken, '/webauthn/register/start', signedIn.session_token, {}), 400, 'invalid_request');
    expectSdkError(
      await post(project.publicToken, '/webauthn/register/start', signedIn.session_token, { domain: 'app.example.com', authenticator_type: 'usb' }),
      400,
      'invalid_request',
    );
  });

  it('signs in with a passkey: request options for any discoverable credential, a new session with the webauthn factor, the counter moved', async () => {
    const authenticator = softAuthenticator();
    const { signedIn, data: registered, credential } = await registerPasskey(authenticator, 'signin.passkeys@example.com');
    const text = await authenticateStart(project.publicToken);
    const options = JSON.parse(text) as Record<string, unknown>;
    expect(options).toMatchObject({ rpId: 'app.example.com', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await authenticate(project.publicToken, authenticator.get(text, origin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ user_id: signedIn.user_id, webauthn_registration_id: registered.webauthn_registration_id, mfa_required: false });
    expect(data.session_token).not.toBe(signedIn.session_token);
    expect(factorTypes(data.session)).toEqual(['webauthn']);
    expect((await call('GET', project.publicToken, '/users/me', data.session_token)).status).toBe(200);
    const [row] = rowsOf<{ counter: string; last_used_at: Date | null }>(
      await server.ctx.db.execute(`select counter, last_used_at from auth_webauthn_registrations where credential_id = '${credential.id}'`),
    );
    expect(Number(row!.counter)).toBe(1);
    expect(row!.last_used_at).not.toBeNull();
  });

  it('refuses a replayed assertion, a counter that goes back, a bad signature, and a missing user verification', async () => {
    const authenticator = softAuthenticator();
    const { credential } = await registerPasskey(authenticator, 'replay.passkeys@example.com');
    const assertion = authenticator.get(await authenticateStart(project.publicToken), origin);
    expect((await authenticate(project.publicToken, assertion)).status).toBe(200);
    const replayed = await authenticate(project.publicToken, assertion);
    expectSdkError(replayed, 404, 'webauthn_challenge_not_found');
    expect(replayed.body.error_message).toMatch(/already used/);

    credential.counter = 0; // a cloned key that did not see the last signature
    expectSdkError(
      await authenticate(project.publicToken, authenticator.get(await authenticateStart(project.publicToken), origin)),
      401,
      'unable_to_auth_webauthn_registration',
    );
    credential.counter = 5;
    const tampered = authenticator.get(await authenticateStart(project.publicToken), origin);
    tampered.response.signature = Buffer.from(Buffer.from(tampered.response.signature, 'base64url').map((b, i) => (i === 10 ? b ^ 1 : b))).toString(
      'base64url',
    );
    expectSdkError(await authenticate(project.publicToken, tampered), 401, 'unable_to_auth_webauthn_registration');
    const unverified = authenticator.get(await authenticateStart(project.publicToken), origin, { userVerified: false });
    expectSdkError(await authenticate(project.publicToken, unverified), 401, 'unable_to_auth_webauthn_registration');
    // None of these moved the counter: the next genuine signature is still accepted.
    expect((await authenticate(project.publicToken, authenticator.get(await authenticateStart(project.publicToken), origin))).status).toBe(200);
  });

  it('settles a race: of two concurrent sends of one assertion, exactly one signs in', async () => {
    const authenticator = softAuthenticator();
    await registerPasskey(authenticator, 'race.passkeys@example.com');
    const assertion = authenticator.get(await authenticateStart(project.publicToken), origin);
    const answers = await Promise.all([authenticate(project.publicToken, assertion), authenticate(project.publicToken, assertion)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.status === 404)!.body.error_type).toBe('webauthn_challenge_not_found');
  });

  it('accepts an authenticator that keeps its counter at 0 (as synced passkeys do), once per challenge', async () => {
    const authenticator = softAuthenticator({ counting: false, synced: true });
    await registerPasskey(authenticator, 'zero.passkeys@example.com');
    for (let i = 0; i < 2; i++) {
      expect((await authenticate(project.publicToken, authenticator.get(await authenticateStart(project.publicToken), origin))).status).toBe(200);
    }
  });

  it('keeps projects apart: a challenge or a credential of one project is unknown to another', async () => {
    const authenticator = softAuthenticator();
    await registerPasskey(authenticator, 'tenant.passkeys@example.com');
    // The credential exists only in `project`: `other`'s challenge does not find it.
    expectSdkError(
      await authenticate(other.publicToken, authenticator.get(await authenticateStart(other.publicToken), origin)),
      404,
      'webauthn_registration_not_found',
    );
    // `project`'s challenge presented to `other`.
    expectSdkError(
      await authenticate(other.publicToken, authenticator.get(await authenticateStart(project.publicToken), origin)),
      404,
      'webauthn_challenge_not_found',
    );
  });

  it("steps a session up with one of the session user's passkeys (secondary), never another user's", async () => {
    const mine = softAuthenticator();
    const { signedIn, credential } = await registerPasskey(mine, 'stepup.passkeys@example.com');
    const theirs = softAuthenticator();
    const { credential: theirCredential } = await registerPasskey(theirs, 'stepup.other.passkeys@example.com');

    const session = await sdkLogin(server, project.publicToken, 'stepup.passkeys@example.com');
    const text = await authenticateStart(project.publicToken, 'secondary', session.session_token);
    expect(JSON.parse(text).allowCredentials).toEqual([{ id: credential.id, type: 'public-key', transports: ['internal'] }]);
    const res = await authenticate(project.publicToken, mine.get(text, origin), session.session_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.session_token).toBe(session.session_token);
    expect(factorTypes(res.body.data.session)).toEqual(['otp', 'webauthn']);

    const other = theirs.get(await authenticateStart(project.publicToken, 'secondary', session.session_token), origin, { credential: theirCredential });
    expectSdkError(await authenticate(project.publicToken, other, session.session_token), 401, 'unable_to_auth_webauthn_registration');
    expect(signedIn.user_id).toBe(res.body.data.user_id);

    const without = await sdkLogin(server, project.publicToken, 'nopasskey.passkeys@example.com');
    expectSdkError(
      await post(project.publicToken, '/webauthn/authenticate/start/secondary', without.session_token, { domain: 'app.example.com' }),
      404,
      'webauthn_registration_not_found',
    );
  });

  it("renames and deletes the user's own passkeys; a deleted passkey no longer signs in", async () => {
    const authenticator = softAuthenticator();
    const { signedIn, data } = await registerPasskey(authenticator, 'rename.passkeys@example.com');
    const id = data.webauthn_registration_id as string;
    const renamed = await call('PUT', project.publicToken, `/webauthn/update/${id}`, signedIn.session_token, { name: '  Work laptop  ' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.webauthn_registration).toMatchObject({
      webauthn_registration_id: id,
      name: 'Work laptop',
      domain: 'app.example.com',
      verified: true,
    });
    expect(renamed.body.data.__user.webauthn_registrations).toEqual([{ webauthn_registration_id: id, name: 'Work laptop', verified: true }]);
    expectSdkError(await call('PUT', project.publicToken, `/webauthn/update/${id}`, signedIn.session_token, { name: '   ' }), 400, 'invalid_request');
    expectSdkError(await call('PUT', project.publicToken, `/webauthn/update/${id}`, signedIn.session_token, { name: 'x'.repeat(101) }), 400, 'invalid_request');

    const stranger = await sdkLogin(server, project.publicToken, 'stranger.passkeys@example.com');
    for (const target of [id, crypto.randomUUID(), 'not-an-id']) {
      expectSdkError(
        await call('PUT', project.publicToken, `/webauthn/update/${target}`, stranger.session_token, { name: 'Mine now' }),
        404,
        'webauthn_registration_not_found',
      );
    }
    expectSdkError(
      await call('DELETE', project.publicToken, `/users/webauthn_registrations/${id}`, stranger.session_token),
      404,
      'webauthn_registration_not_found',
    );

    const deleted = await call('DELETE', project.publicToken, `/users/webauthn_registrations/${id}`, signedIn.session_token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data.__user.webauthn_registrations).toEqual([]);
    expectSdkError(
      await authenticate(project.publicToken, authenticator.get(await authenticateStart(project.publicToken), origin)),
      404,
      'webauthn_registration_not_found',
    );
  });

  it('counts failed passkey signatures toward the user lockout', async () => {
    const lockServer = await startTestServer({ env: { LOCKOUT_MAX_FAILURES: '2' } });
    try {
      const locked = await createSdkProject(lockServer, 'owner.lock.passkeys@example.com', 'Lockout passkeys', [origin]);
      const signedIn = await sdkLogin(lockServer, locked.publicToken, 'lock.passkeys@example.com');
      const authenticator = softAuthenticator();
      const send = (path: string, body: unknown, token = '') =>
        lockServer.request(`/sdk/v1${path}`, { method: 'POST', headers: { authorization: basicAuth(locked.publicToken, token) }, body });
      const options = (await send('/webauthn/register/start', { domain: 'app.example.com', return_passkey_credential_options: true }, signedIn.session_token))
        .body.data.public_key_credential_creation_options as string;
      expect(
        (await send('/webauthn/register', { public_key_credential: JSON.stringify(authenticator.create(options, origin).json) }, signedIn.session_token))
          .status,
      ).toBe(200);
      const attempt = async (userVerified: boolean) => {
        const start = (await send('/webauthn/authenticate/start/primary', { domain: 'app.example.com' })).body.data
          .public_key_credential_request_options as string;
        return send('/webauthn/authenticate', {
          public_key_credential: JSON.stringify(authenticator.get(start, origin, { userVerified })),
          session_duration_minutes: 30,
        });
      };
      expectSdkError(await attempt(false), 401, 'unable_to_auth_webauthn_registration');
      expectSdkError(await attempt(false), 401, 'unable_to_auth_webauthn_registration');
      expectSdkError(await attempt(true), 429, 'user_lock_limit_reached');
    } finally {
      await lockServer.close();
    }
  });
});
