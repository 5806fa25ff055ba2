// issue 10: TOTP and recovery codes through Stytch's own @stytch/vanilla-js (headless) in Chromium. POST /totps
// answered the changed user only as `user`, but the client reads `__user`: user.getSync() became null. And after a
// step-up the client must keep working with the token it stores, which stays the same (ADR 080).
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectSignedIn, test, unique, type GenuinePages } from './fixtures.ts';
import type { Keepsake } from '../sdk-fixtures.ts';

/** The RFC 6238 code of `secret`, `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** After a step-up: the token the client stores is live on the server, and the client's own refresh agrees. */
async function expectStoredSessionWorks(page: Page, genuine: GenuinePages, keepsake: Keepsake, publicToken: string, factors: string[]) {
  const stored = await expectSignedIn(genuine, page);
  expect(stored.session!.authentication_factors.map((f) => f.type).sort()).toEqual(factors);
  const server = await keepsake.call('POST', publicToken, '/sessions/authenticate', {}, stored.tokens!.session_token);
  expect(server.status, JSON.stringify(server.body)).toBe(200);
  expect(server.body.data.session.session_id).toBe(stored.session!.session_id);
  const refreshed = await page.evaluate(() => window.genuine.attempt(() => window.stytch.session.authenticate()));
  expect(refreshed.ok, JSON.stringify(refreshed)).toBe(true);
  expect((await genuine.stored(page)).session!.session_id).toBe(stored.session!.session_id);
}

test('TOTP: create keeps the user in the client, authenticate steps the session up, recovery codes rotate and recover, delete', async ({
  page,
  genuine,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  const project = await genuine.start(page);
  const email = unique('genuine-totp');

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

  const created = await test.step('totps.create: the user in the client gains the unverified TOTP (read from __user)', async () => {
    const userChanges = await page.evaluate(() => window.genuine.changes.filter((c) => c.kind === 'user').length);
    const result = await page.evaluate(() => window.genuine.attempt(() => window.stytch.totps.create({ expiration_minutes: 60 })));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) throw new Error('totps.create failed');
    // The client's types leave out user_id, which the answer carries (and the client passes on).
    const value = result.value as typeof result.value & { user_id: string };
    expect(value.recovery_codes).toHaveLength(10);
    expect(value).not.toHaveProperty('__user');
    const user = await page.evaluate(() => window.stytch.user.getSync());
    expect(user?.user_id).toBe(value.user_id);
    expect(user!.totps).toEqual([expect.objectContaining({ totp_id: value.totp_id, verified: false })]);
    const changes = await page.evaluate(() => window.genuine.changes.filter((c) => c.kind === 'user'));
    expect(changes.length).toBe(userChanges + 1);
    expect(changes.at(-1)).toMatchObject({ userId: value.user_id, emails: [email] });
    return value;
  });

  await test.step('totps.authenticate steps the session up; the client keeps working with what it stores', async () => {
    const before = (await genuine.stored(page)).tokens!.session_token;
    const auth = await page.evaluate(
      (code) => window.genuine.attempt(() => window.stytch.totps.authenticate({ totp_code: code, session_duration_minutes: 60 })),
      totpCode(created.secret),
    );
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
    expect(await page.evaluate(() => window.stytch.user.getSync()?.totps)).toEqual([expect.objectContaining({ verified: true })]);
    await expectStoredSessionWorks(page, genuine, keepsake, project.publicToken, ['otp', 'totp']);
    // The factor joined the same session: the token stays (ADR 080), as back ends that keep it expect.
    expect((await genuine.stored(page)).tokens!.session_token).toBe(before);
  });

  await test.step('recovery codes rotate, and one stands in for a TOTP code', async () => {
    const rotated = await page.evaluate(() => window.genuine.attempt(() => window.stytch.totps.recoveryCodes()));
    expect(rotated.ok, JSON.stringify(rotated)).toBe(true);
    // The client's types say `totps` is one object; the documented API answers a list, which the client passes on.
    const totps = (rotated.ok ? rotated.value.totps : []) as unknown as Array<{ recovery_codes: string[] }>;
    const codes = totps[0]?.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => created.recovery_codes.includes(c))).toBe(false);
    const recovered = await page.evaluate(
      (code) => window.genuine.attempt(() => window.stytch.totps.recover({ recovery_code: code, session_duration_minutes: 60 })),
      codes[0]!,
    );
    expect(recovered.ok, JSON.stringify(recovered)).toBe(true);
    await expectStoredSessionWorks(page, genuine, keepsake, project.publicToken, ['otp', 'recovery_codes', 'totp']);
    consoleErrors.allow({ text: /status of 40\d/, url: /\/sdk\/v1\/totps\/recover$/ });
    const reused = await page.evaluate(
      (code) => window.genuine.attempt(() => window.stytch.totps.recover({ recovery_code: code, session_duration_minutes: 60 })),
      codes[0]!,
    );
    expect(reused).toMatchObject({ ok: false, error: { name: 'StytchAPIError' } });
  });

  await test.step('user.deleteTOTP: the user in the client loses it (read from __user)', async () => {
    const deleted = await page.evaluate((id) => window.genuine.attempt(() => window.stytch.user.deleteTOTP(id)), created.totp_id);
    expect(deleted.ok, JSON.stringify(deleted)).toBe(true);
    const user = await page.evaluate(() => window.stytch.user.getSync());
    expect(user?.user_id).toBe(created.user_id);
    expect(user!.totps).toEqual([]);
    expect(user!.emails.map((e) => e.email)).toEqual([email]);
  });
});
