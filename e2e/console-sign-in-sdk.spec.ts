// The console's own sign-in runs on @keepsake/auth-js (issue 3): the SDK's session is the product session, and
// signing out ends both.
import { expect, test } from './fixtures.ts';

test('console sign-in uses the SDK session for the product session; sign-out revokes it and clears the SDK cookies', async ({ page, mailbox, baseURL }) => {
  const email = `console-sdk-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Passcode').pressSequentially(await mailbox.passcodeFor(email));
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
