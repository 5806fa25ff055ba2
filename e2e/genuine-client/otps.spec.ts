// issue 10: one-time passcodes by email, SMS and WhatsApp through Stytch's own @stytch/vanilla-js (headless) in
// Chromium, on another origin than the server; each sign-in is checked in what the client stores, then revoked.
import { expect, expectSignedIn, expectSignedOut, test, unique } from './fixtures.ts';

test('email, SMS and WhatsApp passcodes sign in, are stored by the client, and revoke', async ({ page, genuine, keepsake, mailbox }) => {
  const project = await genuine.start(page);
  const email = unique('genuine-otp');

  await test.step('email: loginOrCreate, then authenticate with the emailed code', async () => {
    const sent = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.otps.email.loginOrCreate(to, { expiration_minutes: 10 })), email);
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const methodId = sent.ok ? sent.value.method_id : '';
    const code = await mailbox.passcodeFor(email);
    const auth = await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 60 })), [
      code,
      methodId,
    ] as const);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
    if (auth.ok) expect(auth.value).not.toHaveProperty('__user');
    const stored = await expectSignedIn(genuine, page, { email });
    expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'otp', delivery_method: 'email' })]);
  });

  await test.step('revoke: the client forgets everything and the server refuses the token', async () => {
    const { tokens } = await genuine.stored(page);
    const revoked = await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()));
    expect(revoked.ok, JSON.stringify(revoked)).toBe(true);
    await expectSignedOut(genuine, page);
    const after = await keepsake.call('POST', project.publicToken, '/sessions/authenticate', undefined, tokens!.session_token);
    expect(after.body.error_type).toBe('session_not_found');
  });

  for (const channel of ['sms', 'whatsapp'] as const) {
    await test.step(`${channel}: loginOrCreate to a phone, then authenticate with the code from the dev outbox`, async () => {
      const phone = `+1415${String(Math.floor(5550000 + Math.random() * 9999))}`;
      const sent = await page.evaluate(([ch, to]) => window.genuine.attempt(() => window.stytch.otps[ch].loginOrCreate(to)), [channel, phone] as const);
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
      const code = await keepsake.textedCode(phone);
      const auth = await page.evaluate(([c, m]) => window.genuine.attempt(() => window.stytch.otps.authenticate(c, m, { session_duration_minutes: 30 })), [
        code,
        sent.ok ? sent.value.method_id : '',
      ] as const);
      expect(auth.ok, JSON.stringify(auth)).toBe(true);
      const stored = await expectSignedIn(genuine, page, { phone });
      expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'otp', delivery_method: channel })]);
      expect((await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.revoke()))).ok).toBe(true);
      await expectSignedOut(genuine, page);
    });
  }
});
