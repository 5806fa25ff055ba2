// The sign-in widget's crypto and OAuth products (issue 13) in Chromium, on a customer's page (another origin than
// Keepsake): wallets through injected providers (support/injected-wallets.ts: MetaMask-like EIP-1193 and Phantom-
// like Solana, keys in the test process) from Main through Crypto Connect and Crypto Sign Message to Crypto
// Confirmation, a refusal to Crypto Error, the other-wallet and setup screens; OAuth through real redirects to the
// OpenID Connect stand-in playing Google and back to the widget, which redeems the token; One Tap refused by the
// server (a §4 state) leaves the standard Google button. Axe at 1280 and 390 px and screenshots of every screen.
import type { Page } from '@playwright/test';
import type { StytchLoginConfig } from '@keepsake/auth-ui';
import { expect, expectAccessibleNow } from './fixtures.ts';
import { test } from './sdk-fixtures.ts';
import { injectWallets } from './support/injected-wallets.ts';
import { E2E_GOOGLE_CLIENT } from './support/oidc.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const SCREENSHOTS = 'docs/screenshots/widget';

async function openWidget(page: Page, site: string, path = '/widget'): Promise<void> {
  await page.goto(`${site}${path}`);
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
}

const mount = (page: Page, publicToken: string, endpoint: string, config: StytchLoginConfig) =>
  page.evaluate(([token, url, widgetConfig]) => window.widget.mount(token, url, widgetConfig), [publicToken, endpoint, config] as const);

/** Axe on the screen at both widths, and its screenshot at each. */
async function capture(page: Page, name: string, what: string): Promise<void> {
  await expectAccessibleNow(page, what);
  await screenshotBothWidths(page, SCREENSHOTS, name);
}

/** Makes the page's Ethereum wallet wait, on `methods`, until `releaseWallet(method)`: the screens between stay up. */
async function holdWallet(page: Page, methods: string[]): Promise<void> {
  await page.evaluate((held) => {
    type Request = (args: { method: string; params?: unknown[] }) => Promise<unknown>;
    const w = window as unknown as { ethereum: { request: Request }; releaseWallet: (method: string) => void };
    const releases = new Map<string, () => void>();
    const gates = new Map(held.map((method) => [method, new Promise<void>((resolve) => releases.set(method, resolve))]));
    const original = w.ethereum.request.bind(w.ethereum);
    w.ethereum.request = async (args) => {
      await gates.get(args.method);
      return original(args);
    };
    w.releaseWallet = (method) => releases.get(method)?.();
  }, methods);
}
const releaseWallet = (page: Page, method: string) =>
  page.evaluate((m) => (window as unknown as { releaseWallet(method: string): void }).releaseWallet(m), method);

const signedInFactors = (page: Page) => page.evaluate(() => window.widget.client?.session.getSync()?.authentication_factors.map((factor) => factor.type));

test('Metamask: Main → Crypto Connect → Crypto Sign Message → Crypto Confirmation, signed in', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await openWidget(page, sdkPages.site);
  const wallets = await injectWallets(page);
  await holdWallet(page, ['eth_requestAccounts', 'personal_sign']);
  // The waiting screens' spinner turns for as long as the wallet waits; the accessibility check waits for running
  // animations to end, so the spinner is stopped for it (its look is the same in the screenshots).
  await page.addStyleTag({ content: '.ks-spinner { animation: none !important; }' });
  await mount(page, project.publicToken, keepsake.url, { products: ['crypto'] });

  const widget = page.locator('#login');
  await expect(widget.getByRole('button', { name: 'Continue with Phantom' })).toBeVisible();
  await expect(widget.getByRole('button')).toHaveText(['Continue with Phantom', 'Continue with Metamask', 'Other wallets', 'Set up a new crypto wallet']);
  await capture(page, 'crypto-main', 'the widget Main screen with wallets');

  await widget.getByRole('button', { name: 'Continue with Metamask' }).click();
  await expect(page.getByRole('heading', { name: 'Connect Metamask' })).toBeVisible();
  await capture(page, 'crypto-connect', 'the widget Crypto Connect screen');

  await releaseWallet(page, 'eth_requestAccounts');
  await expect(page.getByRole('heading', { name: 'Sign the message' })).toBeVisible();
  await capture(page, 'crypto-sign-message', 'the widget Crypto Sign Message screen');

  await releaseWallet(page, 'personal_sign');
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('Your wallet has been successfully verified.')).toBeVisible();
  await capture(page, 'crypto-confirmation', 'the widget Crypto Confirmation screen');

  // The server's challenge names the wallet, and the session it started is a crypto one for that wallet.
  expect(wallets.messages.at(-1)).toContain(wallets.ethereumAddress);
  expect(await page.evaluate(() => window.widget.events)).toEqual([
    'CRYPTO_WALLET_AUTHENTICATE_START',
    'CRYPTO_WALLET_AUTHENTICATE',
    'AUTHENTICATE_FLOW_COMPLETE',
  ]);
  expect(await page.evaluate(() => window.widget.errors)).toEqual([]);
  expect(await signedInFactors(page)).toEqual(['crypto']);
  const user = await page.evaluate(() => window.widget.client?.user.getSync());
  expect(user?.crypto_wallets).toEqual([
    expect.objectContaining({ crypto_wallet_address: wallets.ethereumAddress.toLowerCase(), crypto_wallet_type: 'ethereum' }),
  ]);
  expect((await sdkPages.cookies(page.context())).map((cookie) => cookie.name)).toContain('stytch_session');
});

test('Phantom signs in with a base58 signature; the other-wallet and setup screens; a refusal goes to Crypto Error', async ({ page, sdkPages, keepsake }) => {
  const project = await keepsake.createProject();
  await openWidget(page, sdkPages.site);
  const wallets = await injectWallets(page);
  await mount(page, project.publicToken, keepsake.url, { products: ['crypto'] });

  await page.getByRole('button', { name: 'Other wallets' }).click();
  await expect(page.getByRole('heading', { name: 'Other wallets' })).toBeVisible();
  await expect(page.locator('#login').getByRole('button', { name: /^(Continue|Set up)/ })).toHaveText([
    'Continue with Ethereum wallet',
    'Continue with Solana wallet',
    'Set up a new crypto wallet',
  ]);
  await capture(page, 'crypto-other', 'the widget Crypto Other Screen');

  await page.getByRole('button', { name: 'Set up a new crypto wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Phantom' })).toHaveAttribute('target', '_blank');
  await capture(page, 'crypto-setup-wallet', 'the widget Crypto Setup Wallet screen');
  await page.getByRole('button', { name: 'Back' }).click();

  // The wallet refuses to connect (the user closed its prompt): Crypto Error, reported to onError.
  await page.evaluate(() => {
    const w = window as unknown as { ethereum: { request(): Promise<unknown> } };
    w.ethereum.request = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
  });
  await page.getByRole('button', { name: 'Continue with Metamask' }).click();
  await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
  await expect(page.getByText('Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!')).toBeVisible();
  await capture(page, 'crypto-error', 'the widget Crypto Error screen');
  expect(await page.evaluate(() => window.widget.errors)).toEqual(['Could not connect to wallet']);

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Continue with Phantom' }).click();
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  expect(wallets.messages.at(-1)).toContain(wallets.solanaAddress);
  expect(await signedInFactors(page)).toEqual(['crypto']);
  expect(await page.evaluate(() => window.widget.client?.user.getSync()?.crypto_wallets.map((wallet) => wallet.crypto_wallet_address))).toEqual([
    wallets.solanaAddress,
  ]);
});

test('OAuth: One Tap refused (a §4 state), so the standard Google button; Continue with Google → the provider → back to the widget, signed in', async ({
  page,
  sdkPages,
  keepsake,
  consoleErrors,
}) => {
  // One Tap cannot show here: the project's Google client id is not of the form Google issues, so the server answers
  // the §4 state invalid_client (a 400 the browser logs); Google's script is blocked as well, so nothing reaches
  // Google whatever the answer. The widget must fall back to the standard button. (A real prompt: auth-ui-one-tap.)
  consoleErrors.allow({ text: /Failed to load resource/ });
  await page.route('https://accounts.google.com/**', (route) => route.abort());
  const project = await keepsake.createProject({ oauth: { pkceRequired: true } });
  await keepsake.setOauthClient(project.id, 'google', E2E_GOOGLE_CLIENT);
  const back = `${sdkPages.site}/widget`;
  const config: StytchLoginConfig = {
    products: ['oauth', 'crypto'],
    oauthOptions: {
      providers: [
        { type: 'google', one_tap: true, position: 'floatingOrEmbedded', custom_scopes: ['email'], provider_params: { login_hint: 'grace' } },
        { type: 'github' },
      ],
      loginRedirectURL: back,
      signupRedirectURL: back,
    },
  };
  await openWidget(page, sdkPages.site);
  await injectWallets(page);
  await mount(page, project.publicToken, keepsake.url, config);

  const widget = page.locator('#login');
  await expect(widget.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // Slots: 6 − 2 providers − 1 = 3 for wallets; both found wallets fit, then 'Other wallets'.
  await expect(widget.getByRole('button')).toHaveText([
    'Continue with Google',
    'Continue with GitHub',
    'Continue with Phantom',
    'Continue with Metamask',
    'Other wallets',
    'Set up a new crypto wallet',
  ]);
  const oneTapState = 'Google One Tap: Google does not recognise the project’s Google client ID.';
  await expect(widget.getByText(oneTapState)).toBeVisible();
  expect(await page.evaluate(() => window.widget.errors)).toEqual([oneTapState]);
  await capture(page, 'oauth-main', 'the widget Main screen with OAuth and wallets');

  const starts: string[] = [];
  page.on('request', (request) => void (request.url().includes('/v1/public/oauth/google/start') && starts.push(request.url())));
  await widget.getByRole('button', { name: 'Continue with Google' }).click();
  const account = `widget${Date.now()}`;
  await page.getByLabel('Account name').fill(account);
  const start = new URL(starts[0]!);
  expect(start.searchParams.get('public_token')).toBe(project.publicToken);
  expect(start.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(start.searchParams.get('custom_scopes')).toBe('email');
  expect(start.searchParams.get('provider_login_hint')).toBe('grace');
  expect(start.searchParams.get('login_redirect_url')).toBe(back);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL((url) => url.href.startsWith(`${back}?`) && url.searchParams.get('stytch_token_type') === 'oauth');
  await expect(page.locator('body[data-widget-ready="true"]')).toBeAttached();
  await mount(page, project.publicToken, keepsake.url, config);
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  await expect(page.getByText('You have successfully signed in.')).toBeVisible();
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await capture(page, 'oauth-confirmation', 'the widget OAuth success screen');

  expect(await signedInFactors(page)).toEqual(['oauth']);
  expect(await page.evaluate(() => window.widget.client?.user.getSync()?.emails.map((email) => email.email))).toEqual([`${account}@oidc.example`]);
  expect(await page.evaluate(() => window.widget.events)).toEqual(['AUTHENTICATE_FLOW_COMPLETE']);
});
