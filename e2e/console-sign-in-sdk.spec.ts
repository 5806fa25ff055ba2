// The console's own sign-in runs on @keepsake/auth-js (issue 3): the SDK's session is the product session, and
// signing out ends both.
import { expect, test } from './fixtures.ts';

test('console sign-in uses the SDK session for the product session; sign-out revokes it and clears the SDK cookies', async ({ page, mailbox, baseURL }) => {
  const email = `console-sdk-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('One-time passcode').pressSequentially(await mailbox.passcodeFor(email));
  await expect(page).toHaveURL(/\/user$/, { timeout: 15_000 });

  const cookies = await page.context().cookies(baseURL);
  const byName = new Map(cookies.map((c) => [c.name, c]));
  const sdkSession = byName.get('stytch_session');
  expect(sdkSession, 'the SDK keeps the session in its cookie').toBeDefined();
  expect(byName.get('stytch_session_jwt')).toBeDefined();
  expect(sdkSession).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
  // The product session cookie (HttpOnly) holds the very token the SDK got.
  expect(byName.get('keepsake_session')).toMatchObject({ value: sdkSession!.value, httpOnly: true });

  // After a reload the SDK is not loaded: sign-out loads it, and it checks the session before revoking it.
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  const left = (await page.context().cookies(baseURL)).map((c) => c.name);
  expect(left).not.toContain('stytch_session');
  expect(left).not.toContain('stytch_session_jwt');
  expect(left).not.toContain('keepsake_session');

  const { publicToken } = (await (await page.request.get('/api/platform')).json()) as { publicToken: string };
  const check = await page.request.post('/sdk/v1/sessions/authenticate', {
    headers: { authorization: `Basic ${Buffer.from(`${publicToken}:${sdkSession!.value}`).toString('base64')}` },
    data: {},
  });
  expect(check.status()).toBe(404);
});

test('the passcode email uses the template the product picks: signup_otp until the person has a project, then signin_otp', async ({ page, mailbox }) => {
  test.setTimeout(90_000); // three sign-ins and sign-outs, each with a mailbox wait
  const email = `console-template-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signIn = async (after: number) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const mail = await mailbox.waitFor(email, { after });
    await page.getByLabel('One-time passcode').pressSequentially(/^\s*(\d{6})\s*$/m.exec(mail.text)![1]!);
    await expect(page).toHaveURL(/\/user$/, { timeout: 15_000 });
    return mail.subject;
  };
  const signOut = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  };

  expect(await signIn(0)).toContain('confirm your email');
  await signOut();
  // Signed in before but still no project: the product's get-or-create says signup_otp, and the email follows it.
  expect(await signIn(1)).toContain('confirm your email');
  expect((await page.request.post('/api/console/projects', { data: { name: 'Template check' } })).status()).toBe(201);
  await signOut();
  expect(await signIn(2)).toMatch(/sign-in code/);
});
