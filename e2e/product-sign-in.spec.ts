// Issue 13 item 4: Keepsake's own /signin is the sign-in widget, configured from the platform project (ADR 124),
// and every product signs in through it in Chromium: email passcodes, SMS passcodes (dev outbox), a magic link
// followed from the dev mailbox, passwords (create, then log in), Google (the OpenID Connect stand-in) and Discord
// (its stand-in) through real redirects back to /signin, Ethereum and Solana through injected wallets whose keys
// stay in the test, and Farcaster, a button beside the widget (ADR 108; the fid registered in the devnet's stand-in
// ID registry through the dev-mode route). Passkeys need a host name, not 127.0.0.1:
// product-sign-in-passkeys.spec.ts. The platform widget is changed through the admin API, deployment-wide, so this
// spec runs serially (playwright.config.ts), and it is put back afterwards. Axe runs on every page at 1280 and
// 390 px (the `accessibility` fixture).
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, openMailbox, requiredEnv, test } from './fixtures.ts';
import { uniqueEmail } from './support/console.ts';
import { injectWallets } from './support/injected-wallets.ts';
import { E2E_DISCORD_CLIENT, E2E_GOOGLE_CLIENT } from './support/oidc.ts';
import { expectSignedIn, resetPlatformSignIn, setPlatformSignIn, signInAdmin, signOut } from './support/product-sign-in.ts';

let admin: APIRequestContext;

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
});

test.afterAll(async () => {
  // Back to the default (email passcodes and passkeys) for the specs that run after this one.
  await resetPlatformSignIn(admin);
  await admin.dispose();
});

const oauth = { providers: [{ type: 'google' as const }, { type: 'discord' as const }] };

async function enterEmail(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('/signin is the widget: email passcodes with passkey autofill by default; every product, and Farcaster beside, when enabled', async ({
  page,
  mailbox,
}) => {
  test.setTimeout(120_000); // a sign-in, a sign-out and two widgets
  await resetPlatformSignIn(admin);
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByRole('button', { name: 'Sign in with Farcaster' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Open the dev mailbox/ })).toBeVisible();
  const email = uniqueEmail('signin-otp');
  await enterEmail(page, email);
  await page.getByLabel('One-time passcode').pressSequentially(await mailbox.passcodeFor(email));
  expect((await expectSignedIn(page)).email).toBe(email);
  await signOut(page);

  await setPlatformSignIn(
    admin,
    { products: ['oauth', 'otp', 'crypto', 'passkeys'], otpOptions: { methods: ['email', 'sms'], expirationMinutes: 5 }, oauthOptions: oauth },
    { farcaster: true },
  );
  // Main shows a button for each wallet found on the page (the widget lists none it cannot find), so inject them.
  await injectWallets(page);
  await page.goto('/signin');
  for (const name of ['Continue with Google', 'Continue with Discord', 'Continue with Phantom', 'Continue with Metamask', 'Sign in with Farcaster'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up a new crypto wallet' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Email', 'Text']);
  await expect(page.getByRole('link', { name: /Open the dev outbox/ })).toBeVisible();
});

test('SMS passcodes: the code texted to the number (dev outbox) signs in', async ({ page }) => {
  await setPlatformSignIn(admin, { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 5 } });
  const national = `415555${String(Math.floor(1000 + Math.random() * 8999))}`;
  const phone = `+1${national}`;
  await page.goto('/signin');
  await page.getByLabel('Phone number').fill(national);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText(`A 6-digit passcode was sent to you at ${phone}.`)).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as { messages: Array<{ to: string; text: string }> };
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === phone)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('One-time passcode').pressSequentially(code);
  await expectSignedIn(page);
});

test('magic link: the link from the dev mailbox lands on /signin, which redeems it and signs in', async ({ page, mailbox }) => {
  await setPlatformSignIn(admin, { products: ['emailMagicLinks'] });
  const email = uniqueEmail('signin-eml');
  await page.goto('/signin?callbackUrl=%2Fuser');
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const links = (await mailbox.waitFor(email)).text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.map((href) => new URL(href)).find((url) => url.searchParams.get('stytch_token_type') === 'magic_links');
  expect(link?.pathname).toBe('/signin');
  await page.goto(link!.href);
  expect((await expectSignedIn(page)).email).toBe(email);
});

test('passwords: an account is created with a password, then logs in with it', async ({ page }) => {
  test.setTimeout(150_000); // two sign-ins (the strength check loads zxcvbn) and a sign-out
  await setPlatformSignIn(admin, { products: ['passwords'] });
  const email = uniqueEmail('signin-pw');
  const password = `violet tractor juggles ${Date.now()} marshmallows`;
  await page.goto('/signin');
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const user = await expectSignedIn(page);
  await signOut(page);

  await page.goto('/signin');
  await enterEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  expect((await expectSignedIn(page)).userId).toBe(user.userId);
});

for (const [provider, button] of [
  ['google', 'Continue with Google'],
  ['discord', 'Continue with Discord'],
] as const) {
  test(`${provider}: the provider's login page, then back to /signin, which the widget redeems, signed in`, async ({ page }) => {
    test.setTimeout(120_000); // two sites and three page loads
    await setPlatformSignIn(admin, { products: ['oauth'], oauthOptions: oauth });
    const account = `${provider}${Date.now()}`;
    await page.goto('/signin?callbackUrl=%2Fuser');
    await page.getByRole('button', { name: button }).click();
    await page.getByLabel('Account name').fill(account);
    await page.getByRole('button', { name: provider === 'google' ? 'Sign in' : 'Authorize' }).click();
    const user = await expectSignedIn(page);
    expect(user.email).toBe(provider === 'google' ? `${account}@oidc.example` : `${account}@discord.example`);
  });
}

test("an OAuth sign-in through the server's own route that fails comes back to /signin with 'Error signing in'", async ({ page, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 4\d\d/ });
  await page.goto('/api/session/authenticate/oauth?stytch_token_type=oauth&token=not-a-token&callbackUrl=%2Fuser');
  await expect(page).toHaveURL(/\/signin\?error=signin&callbackUrl=%2Fuser$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Error signing in' })).toBeVisible();
});

test('Ethereum and Solana: the injected wallet signs the challenge in the widget and the console session starts', async ({ page }) => {
  test.setTimeout(120_000); // three sign-ins and two sign-outs
  await setPlatformSignIn(admin, { products: ['crypto'] });
  const wallets = await injectWallets(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Metamask' }).click();
  const evmUser = await expectSignedIn(page);
  expect(wallets.messages.at(-1)).toContain(wallets.ethereumAddress);
  await signOut(page);

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Phantom' }).click();
  const solanaUser = await expectSignedIn(page);
  expect(wallets.messages.at(-1)).toContain(wallets.solanaAddress);
  expect(solanaUser.userId).not.toBe(evmUser.userId);
  await signOut(page);

  // The same Ethereum wallet again is the same user.
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Metamask' }).click();
  expect((await expectSignedIn(page)).userId).toBe(evmUser.userId);
});

test('Farcaster, beside the widget: the custody wallet signs the Sign In With Farcaster message and the console session starts', async ({ page }) => {
  test.setTimeout(90_000); // two sign-ins and a sign-out
  await setPlatformSignIn(admin, { products: ['otp'] }, { farcaster: true });
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
  await setPlatformSignIn(admin, { products: ['otp'] }, { farcaster: true });
  const wallets = await injectWallets(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Farcaster' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error signing in' })).toBeVisible();
  expect(wallets.messages).toEqual([]);
  await expect(page).toHaveURL(/\/signin/);
});
