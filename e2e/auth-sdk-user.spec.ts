// The signed-in user through @keepsake/auth-js in Chromium: metadata, adding a phone as a second way in with a
// secondary send, deleting it, and the password resets that need a session or the old password.
import { expect, test } from './sdk-fixtures.ts';

test('a signed-in user updates metadata, adds and deletes a phone number, and sets and changes a password', async ({
  page,
  sdkPages,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  // zxcvbn scores and argon2 hashes on the shared server, which the other worker may be keeping busy too (ADR 123):
  // one strength check took 7–10 s at a load average of 25 on two cores.
  test.slow();
  const project = await sdkPages.start(page);
  const email = `sdk-user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const phone = `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`;

  await test.step('sign in with an email passcode (send/primary after login_or_create)', async () => {
    const created = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.loginOrCreate(to)), email);
    expect(created.ok, JSON.stringify(created)).toBe(true);
    // `send` without a session is send/primary: a second code to the same, now existing, address.
    const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.email.send(to)), email);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    expect(await page.evaluate(() => window.sdk.requests.some((r) => r.url.endsWith('/otps/email/send/primary')))).toBe(true);
    const code = await mailbox.passcodeFor(email, { after: 1 });
    const auth = await page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m)), [
      code,
      sent.ok ? sent.value.method_id : '',
    ] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
  });

  await test.step('untrusted_metadata is merged, and user listeners hear it', async () => {
    const updated = await page.evaluate(() => window.sdk.attempt(() => window.client.user.update({ untrusted_metadata: { theme: 'dark', locale: 'en-US' } })));
    expect(updated.ok && updated.value.user.untrusted_metadata).toEqual({ theme: 'dark', locale: 'en-US' });
    await page.evaluate(() => window.client.user.update({ untrusted_metadata: { locale: null } }));
    expect(await page.evaluate(() => window.client.user.getSync()?.untrusted_metadata)).toEqual({ theme: 'dark' });
    expect(await page.evaluate(() => window.sdk.changes.filter((c) => c.kind === 'user').length)).toBe(3); // sign-in, then two updates
  });

  let phoneId = '';
  await test.step('with a session, send goes to send/secondary: the phone becomes a second way in', async () => {
    const sent = await page.evaluate((to) => window.sdk.attempt(() => window.client.otps.sms.send(to)), phone);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    expect(await page.evaluate(() => window.sdk.requests.some((r) => r.url.endsWith('/otps/sms/send/secondary')))).toBe(true);
    const code = await keepsake.textedCode(phone);
    const auth = await page.evaluate(([c, m]) => window.sdk.attempt(() => window.client.otps.authenticate(c, m)), [
      code,
      sent.ok ? sent.value.method_id : '',
    ] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
    if (auth.ok) expect(auth.value.session!.authentication_factors.map((f) => f.delivery_method).sort()).toEqual(['email', 'sms']);
    const user = await page.evaluate(() => window.client.user.getSync()!);
    expect(user.phone_numbers).toEqual([expect.objectContaining({ phone_number: phone, verified: true })]);
    phoneId = user.phone_numbers[0]!.phone_id;
  });

  await test.step('deleting the phone works; deleting the last email is refused by the server', async () => {
    const deleted = await page.evaluate((id) => window.sdk.attempt(() => window.client.user.deletePhoneNumber(id)), phoneId);
    expect(deleted.ok, JSON.stringify(deleted)).toBe(true);
    expect(await page.evaluate(() => window.client.user.getSync()?.phone_numbers)).toEqual([]);
    consoleErrors.allow({ text: /status of 409/, url: /\/sdk\/v1\/users\/emails\// });
    const emailId = await page.evaluate(() => window.client.user.getSync()!.emails[0]!.email_id);
    const last = await page.evaluate((id) => window.sdk.attempt(() => window.client.user.deleteEmail(id)), emailId);
    expect(last).toMatchObject({ ok: false, error: { name: 'ApiError', status_code: 409, error_type: 'cannot_delete_last_primary_factor' } });
    expect(await page.evaluate(() => window.client.user.getSync()?.emails)).toHaveLength(1);
  });

  await test.step('set a password with the session, then change it with the old one', async () => {
    const first = `Session-${Math.random().toString(36).slice(2)}-set!`;
    const second = `Existing-${Math.random().toString(36).slice(2)}-changed!`;
    const set = await page.evaluate(
      (p) => window.sdk.attempt(() => window.client.passwords.resetBySession({ password: p, session_duration_minutes: 60 })),
      first,
    );
    expect(set.ok, JSON.stringify(set)).toBe(true);
    expect(await page.evaluate(() => window.client.user.getSync()?.password)).toEqual(expect.objectContaining({ requires_reset: false }));
    const changed = await page.evaluate(
      ([e, a, b]) =>
        window.sdk.attempt(() =>
          window.client.passwords.resetByExistingPassword({ email: e, existing_password: a, new_password: b, session_duration_minutes: 60 }),
        ),
      [email, first, second] as const,
    );
    expect(changed.ok, JSON.stringify(changed)).toBe(true);
    expect(await page.evaluate(() => window.client.session.getSync())).not.toBeNull();
    const withNew = await keepsake.call('POST', project.publicToken, '/passwords/authenticate', { email, password: second, session_duration_minutes: 60 });
    expect(withNew.status).toBe(200);
  });
});
