// issue 12 (Passkeys and WebAuthn): @keepsake/auth-js's webauthn product in Chromium with the DevTools virtual
// authenticator (ctap2, internal, resident keys, user verification), on another origin than the server: register
// after an email-passcode sign-in, sign out and back in with the passkey, passkey autofill (conditional mediation)
// with its retries and abort, rename and delete, and the refusals (a duplicate registration, a replayed assertion).
import type { Page } from '@playwright/test';
import { expect, test, type Keepsake } from './sdk-fixtures.ts';
import { addAutofillInput, addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const ALREADY_REGISTERED =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';

async function signInWithPasscode(page: Page, mailbox: { passcodeFor(to: string): Promise<string> }, email: string) {
  const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), email);
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  const code = await mailbox.passcodeFor(email);
  const auth = await page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
    code,
    sent.ok ? sent.value.method_id : '',
  ] as const);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
}

const factorTypes = (page: Page) => page.evaluate(() => window.client.session.getSync()?.authentication_factors.map((f) => f.type) ?? null);

/** The server's view of the page's stored session token. */
async function serverSession(page: Page, keepsake: Keepsake, publicToken: string) {
  const token = await page.evaluate(() => window.client.session.getTokens()?.session_token ?? '');
  return keepsake.call('POST', publicToken, '/sessions/authenticate', {}, token);
}

test('passkeys: register after an email passcode, refuse a duplicate, sign out and back in, refuse a replayed assertion, rename, delete', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  const project = await sdkPages.start(page);
  const authenticator = await addVirtualAuthenticator(page);
  const email = unique('sdk-passkey');
  await signInWithPasscode(page, mailbox, email);

  const registered = await test.step('register: the passkey joins the session and the user', async () => {
    const result = await page.evaluate(() => window.sdk.attempt(() => window.client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 })));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) throw new Error('register failed');
    expect(await factorTypes(page)).toEqual(['otp', 'webauthn']);
    const user = await page.evaluate(() => window.client.user.getSync());
    expect(user?.webauthn_registrations).toEqual([
      { webauthn_registration_id: result.value.webauthn_registration_id, name: 'Chrome on Linux', verified: true },
    ]);
    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect((await serverSession(page, keepsake, project.publicToken)).body.data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'otp',
      'webauthn',
    ]);
    return result.value;
  });

  await test.step('a second registration on the same authenticator is refused by the browser (excludeCredentials), with the spec §8 message', async () => {
    const again = await page.evaluate(() => window.sdk.attempt(() => window.client.webauthn.register({ is_passkey: true })));
    expect(again).toMatchObject({ ok: false, error: { name: 'PasskeyAlreadyRegisteredError', shortMessage: ALREADY_REGISTERED } });
    expect(await authenticator.credentials()).toHaveLength(1);
  });

  await test.step('sign out, then sign in with the passkey (primary): a new session with the webauthn factor', async () => {
    const before = await page.evaluate(() => window.client.session.getTokens()?.session_token);
    expect((await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).ok).toBe(true);
    const signedIn = await page.evaluate(() => window.sdk.attempt(() => window.client.webauthn.authenticate({ session_duration_minutes: 60 })));
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    if (!signedIn.ok || !signedIn.value) throw new Error('authenticate failed');
    expect(signedIn.value.webauthn_registration_id).toBe(registered.webauthn_registration_id);
    expect(await factorTypes(page)).toEqual(['webauthn']);
    expect(await page.evaluate(() => window.client.user.getSync()?.emails.map((e) => e.email))).toEqual([email]);
    expect(await page.evaluate(() => window.client.session.getTokens()?.session_token)).not.toBe(before);
    expect((await serverSession(page, keepsake, project.publicToken)).status).toBe(200);
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0);
  });

  await test.step('the assertion the page sent, sent again, is refused: its challenge was used', async () => {
    const sent = await page.evaluate(() => window.sdk.requests.filter((r) => r.url.endsWith('/sdk/v1/webauthn/authenticate')).at(-1)?.body);
    expect(sent).toBeTruthy();
    const replayed = await keepsake.call('POST', project.publicToken, '/webauthn/authenticate', JSON.parse(sent!));
    expect(replayed.status).toBe(404);
    expect(replayed.body.error_type).toBe('webauthn_challenge_not_found');
  });

  await test.step('rename and delete', async () => {
    const id = registered.webauthn_registration_id;
    const renamed = await page.evaluate(
      (i) => window.sdk.attempt(() => window.client.webauthn.update({ webauthn_registration_id: i, name: 'Test laptop' })),
      id,
    );
    expect(renamed.ok, JSON.stringify(renamed)).toBe(true);
    expect(await page.evaluate(() => window.client.user.getSync()?.webauthn_registrations.map((r) => r.name))).toEqual(['Test laptop']);
    const deleted = await page.evaluate((i) => window.sdk.attempt(() => window.client.user.deleteWebauthnRegistration(i)), id);
    expect(deleted.ok, JSON.stringify(deleted)).toBe(true);
    expect(await page.evaluate(() => window.client.user.getSync()?.webauthn_registrations)).toEqual([]);

    // Still in the authenticator, gone from the account: the server does not know it any more.
    expect((await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).ok).toBe(true);
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/webauthn\/authenticate$/ });
    const orphan = await page.evaluate(() => window.sdk.attempt(() => window.client.webauthn.authenticate({ session_duration_minutes: 60 })));
    expect(orphan).toMatchObject({ ok: false, error: { error_type: 'webauthn_registration_not_found', status_code: 404 } });
  });
});

test('passkey autofill: conditional mediation on an input with autocomplete="username webauthn", the spec §8 messages, up to 5 tries, abort', async ({
  page,
  sdkPages,
  mailbox,
  consoleErrors,
}) => {
  await sdkPages.start(page);
  const authenticator = await addVirtualAuthenticator(page);
  const email = unique('sdk-autofill');
  await signInWithPasscode(page, mailbox, email);
  const registered = await page.evaluate(() => window.sdk.attempt(() => window.client.webauthn.register({ is_passkey: true })));
  expect(registered.ok, JSON.stringify(registered)).toBe(true);
  expect((await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).ok).toBe(true);

  await test.step('without an input that asks for webauthn: the spec §8 message, nothing returned, nothing sent', async () => {
    consoleErrors.allow({ text: /^No <input> with "webauthn" in its autocomplete attribute was detected\.$/ });
    const sentBefore = await page.evaluate(() => window.sdk.requests.length);
    const result = await page.evaluate(() =>
      window.sdk.attempt(() => window.client.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true })),
    );
    expect(result).toEqual({ ok: true, value: null });
    expect(consoleErrors.matching(/webauthn/)).toEqual(['No <input> with "webauthn" in its autocomplete attribute was detected.']);
    expect(await page.evaluate(() => window.sdk.requests.length)).toBe(sentBefore);
  });

  await addAutofillInput(page);

  await test.step('the browser supports autofill; conditional mediation signs in with the passkey', async () => {
    expect(await page.evaluate(() => window.client.webauthn.browserSupportsAutofill())).toBe(true);
    const result = await page.evaluate(() =>
      window.sdk.attempt(() => window.client.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true })),
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await factorTypes(page)).toEqual(['webauthn']);
    expect(await page.evaluate(() => window.client.user.getSync()?.emails.map((e) => e.email))).toEqual([email]);
  });

  await test.step('a passkey the account no longer has: autofill tries 5 times in all, reporting each failure, then gives up', async () => {
    const id = registered.ok ? registered.value.webauthn_registration_id : '';
    expect((await page.evaluate((i) => window.sdk.attempt(() => window.client.user.deleteWebauthnRegistration(i)), id)).ok).toBe(true);
    expect((await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).ok).toBe(true);
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/webauthn\/authenticate$/ });
    const outcome = await page.evaluate(async () => {
      const sent = () => window.sdk.requests.filter((r) => r.url.endsWith('/sdk/v1/webauthn/authenticate')).length;
      const before = sent();
      const reported: string[] = [];
      const result = await window.sdk.attempt(() =>
        window.client.webauthn.autofill({
          session_duration_minutes: 60,
          onError: (e) => void reported.push((e as { error_type?: string }).error_type ?? String(e)),
        }),
      );
      return { result, reported, tries: sent() - before };
    });
    expect(outcome.result).toMatchObject({ ok: false, error: { error_type: 'webauthn_registration_not_found' } });
    expect(outcome.reported).toEqual(Array(4).fill('webauthn_registration_not_found'));
    expect(outcome.tries).toBe(5);
  });

  await test.step('while the user has not picked a passkey the request waits; aborting it ends authenticate with an error and autofill with null', async () => {
    await authenticator.presence(false);
    const aborted = await page.evaluate(async () => {
      const controller = new AbortController();
      const pending = window.sdk.attempt(() =>
        window.client.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true, signal: controller.signal }),
      );
      setTimeout(() => controller.abort(new DOMException('The page moved on.', 'AbortError')), 300);
      return pending;
    });
    expect(aborted).toMatchObject({
      ok: false,
      error: {
        name: 'PasskeyCeremonyError',
        shortMessage: 'Unknown error occurred during passkey authentication. Please try again.',
        details: 'The page moved on.',
      },
    });
    const sentBefore = await page.evaluate(() => window.sdk.requests.filter((r) => r.url.endsWith('/webauthn/authenticate/start/primary')).length);
    const stopped = await page.evaluate(async () => {
      const controller = new AbortController();
      const pending = window.sdk.attempt(() => window.client.webauthn.autofill({ session_duration_minutes: 60, signal: controller.signal }));
      setTimeout(() => controller.abort(), 300);
      return pending;
    });
    expect(stopped).toEqual({ ok: true, value: null });
    // Aborted is not failed: no second try.
    expect(await page.evaluate(() => window.sdk.requests.filter((r) => r.url.endsWith('/webauthn/authenticate/start/primary')).length)).toBe(sentBefore + 1);
  });

  await test.step('a browser without autofill support: the spec §8 message, nothing returned', async () => {
    consoleErrors.allow({ text: /^Browser does not support WebAuthn autofill\.$/ });
    const result = await page.evaluate(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      return window.sdk.attempt(() => window.client.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true }));
    });
    expect(result).toEqual({ ok: true, value: null });
    expect(consoleErrors.matching(/autofill/)).toEqual(['Browser does not support WebAuthn autofill.']);
  });
});

test('passkey calls are checked before anything is sent: registration needs a session, sign-in a session length', async ({ page, sdkPages }) => {
  await sdkPages.start(page, { client: { telemetry: false } });
  const before = await page.evaluate(() => window.sdk.requests.length);
  const outcomes = await page.evaluate(async () => {
    const c = window.client;
    const run = window.sdk.attempt;
    return {
      noSession: await run(() => c.webauthn.register({ is_passkey: true })),
      noDuration: await run(() => c.webauthn.authenticate({} as never)),
      badFlag: await run(() => c.webauthn.authenticate({ session_duration_minutes: 30, conditional_mediation: 'yes' as never })),
      emptyName: await run(() => c.webauthn.update({ webauthn_registration_id: 'x', name: '  ' })),
    };
  });
  expect(outcomes.noSession).toMatchObject({ ok: false, error: { name: 'NoSessionError' } });
  expect(outcomes.noDuration).toMatchObject({ ok: false, error: { name: 'InvalidInputError', details: 'Empty parameter session_duration_minutes' } });
  expect(outcomes.badFlag).toMatchObject({ ok: false, error: { details: 'conditional_mediation must be a boolean value' } });
  expect(outcomes.emptyName).toMatchObject({ ok: false, error: { details: 'Empty parameter name' } });
  expect(await page.evaluate(() => window.sdk.requests.length)).toBe(before);
});
