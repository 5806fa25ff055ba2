// "A client written only from §7 signs in, refreshes, reads the user and revokes with every method" (issue 3):
// one test per sign-in method, each through @keepsake/auth-js in Chromium on another origin than the server.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Keepsake, type SdkPages } from './sdk-fixtures.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The rest of the §7 sequence after a sign-in: refresh, read the user, revoke; the server then refuses the token. */
async function refreshReadRevoke(page: Page, sdkPages: SdkPages, keepsake: Keepsake, publicToken: string, expectUser: (user: any) => void) {
  const signedIn = await page.evaluate(() => ({ session: window.client.session.getSync(), tokens: window.client.session.getTokens() }));
  expect(signedIn.session?.session_id).toMatch(/\S/);
  expect(signedIn.tokens?.session_token).toMatch(/\S/);

  const refreshed = await page.evaluate(() => window.sdk.attempt(() => window.client.session.authenticate()));
  expect(refreshed.ok, JSON.stringify(refreshed)).toBe(true);
  if (refreshed.ok) expect(refreshed.value.session.session_id).toBe(signedIn.session!.session_id);

  const user = await page.evaluate(() => window.sdk.attempt(() => window.client.user.get()));
  expect(user.ok, JSON.stringify(user)).toBe(true);
  if (user.ok) expectUser(user.value);
  expect(await page.evaluate(() => window.client.user.getSync()?.user_id)).toBe(signedIn.session!.user_id);

  const revoked = await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()));
  expect(revoked.ok, JSON.stringify(revoked)).toBe(true);
  expect(await page.evaluate(() => [window.client.session.getSync(), window.client.session.getTokens(), window.client.user.getSync()])).toEqual([
    null,
    null,
    null,
  ]);
  expect((await sdkPages.cookies(page.context())).map((c) => c.name)).toEqual([]);
  const after = await keepsake.call('POST', publicToken, '/sessions/authenticate', undefined, signedIn.tokens!.session_token);
  expect(after.status).toBe(404);
  expect(after.body.error_type).toBe('session_not_found');
}

test('email passcode: sign in, refresh, read the user, revoke', async ({ page, sdkPages, keepsake, mailbox }) => {
  const project = await sdkPages.start(page);
  const email = unique('sdk-email-otp');

  const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to, { expiration_minutes: 10 })), email);
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  const code = await mailbox.passcodeFor(email);
  const methodId = sent.ok ? sent.value.method_id : '';
  const auth = await page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
    code,
    methodId,
  ] as const);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);

  await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
  });
});

for (const channel of ['sms', 'whatsapp'] as const) {
  test(`${channel} passcode (dev outbox): sign in, refresh, read the user, revoke`, async ({ page, sdkPages, keepsake }) => {
    const project = await keepsake.createProject();
    const local = `555${String(Math.floor(1000 + Math.random() * 8999))}`;
    const phone = `+1415${local}`;
    await sdkPages.open(page);
    await sdkPages.createClient(page, project.publicToken);

    // Typed the American way: the SDK parses it (region US, libphonenumber-js loaded on demand) into E.164.
    const typed = `(415) ${local.slice(0, 3)}-${local.slice(3)}`;
    const sent = await page.evaluate(([ch, to]) => window.sdk.attempt(() => window.client.otps[ch].loginOrCreate(to)), [channel, typed] as const);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const code = await keepsake.textedCode(phone);
    const methodId = sent.ok ? sent.value.method_id : '';
    const auth = await page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m)), [code, methodId] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);

    await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
      expect(user.phone_numbers).toEqual([expect.objectContaining({ phone_number: phone, verified: true })]);
    });
  });
}

test('magic link with PKCE: the link opens the app, which signs in with the stored verifier; refresh, read, revoke', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const project = await sdkPages.start(page, { authConfig: { magicLinks: { pkceRequired: true } } });
  const email = unique('sdk-magic-link');
  expect(await page.evaluate(async () => (await window.client.bootstrap()).pkce_required_for_email_magic_links)).toBe(true);

  const sent = await page.evaluate(
    ([to, url]) => window.sdk.attempt(() => window.client.magicLinks.email.loginOrCreate(to, { login_magic_link_url: url, signup_magic_link_url: url })),
    [email, `${sdkPages.site}/authenticate`] as const,
  );
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  const challenge = await page.evaluate(
    () => JSON.parse(window.sdk.requests.find((r) => r.url.endsWith('/magic_links/email/login_or_create'))!.body!).code_challenge,
  );
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const link = /https?:\/\/\S+/.exec((await mailbox.waitFor(email)).text)![0];
  expect(link.startsWith(`${sdkPages.site}/authenticate?`)).toBe(true);
  const token = new URL(link).searchParams.get('token')!;
  expect(new URL(link).searchParams.get('stytch_token_type')).toBe('magic_links');

  // A fresh page load, as when the user clicks the link: the verifier waits in this browser's storage.
  await page.goto(link);
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  await sdkPages.createClient(page, project.publicToken);
  const auth = await page.evaluate((t) => window.sdk.attempt(() => window.client.magicLinks.authenticate(t, { session_duration_minutes: 30 })), token);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
  const sentVerifier = await page.evaluate(() => JSON.parse(window.sdk.requests.find((r) => r.url.endsWith('/magic_links/authenticate'))!.body!).code_verifier);
  expect(sentVerifier).toMatch(/^[0-9a-f]{128}$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('keepsake_auth_pkce:')))).toEqual([]);

  await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
  });
});

test('password: strength check, create, then sign in with it; refresh, read, revoke', async ({ page, sdkPages, keepsake }) => {
  // zxcvbn scores and argon2 hashes on the shared server, which the other worker may be keeping busy too (ADR 123):
  // one strength check took 7–10 s at a load average of 25 on two cores.
  test.slow();
  const project = await sdkPages.start(page);
  const email = unique('sdk-password');
  const password = `Keepsake-${Math.random().toString(36).slice(2)}-vault!`;

  const weak = await page.evaluate(() => window.sdk.attempt(() => window.client.passwords.strengthCheck({ password: 'password' })));
  expect(weak.ok && weak.value).toMatchObject({ valid_password: false, breached_password: true, strength_policy: 'zxcvbn' });
  const strong = await page.evaluate((p) => window.sdk.attempt(() => window.client.passwords.strengthCheck({ password: p })), password);
  expect(strong.ok && strong.value).toMatchObject({ valid_password: true, breached_password: false });

  // §5: session_duration_minutes is required for passwords, checked before anything is sent.
  const missing = await page.evaluate(
    ([e, p]) =>
      window.sdk.attempt(() => window.client.passwords.create({ email: e, password: p } as unknown as Parameters<typeof window.client.passwords.create>[0])),
    [email, password] as const,
  );
  expect(missing).toMatchObject({ ok: false, error: { name: 'InvalidInputError', details: 'Empty parameter session_duration_minutes' } });

  const created = await page.evaluate(
    ([e, p]) => window.sdk.attempt(() => window.client.passwords.create({ email: e, password: p, session_duration_minutes: 60 })),
    [email, password] as const,
  );
  expect(created.ok, JSON.stringify(created)).toBe(true);
  expect(await page.evaluate(() => window.sdk.attempt(() => window.client.session.revoke()))).toMatchObject({ ok: true });

  const signedIn = await page.evaluate(
    ([e, p]) => window.sdk.attempt(() => window.client.passwords.authenticate({ email: e, password: p, session_duration_minutes: 60 })),
    [email, password] as const,
  );
  expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
  await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
    expect(user.password).toEqual(expect.objectContaining({ requires_reset: false }));
  });
});

test('password reset by email with PKCE: the link opens the app, which sets the password and signs in; refresh, read, revoke', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const project = await sdkPages.start(page, { authConfig: { passwords: { pkceRequiredForResets: true } } });
  const email = unique('sdk-reset');
  const first = `First-${Math.random().toString(36).slice(2)}-password!`;
  const second = `Second-${Math.random().toString(36).slice(2)}-password!`;
  const created = await page.evaluate(
    ([e, p]) => window.sdk.attempt(() => window.client.passwords.create({ email: e, password: p, session_duration_minutes: 60 })),
    [email, first] as const,
  );
  expect(created.ok, JSON.stringify(created)).toBe(true);
  await page.evaluate(() => window.client.session.revoke());

  const started = await page.evaluate(
    ([e, url]) => window.sdk.attempt(() => window.client.passwords.resetByEmailStart({ email: e, reset_password_redirect_url: url, login_redirect_url: url })),
    [email, `${sdkPages.site}/reset`] as const,
  );
  expect(started.ok, JSON.stringify(started)).toBe(true);
  const link = (await mailbox.waitFor(email)).text
    .match(/https?:\/\/\S+/g)!
    .map((u) => new URL(u))
    .find((u) => u.searchParams.get('stytch_token_type') === 'reset_password')!;
  expect(link.origin + link.pathname).toBe(`${sdkPages.site}/reset`);

  await page.goto(link.href);
  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  await sdkPages.createClient(page, project.publicToken);
  const reset = await page.evaluate(
    ([t, p]) => window.sdk.attempt(() => window.client.passwords.resetByEmail({ token: t, password: p, session_duration_minutes: 60 })),
    [link.searchParams.get('token')!, second] as const,
  );
  expect(reset.ok, JSON.stringify(reset)).toBe(true);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('keepsake_auth_pkce:')))).toEqual([]);

  // The old password is gone.
  const old = await keepsake.call('POST', project.publicToken, '/passwords/authenticate', { email, password: first, session_duration_minutes: 60 });
  expect(old.status).toBe(401);

  await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
    expect(user.emails).toEqual([expect.objectContaining({ email })]);
  });
});

/** The RFC 6238 code of `secret`, `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test('TOTP as a second factor: the intermediate token, then a session with both factors; refresh, read, revoke', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
}) => {
  const project = await sdkPages.start(page, { authConfig: { mfa: { required: true } } });
  const email = unique('sdk-totp');
  const signIn = async (mailNumber: number) => {
    const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), email);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const code = await mailbox.passcodeFor(email, { after: mailNumber });
    return page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m)), [code, sent.ok ? sent.value.method_id : ''] as const);
  };

  // No TOTP yet: the first sign-in gets a session; enrol an authenticator app (a step-up with the first code).
  expect(await signIn(0)).toMatchObject({ ok: true, value: { mfa_required: false } });
  const created = await page.evaluate(() => window.sdk.attempt(() => window.client.totps.create({ expiration_minutes: 60 })));
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const { secret, recovery_codes: recoveryCodes } = created.ok ? created.value : { secret: '', recovery_codes: [] };
  expect(recoveryCodes).toHaveLength(10);
  const tokensBefore = await page.evaluate(() => window.client.session.getTokens());
  const enrolled = await page.evaluate((code) => window.sdk.attempt(() => window.client.totps.authenticate({ totp_code: code })), totpCode(secret));
  expect(enrolled.ok, JSON.stringify(enrolled)).toBe(true);
  // The step-up keeps the session token (issue 10, ADR 080); the JWT is new, with both factors.
  const tokensAfter = await page.evaluate(() => window.client.session.getTokens());
  expect(tokensAfter?.session_token).toBe(tokensBefore?.session_token);
  expect(tokensAfter?.session_jwt).not.toBe(tokensBefore?.session_jwt);
  expect(await page.evaluate(() => window.client.user.getSync()?.totps)).toEqual([expect.objectContaining({ verified: true })]);
  await page.evaluate(() => window.client.session.revoke());

  // The next sign-in stops half way: no session, the intermediate token in its 10-minute cookie.
  const first = await signIn(1);
  expect(first).toMatchObject({ ok: true, value: { mfa_required: true, session_token: '', session: null } });
  expect(await page.evaluate(() => [window.client.session.getSync(), window.client.session.getTokens()])).toEqual([null, null]);
  const cookies = await sdkPages.cookies(page.context());
  expect(cookies.map((c) => c.name)).toEqual(['stytch_intermediate_session_token']);
  const ist = cookies[0]!;
  expect(ist).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
  expect(ist.expires - Date.now() / 1000).toBeGreaterThan(590);
  expect(ist.expires - Date.now() / 1000).toBeLessThanOrEqual(601);

  // The code of the next step (the window allows ±1 step), since the enrolment used this step's code.
  const second = await page.evaluate(
    (code) => window.sdk.attempt(() => window.client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 })),
    totpCode(secret, 1),
  );
  expect(second.ok, JSON.stringify(second)).toBe(true);
  if (second.ok) expect(second.value.session!.authentication_factors.map((f) => f.type).sort()).toEqual(['otp', 'totp']);
  expect((await sdkPages.cookies(page.context())).map((c) => c.name).sort()).toEqual(['stytch_session', 'stytch_session_jwt']);

  // Recovery codes rotate; a fresh one stands in for the TOTP at the next sign-in.
  const rotated = await page.evaluate(() => window.sdk.attempt(() => window.client.totps.recoveryCodes()));
  expect(rotated.ok, JSON.stringify(rotated)).toBe(true);
  const recoveryCode = rotated.ok ? rotated.value.totps[0]!.recovery_codes[0]! : '';
  expect(recoveryCodes).not.toContain(recoveryCode);
  await page.evaluate(() => window.client.session.revoke());
  expect(await signIn(2)).toMatchObject({ ok: true, value: { mfa_required: true } });
  const recovered = await page.evaluate((code) => window.sdk.attempt(() => window.client.totps.recover({ recovery_code: code })), recoveryCode);
  expect(recovered.ok, JSON.stringify(recovered)).toBe(true);

  await refreshReadRevoke(page, sdkPages, keepsake, project.publicToken, (user) => {
    expect(user.totps).toEqual([expect.objectContaining({ verified: true })]);
  });
});
