// issue 10: the session and the user through Stytch's own @stytch/vanilla-js (headless) in Chromium:
// session.authenticate, getTokens and revoke; user.get, user.update and every delete… method, whose answers the
// client reads from `__user` (it lost the user before Keepsake sent it). Deleting an id the user does not have
// gives the API error the client surfaces, and the user it stores stays as it was.
import { randomUUID } from 'node:crypto';
import { expect, expectSignedIn, expectSignedOut, test, unique } from './fixtures.ts';

test('session authenticate, getTokens and revoke; user get, update and every delete method', async ({ page, genuine, keepsake, mailbox, consoleErrors }) => {
  const project = await genuine.start(page);
  const email = unique('genuine-user');
  const second = unique('genuine-user-second');
  const phone = `+1415${String(Math.floor(5550000 + Math.random() * 9999))}`;

  const signIn = await test.step('sign in with an email passcode', async () => {
    const sent = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.otps.email.loginOrCreate(to)), email);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const code = await mailbox.passcodeFor(email);
    const auth = await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
      code,
      sent.ok ? sent.value.method_id : '',
    ] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
    return expectSignedIn(genuine, page, { email });
  });

  await test.step('session.authenticate refreshes the same session; getTokens answers the stored cookies', async () => {
    const refreshed = await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.authenticate({ session_duration_minutes: 60 })));
    expect(refreshed.ok, JSON.stringify(refreshed)).toBe(true);
    if (refreshed.ok) {
      expect(refreshed.value.session.session_id).toBe(signIn.session!.session_id);
      expect(refreshed.value).not.toHaveProperty('__user');
    }
    const stored = await expectSignedIn(genuine, page, { email });
    expect(stored.tokens).toEqual({ session_token: stored.cookies.stytch_session!.value, session_jwt: stored.cookies.stytch_session_jwt!.value });
  });

  await test.step('user.get reads the user; user.update merges untrusted_metadata into the stored user', async () => {
    const got = await page.evaluate(() => window.genuine.attempt(() => window.stytch.user.get()));
    expect(got).toMatchObject({ ok: true, value: { user_id: signIn.user!.user_id, emails: [expect.objectContaining({ email, verified: true })] } });
    const updated = await page.evaluate(() => window.genuine.attempt(() => window.stytch.user.update({ untrusted_metadata: { theme: 'dark', locale: 'fr' } })));
    expect(updated.ok, JSON.stringify(updated)).toBe(true);
    if (updated.ok) expect(updated.value).not.toHaveProperty('__user');
    const user = await page.evaluate(() => window.stytch.user.getSync());
    expect(user?.user_id).toBe(signIn.user!.user_id);
    expect(user!.untrusted_metadata).toEqual({ theme: 'dark', locale: 'fr' });
    expect(user!.emails.map((e) => e.email)).toEqual([email]);
    expect(await page.evaluate(() => window.genuine.changes.filter((c) => c.kind === 'user').at(-1))).toMatchObject({ userId: signIn.user!.user_id });
  });

  await test.step('a second email and a phone, added with send while signed in (send/secondary)', async () => {
    const sentEmail = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.otps.email.send(to)), second);
    expect(sentEmail.ok, JSON.stringify(sentEmail)).toBe(true);
    const emailCode = await mailbox.passcodeFor(second);
    expect(
      await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
        emailCode,
        sentEmail.ok ? sentEmail.value.method_id : '',
      ] as const),
    ).toMatchObject({ ok: true });
    const sentPhone = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.otps.sms.send(to)), phone);
    expect(sentPhone.ok, JSON.stringify(sentPhone)).toBe(true);
    const phoneCode = await keepsake.textedCode(phone);
    expect(
      await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
        phoneCode,
        sentPhone.ok ? sentPhone.value.method_id : '',
      ] as const),
    ).toMatchObject({ ok: true });
    await expectSignedIn(genuine, page, { userId: signIn.user!.user_id, email: second, phone });
  });

  await test.step('deleteEmail and deletePhoneNumber: the stored user loses them (read from __user)', async () => {
    const user = (await genuine.stored(page)).user!;
    const secondId = user.emails.find((e) => e.email === second)!.email_id;
    const deletedEmail = await page.evaluate((id) => window.genuine.attempt(() => window.stytch.user.deleteEmail(id)), secondId);
    expect(deletedEmail.ok, JSON.stringify(deletedEmail)).toBe(true);
    expect((await page.evaluate(() => window.stytch.user.getSync()))?.emails.map((e) => e.email)).toEqual([email]);
    const deletedPhone = await page.evaluate((id) => window.genuine.attempt(() => window.stytch.user.deletePhoneNumber(id)), user.phone_numbers[0]!.phone_id);
    expect(deletedPhone.ok, JSON.stringify(deletedPhone)).toBe(true);
    const after = await page.evaluate(() => window.stytch.user.getSync());
    expect(after?.user_id).toBe(signIn.user!.user_id);
    expect(after!.phone_numbers).toEqual([]);
  });

  await test.step('every delete method with an id the user does not have: the API error, and the stored user unchanged', async () => {
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/users\/[a-z_]+\/[0-9a-f-]+$/ });
    const before = await page.evaluate(() => window.stytch.user.getSync());
    const outcomes = await page.evaluate(async (id) => {
      const u = window.stytch.user;
      return {
        email_not_found: await window.genuine.attempt(() => u.deleteEmail(id)),
        phone_number_not_found: await window.genuine.attempt(() => u.deletePhoneNumber(id)),
        totp_not_found: await window.genuine.attempt(() => u.deleteTOTP(id)),
        crypto_wallet_not_found: await window.genuine.attempt(() => u.deleteCryptoWallet(id)),
        oauth_user_registration_not_found: await window.genuine.attempt(() => u.deleteOAuthRegistration(id)),
        webauthn_registration_not_found: await window.genuine.attempt(() => u.deleteWebauthnRegistration(id)),
        biometric_registration_not_found: await window.genuine.attempt(() => u.deleteBiometricRegistration(id)),
      };
    }, randomUUID());
    for (const [errorType, outcome] of Object.entries(outcomes)) {
      expect(outcome, errorType).toMatchObject({ ok: false, error: { name: 'StytchAPIError', error_type: errorType, status_code: 404 } });
    }
    expect(await page.evaluate(() => window.stytch.user.getSync())).toEqual(before);
  });

  await test.step('session.revoke: nothing stored, the listeners told, the token refused by the server', async () => {
    const { tokens } = await genuine.stored(page);
    const revoked = await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()));
    expect(revoked.ok, JSON.stringify(revoked)).toBe(true);
    await expectSignedOut(genuine, page);
    expect(await page.evaluate(() => window.stytch.session.getTokens())).toBeNull();
    const after = await keepsake.call('POST', project.publicToken, '/sessions/authenticate', undefined, tokens!.session_token);
    expect(after.status).toBe(404);
    expect(after.body.error_type).toBe('session_not_found');
  });
});
