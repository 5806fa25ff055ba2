// issue 12 (Crypto wallets): @keepsake/auth-js's cryptoWallets product in Chromium, on another origin than the
// server, with an injected EIP-1193 provider and an injected Solana wallet whose keys stay in the test process
// (support/injected-wallets.ts): sign up and back in with each, SIWE when the project requires it, add a wallet to a
// signed-in user (start/secondary), and a replayed signature refused.
import type { Page } from '@playwright/test';
import { parseSiweMessage } from 'viem/siwe';
import { expect, test } from './sdk-fixtures.ts';
import { injectWallets, type WalletWindow } from './support/injected-wallets.ts';

/** The page's Ethereum sign-in: eth_requestAccounts, authenticateStart, personal_sign, authenticate (and what it sent). */
const ethereumSignIn = (page: Page) =>
  page.evaluate(async () => {
    const { ethereum } = window as unknown as WalletWindow;
    const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
    const started = await window.client.cryptoWallets.authenticateStart({ crypto_wallet_address: address!, crypto_wallet_type: 'ethereum' });
    const signature = (await ethereum.request({ method: 'personal_sign', params: [started.challenge, address] })) as string;
    const options = { crypto_wallet_address: address!, crypto_wallet_type: 'ethereum', signature, session_duration_minutes: 60 };
    const result = await window.sdk.attempt(() => window.client.cryptoWallets.authenticate(options));
    return { result, options };
  });

test('Ethereum: eth_requestAccounts, the challenge, personal_sign, sign-in; again as the same user; a replayed signature is refused', async ({
  page,
  sdkPages,
  consoleErrors,
}) => {
  await sdkPages.start(page);
  const wallets = await injectWallets(page);
  const signIn = () => ethereumSignIn(page);

  const first = await signIn();
  expect(first.result.ok, JSON.stringify(first.result)).toBe(true);
  expect(wallets.messages.at(-1)).toContain(wallets.ethereumAddress);
  const user = await page.evaluate(() => window.client.user.getSync());
  expect(user?.crypto_wallets).toEqual([
    expect.objectContaining({ crypto_wallet_address: wallets.ethereumAddress.toLowerCase(), crypto_wallet_type: 'ethereum', verified: true }),
  ]);
  expect(await page.evaluate(() => window.client.session.getSync()?.authentication_factors.map((f) => f.type))).toEqual(['crypto']);

  await page.evaluate(() => window.client.session.revoke());
  const second = await signIn();
  expect(second.result.ok, JSON.stringify(second.result)).toBe(true);
  expect(await page.evaluate(() => window.client.user.getSync()?.user_id)).toBe(user?.user_id);

  consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/crypto_wallets\/authenticate$/ });
  const replay = await page.evaluate((options) => window.sdk.attempt(() => window.client.cryptoWallets.authenticate(options)), second.options);
  expect(replay).toMatchObject({ ok: false, error: { status_code: 404, error_type: 'crypto_wallet_challenge_not_found' } });
});

test('Ethereum with SIWE required: the client sends siwe_params with the page origin and the wallet signs an EIP-4361 message', async ({ page, sdkPages }) => {
  await sdkPages.start(page, { authConfig: { cryptoWallets: { siweRequired: true } } });
  const wallets = await injectWallets(page);
  const { result } = await ethereumSignIn(page);
  expect(result.ok, JSON.stringify(result)).toBe(true);
  const origin = new URL(page.url()).origin;
  expect(parseSiweMessage(wallets.messages.at(-1)!)).toMatchObject({ domain: new URL(origin).host, uri: origin, chainId: 1, address: wallets.ethereumAddress });
  if (result.ok) expect(result.value.siwe_params).toMatchObject({ domain: new URL(origin).host, uri: origin, chain_id: '1' });
  const sent = await page.evaluate(() => window.sdk.requests.find((r) => r.url.endsWith('/crypto_wallets/authenticate/start/primary'))?.body ?? null);
  expect(JSON.parse(sent!)).toMatchObject({ siwe_params: { uri: origin } });
});

test('Solana: connect, signMessage (base58 signature), sign-in; then the Ethereum wallet joins that user through start/secondary', async ({
  page,
  sdkPages,
}) => {
  await sdkPages.start(page);
  const wallets = await injectWallets(page);
  const solana = await page.evaluate(async () => {
    const w = window as unknown as WalletWindow;
    const { publicKey } = await w.solana.connect();
    const address = publicKey.toString();
    const { challenge } = await window.client.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'solana' });
    const { signature } = await w.solana.signMessage(new TextEncoder().encode(challenge), 'utf8');
    return window.sdk.attempt(() =>
      window.client.cryptoWallets.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: 'solana',
        signature: w.testBase58(signature),
        session_duration_minutes: 60,
      }),
    );
  });
  expect(solana.ok, JSON.stringify(solana)).toBe(true);
  expect(wallets.messages.at(-1)).toContain(wallets.solanaAddress);

  const { result: added } = await ethereumSignIn(page);
  expect(added.ok, JSON.stringify(added)).toBe(true);
  const urls = await page.evaluate(() => window.sdk.requests.map((r) => r.url).filter((u) => u.includes('/crypto_wallets/authenticate/start/')));
  expect(urls.map((u) => u.split('/').at(-1))).toEqual(['primary', 'secondary']);
  const user = await page.evaluate(() => window.client.user.getSync());
  expect(user?.crypto_wallets.map((w) => w.crypto_wallet_type).sort()).toEqual(['ethereum', 'solana']);
  expect(await page.evaluate(() => window.client.session.getSync()?.authentication_factors.map((f) => f.type))).toEqual(['crypto', 'crypto']);
});
