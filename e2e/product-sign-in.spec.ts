// issue 12 §17: the product app's /signin offers every method the platform project enables (ADR 104), and each one
// signs in, in Chromium: phone passcode (dev outbox), Google (the OpenID Connect stand-in) and Discord (its stand-in)
// through real redirects, Ethereum and Solana wallets through injected providers whose keys stay in the test, and
// Farcaster through the injected Ethereum wallet as the fid's custody address (ADR 108; the fid registered in the
// devnet's stand-in ID registry through the dev-mode route).
// Passkeys need a host name, not 127.0.0.1: product-sign-in-passkeys.spec.ts. The platform project's settings are
// changed through the admin API, and put back afterwards. Axe runs on every page at 1280 and 390 px (the
// `accessibility` fixture).
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, openMailbox, requiredEnv, test } from './fixtures.ts';
import { injectWallets } from './support/injected-wallets.ts';
import { E2E_DISCORD_CLIENT, E2E_GOOGLE_CLIENT } from './support/oidc.ts';
import { expectSignedIn, setSignInMethods, signInAdmin, signOut } from './support/product-sign-in.ts';

const everyMethod = ['email', 'phone', 'passkey', 'google', 'discord', 'evm', 'solana', 'farcaster'];
let admin: APIRequestContext;
const setMethods = (enabled: string[]) => setSignInMethods(admin, enabled);

test.beforeAll(async () => {
  const baseURL = requiredEnv('KEEPSAKE_E2E_BASE_URL');
  admin = await playwrightRequest.newContext({ baseURL });
  const mailbox = openMailbox();
  await signInAdmin(admin, requiredEnv('KEEPSAKE_E2E_ADMIN_EMAIL'), {
    count: async (to) => (await mailbox.messagesTo(to)).length,
    passcode: (to, after) => mailbox.passcodeFor(to, { after }),
  });
  for (const [provider, client] of [
    ['google', E2E_GOOGLE_CLIENT],
    ['discord', E2E_DISCORD_CLIENT],
  ] as const) {
    const res = await admin.put(`/api/admin/platform/oauth-providers/${provider}`, { data: { ...client, customScopes: [], enabled: true } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await setMethods(everyMethod);
});

test.afterAll(async () => {
  // Back to the default (email passcodes and passkeys) for the specs that run after this one.
  await setMethods(['email', 'passkey']);
  await admin.dispose();
});

test('/signin shows every enabled method, and only those', async ({ page }) => {
  await page.goto('/signin');
  const others = page.getByRole('region', { name: 'Other ways to sign in' });
  for (const name of [
    'Sign in with a passkey',
    'Continue with Google',
    'Continue with Discord',
    'Continue with an Ethereum wallet',
    'Continue with a Solana wallet',
    'Sign in with Farcaster',
  ]) {
    await expect(others.getByRole('button', { name })).toBeVisible();
  }
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await setMethods(['email']);
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  await expect(page.getByRole('region', { name: 'Other ways to sign in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use a phone number instead' })).toHaveCount(0);
  await setMethods(everyMethod);
});

test('phone: the passcode texted to the number (dev outbox) signs in', async ({ page }) => {
  const phone = `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`;
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Use a phone number instead' }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText(`A 6-digit passcode was sent to you at ${phone}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the dev outbox/ })).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as { messages: Array<{ to: string; text: string }> };
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === phone)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('Passcode').pressSequentially(code);
  await expectSignedIn(page);
});

for (const [method, button] of [
  ['google', 'Continue with Google'],
  ['discord', 'Continue with Discord'],
] as const) {
  test(`${method}: the provider's login page, then back to the callbackUrl signed in`, async ({ page }) => {
    const account = `${method}${Date.now()}`;
    await page.goto('/signin?callbackUrl=%2Fuser');
    await page.getByRole('button', { name: button }).click();
    await page.getByLabel('Account name').fill(account);
    await page.getByRole('button', { name: method === 'google' ? 'Sign in' : 'Authorize' }).click();
    const user = await expectSignedIn(page);
    expect(user.email).toBe(method === 'google' ? `${account}@oidc.example` : `${account}@discord.example`);
  });
}

test("an OAuth sign-in that fails comes back to /signin with 'Error signing in'", async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 4\d\d/ });
  await page.goto('/api/session/authenticate/oauth?stytch_token_type=oauth&token=not-a-token&callbackUrl=%2Fuser');
  await expect(page).toHaveURL(/\/signin\?error=signin&callbackUrl=%2Fuser$/);
  await expect(page.getByRole('alert')).toHaveText('Error signing in');
});

test('Ethereum and Solana wallets: the injected wallet signs the challenge and the console session starts', async ({ page }) => {
  test.setTimeout(120_000); // three sign-ins and two sign-outs
  const wallets = await injectWallets(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with an Ethereum wallet' }).click();
  const evmUser = await expectSignedIn(page);
  expect(wallets.messages.at(-1)).toContain(wallets.ethereumAddress);
  await signOut(page);

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with a Solana wallet' }).click();
  const solanaUser = await expectSignedIn(page);
  expect(wallets.messages.at(-1)).toContain(wallets.solanaAddress);
  expect(solanaUser.userId).not.toBe(evmUser.userId);
  await signOut(page);

  // The same Ethereum wallet again is the same user.
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with an Ethereum wallet' }).click();
  expect((await expectSignedIn(page)).userId).toBe(evmUser.userId);
});

test('Farcaster: the custody wallet signs the Sign In With Farcaster message and the console session starts', async ({ page }) => {
  test.setTimeout(90_000); // two sign-ins and a sign-out
  const wallets = await injectWallets(page);
  const fid = 100_000 + Math.floor(Math.random() * 800_000);
  const registered = await page.request.post('/api/dev/farcaster/fids', { data: { custodyAddress: wallets.ethereumAddress, fid } });
  expect(registered.status(), await registered.text()).toBe(200);
  await page.goto('/signin?callbackUrl=%2Fuser');
  await page.getByRole('button', { name: 'Sign in with Farcaster' }).click();
  const user = await expectSignedIn(page);
  const signed = wallets.messages.at(-1)!;
  expect(signed).toContain(wallets.ethereumAddress);
  expect(signed).toContain(`- farcaster://fid/${fid}`);
  expect(signed).toContain('Chain ID: 10');
  await signOut(page);

  // The same fid again is the same user.
  await page.goto('/signin?callbackUrl=%2Fuser');
  await page.getByRole('button', { name: 'Sign in with Farcaster' }).click();
  expect((await expectSignedIn(page)).userId).toBe(user.userId);
});

test("Farcaster: a wallet that holds no fid gets 'Error signing in'", async ({ page }) => {
  const wallets = await injectWallets(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Farcaster' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error signing in');
  expect(wallets.messages).toEqual([]);
  await expect(page).toHaveURL(/\/signin/);
});
