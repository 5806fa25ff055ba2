// issue 12: passkeys through Stytch's own @stytch/vanilla-js (headless) in Chromium with the DevTools virtual
// authenticator. The client parses public_key_credential_creation_options and …request_options as JSON text, sends
// the credential as JSON text, stores the session of register and authenticate from `session`, `user` and the two
// tokens, and calls start/secondary whenever it holds a session.
import { addAutofillInput, addVirtualAuthenticator } from '../support/virtual-authenticator.ts';
import { expect, expectSignedIn, expectSignedOut, test, unique } from './fixtures.ts';

test('passkeys: register after an email passcode, sign out and back in (modal and autofill), step up, rename, delete', async ({
  page,
  genuine,
  keepsake,
  mailbox,
}) => {
  const project = await genuine.start(page);
  const authenticator = await addVirtualAuthenticator(page);
  const email = unique('genuine-passkey');

  await test.step('sign in with an email passcode', async () => {
    const sent = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.otps.email.loginOrCreate(to)), email);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const code = await mailbox.passcodeFor(email);
    const auth = await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
      code,
      sent.ok ? sent.value.method_id : '',
    ] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
  });

  const registrationId =
    await test.step('webauthn.register: the client stores the session with the webauthn factor and the user with the passkey', async () => {
      const before = (await genuine.stored(page)).tokens!.session_token;
      const result = await page.evaluate(() =>
        window.genuine.attempt(() => window.stytch.webauthn.register({ is_passkey: true, session_duration_minutes: 60 })),
      );
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) throw new Error('register failed');
      expect(result.value).not.toHaveProperty('__user');
      const stored = await expectSignedIn(genuine, page, { email });
      expect(stored.session!.authentication_factors.map((f) => f.type)).toEqual(['otp', 'webauthn']);
      expect(stored.tokens!.session_token).toBe(before);
      const user = (await page.evaluate(() => window.stytch.user.getSync())) as {
        webauthn_registrations: Array<{ webauthn_registration_id: string; name: string }>;
      };
      expect(user.webauthn_registrations).toEqual([
        expect.objectContaining({ webauthn_registration_id: result.value.webauthn_registration_id, name: 'Chrome on Linux' }),
      ]);
      expect(await authenticator.credentials()).toHaveLength(1);
      return result.value.webauthn_registration_id;
    });

  await test.step('with a session, webauthn.authenticate goes through start/secondary and steps the same session up', async () => {
    const before = (await genuine.stored(page)).tokens!.session_token;
    const result = await page.evaluate(() => window.genuine.attempt(() => window.stytch.webauthn.authenticate({ session_duration_minutes: 60 })));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const urls = await page.evaluate(() => window.genuine.requests.map((r) => r.url));
    expect(urls.filter((u) => u.includes('/webauthn/authenticate/start/')).at(-1)).toMatch(/\/start\/secondary$/);
    expect((await expectSignedIn(genuine, page, { email })).tokens!.session_token).toBe(before);
  });

  await test.step('sign out, then webauthn.authenticate (start/primary) signs in with the passkey', async () => {
    expect((await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()))).ok).toBe(true);
    await expectSignedOut(genuine, page);
    const result = await page.evaluate(() => window.genuine.attempt(() => window.stytch.webauthn.authenticate({ session_duration_minutes: 60 })));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const stored = await expectSignedIn(genuine, page, { email });
    expect(stored.session!.authentication_factors.map((f) => f.type)).toEqual(['webauthn']);
    const server = await keepsake.call('POST', project.publicToken, '/sessions/authenticate', {}, stored.tokens!.session_token);
    expect(server.status).toBe(200);
  });

  await test.step('sign out, then passkey autofill (conditional mediation) on an input with autocomplete="username webauthn"', async () => {
    expect((await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()))).ok).toBe(true);
    await addAutofillInput(page);
    expect(await page.evaluate(() => window.stytch.webauthn.browserSupportsAutofill())).toBe(true);
    const result = await page.evaluate(() =>
      window.genuine.attempt(() => window.stytch.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true })),
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.ok && result.value).toBeTruthy();
    await expectSignedIn(genuine, page, { email });
  });

  await test.step('webauthn.update renames it; user.deleteWebauthnRegistration deletes it (the client reads __user)', async () => {
    const renamed = await page.evaluate(
      (id) => window.genuine.attempt(() => window.stytch.webauthn.update({ webauthn_registration_id: id, name: 'Test laptop' })),
      registrationId,
    );
    expect(renamed.ok, JSON.stringify(renamed)).toBe(true);
    expect(renamed.ok ? (renamed.value as unknown as { webauthn_registration: { name: string } }).webauthn_registration.name : '').toBe('Test laptop');
    const fresh = await page.evaluate(() => window.genuine.attempt(() => window.stytch.user.get()));
    expect(fresh.ok && (fresh.value as unknown as { webauthn_registrations: Array<{ name: string }> }).webauthn_registrations.map((r) => r.name)).toEqual([
      'Test laptop',
    ]);
    const deleted = await page.evaluate((id) => window.genuine.attempt(() => window.stytch.user.deleteWebauthnRegistration(id)), registrationId);
    expect(deleted.ok, JSON.stringify(deleted)).toBe(true);
    expect(await page.evaluate(() => (window.stytch.user.getSync() as unknown as { webauthn_registrations: unknown[] }).webauthn_registrations)).toEqual([]);
  });
});
