// issue 10: every password flow of Stytch's own @stytch/vanilla-js (headless) in Chromium against Keepsake:
// strength check, create, authenticate, reset by email (start, then the link on the app: the project sets no
// redirect URL, so it lands on /authenticate, ADR 076), reset with the existing password, and reset in a session.
import { expect, expectSignedIn, expectSignedOut, test, unique } from './fixtures.ts';

const strong = (label: string) => `${label}-${Math.random().toString(36).slice(2)}-Vault!42`;

test('passwords: strength check, create, authenticate, reset by email, by existing password and by session', async ({
  page,
  genuine,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  // Seven password hashes and strength checks in one test: more than the default 30 s on two busy cores.
  test.setTimeout(60_000);
  const project = await genuine.start(page);
  const email = unique('genuine-password');
  let password = strong('first');
  const signOut = async () => {
    expect((await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()))).ok).toBe(true);
    await expectSignedOut(genuine, page);
  };

  await test.step('users/search answers userType new, then strengthCheck scores a weak and a strong password', async () => {
    const search = await keepsake.call('POST', project.publicToken, '/users/search', { email });
    expect(search.body.data).toMatchObject({ user_type: 'new', userType: 'new' });
    const weak = await page.evaluate(() => window.genuine.attempt(() => window.stytch.passwords.strengthCheck({ password: 'password' })));
    expect(weak).toMatchObject({ ok: true, value: { valid_password: false, breached_password: true } });
    const good = await page.evaluate(([e, p]) => window.genuine.attempt(() => window.stytch.passwords.strengthCheck({ email: e, password: p })), [
      email,
      password,
    ] as const);
    expect(good).toMatchObject({ ok: true, value: { valid_password: true, breached_password: false } });
  });

  await test.step('create signs the new user in', async () => {
    const created = await page.evaluate(
      ([e, p]) => window.genuine.attempt(() => window.stytch.passwords.create({ email: e, password: p, session_duration_minutes: 60 })),
      [email, password] as const,
    );
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const stored = await expectSignedIn(genuine, page, { email });
    expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'password' })]);
    await signOut();
  });

  await test.step('authenticate with it; a wrong password is the API error the client surfaces', async () => {
    consoleErrors.allow({ text: /status of 401/, url: /\/sdk\/v1\/passwords\/authenticate$/ });
    const wrong = await page.evaluate(
      (e) => window.genuine.attempt(() => window.stytch.passwords.authenticate({ email: e, password: 'Not-the-Password-99!', session_duration_minutes: 60 })),
      email,
    );
    expect(wrong).toMatchObject({ ok: false, error: { name: 'StytchAPIError', status_code: 401 } });
    const signedIn = await page.evaluate(
      ([e, p]) => window.genuine.attempt(() => window.stytch.passwords.authenticate({ email: e, password: p, session_duration_minutes: 60 })),
      [email, password] as const,
    );
    expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
    await expectSignedIn(genuine, page, { email });
    await signOut();
  });

  await test.step('reset by email: start (with PKCE), open the link on the app, set the new password there', async () => {
    const started = await page.evaluate((e) => window.genuine.attempt(() => window.stytch.passwords.resetByEmailStart({ email: e })), email);
    expect(started.ok, JSON.stringify(started)).toBe(true);
    const mail = await mailbox.waitFor(email);
    const link = mail.text
      .match(/https?:\/\/\S+/g)!
      .map((u) => new URL(u))
      .find((u) => u.searchParams.get('stytch_token_type') === 'reset_password')!;
    expect(`${link.origin}${link.pathname}`).toBe(`${genuine.site}/authenticate`);

    await genuine.reopen(page, project.publicToken, `${link.pathname}${link.search}`);
    password = strong('second');
    const reset = await page.evaluate(
      ([t, p]) => window.genuine.attempt(() => window.stytch.passwords.resetByEmail({ token: t, password: p, session_duration_minutes: 60 })),
      [link.searchParams.get('token')!, password] as const,
    );
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
    await expectSignedIn(genuine, page, { email });
    await signOut();
  });

  await test.step('reset with the existing password signs in with the new one', async () => {
    const next = strong('third');
    const reset = await page.evaluate(
      ([e, old, p]) =>
        window.genuine.attempt(() =>
          window.stytch.passwords.resetByExistingPassword({ email: e, existing_password: old, new_password: p, session_duration_minutes: 60 }),
        ),
      [email, password, next] as const,
    );
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
    password = next;
    await expectSignedIn(genuine, page, { email });
  });

  await test.step('reset in the session keeps the client signed in, and the new password works', async () => {
    const next = strong('fourth');
    const reset = await page.evaluate(
      (p) => window.genuine.attempt(() => window.stytch.passwords.resetBySession({ password: p, session_duration_minutes: 60 })),
      next,
    );
    expect(reset.ok, JSON.stringify(reset)).toBe(true);
    await expectSignedIn(genuine, page, { email });
    const old = await keepsake.call('POST', project.publicToken, '/passwords/authenticate', { email, password, session_duration_minutes: 60 });
    expect(old.status).toBe(401);
    const fresh = await keepsake.call('POST', project.publicToken, '/passwords/authenticate', { email, password: next, session_duration_minutes: 60 });
    expect(fresh.status).toBe(200);
    const search = await keepsake.call('POST', project.publicToken, '/users/search', { email });
    expect(search.body.data).toMatchObject({ user_type: 'password', userType: 'password' });
  });
});
