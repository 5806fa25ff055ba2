// issue 12 (item 18): crypto wallets through Stytch's own @stytch/vanilla-js (headless) in Chromium, with the
// injected wallets of ../support/injected-wallets.ts. With SIWE required (bootstrap's
// siwe_required_for_crypto_wallets), the client adds siwe_params with the page's origin and the Ethereum wallet signs
// an EIP-4361 message; a Solana wallet signs the plain challenge, its signature sent in base58. The client stores
// each sign-in's session and user, and calls start/secondary when it holds a session.
import { parseSiweMessage } from 'viem/siwe';
import { injectWallets, type WalletWindow } from '../support/injected-wallets.ts';
import { expect, expectSignedIn, test } from './fixtures.ts';

test('cryptoWallets: Ethereum with SIWE, then Solana added through start/secondary; both sign the same user in', async ({ page, genuine }) => {
  await genuine.start(page, { authConfig: { cryptoWallets: { siweRequired: true } } });
  const wallets = await injectWallets(page);

  const userId = await test.step('Ethereum: eth_requestAccounts, authenticateStart (SIWE), personal_sign, authenticate', async () => {
    const result = await page.evaluate(async () => {
      const { ethereum } = window as unknown as WalletWindow;
      const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
      const { challenge } = await window.stytch.cryptoWallets.authenticateStart({ crypto_wallet_address: address!, crypto_wallet_type: 'ethereum' });
      const signature = (await ethereum.request({ method: 'personal_sign', params: [challenge, address] })) as string;
      return window.genuine.attempt(() =>
        window.stytch.cryptoWallets.authenticate({ crypto_wallet_address: address!, crypto_wallet_type: 'ethereum', signature, session_duration_minutes: 60 }),
      );
    });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const origin = genuine.site;
    expect(parseSiweMessage(wallets.messages.at(-1)!)).toMatchObject({
      domain: new URL(origin).host,
      uri: origin,
      chainId: 1,
      address: wallets.ethereumAddress,
    });
    const stored = await expectSignedIn(genuine, page);
    expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'crypto', delivery_method: 'crypto_wallet' })]);
    const user = (await page.evaluate(() => window.stytch.user.getSync())) as { crypto_wallets: Array<{ crypto_wallet_address: string }> };
    expect(user.crypto_wallets.map((w) => w.crypto_wallet_address)).toEqual([wallets.ethereumAddress.toLowerCase()]);
    return stored.user!.user_id;
  });

  await test.step('Solana with a session: connect, authenticateStart (start/secondary), signMessage, authenticate in base58', async () => {
    const before = (await genuine.stored(page)).tokens!.session_token;
    const result = await page.evaluate(async () => {
      const w = window as unknown as WalletWindow;
      const address = (await w.solana.connect()).publicKey.toString();
      const { challenge } = await window.stytch.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: 'solana' });
      const { signature } = await w.solana.signMessage(new TextEncoder().encode(challenge), 'utf8');
      return window.genuine.attempt(() =>
        window.stytch.cryptoWallets.authenticate({
          crypto_wallet_address: address,
          crypto_wallet_type: 'solana',
          signature: w.testBase58(signature),
          session_duration_minutes: 60,
        }),
      );
    });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(wallets.messages.at(-1)).toMatch(/with your Solana wallet:/);
    const urls = await page.evaluate(() => window.genuine.requests.map((r) => r.url).filter((u) => u.includes('/crypto_wallets/authenticate/start/')));
    expect(urls.map((u) => u.split('/').at(-1))).toEqual(['primary', 'secondary']);
    const stored = await expectSignedIn(genuine, page, { userId });
    expect(stored.tokens!.session_token).toBe(before);
    expect(stored.session!.authentication_factors.map((f) => f.type)).toEqual(['crypto', 'crypto']);
    const user = (await page.evaluate(() => window.stytch.user.getSync())) as { crypto_wallets: Array<{ crypto_wallet_type: string }> };
    expect(user.crypto_wallets.map((w) => w.crypto_wallet_type).sort()).toEqual(['ethereum', 'solana']);
  });
});
