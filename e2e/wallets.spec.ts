// The console's wallet pages against the real server and its devnet: wallets made through the developer API
// appear in /console/wallets, the search finds one by owner, and its page shows the owner, the chains and the
// balances read from the devnet (ETH and the test stablecoin USDXM), and an empty NFT list.
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './support/console.ts';

test('custodial wallets made through the API show up in the console with their owner, chains, balances and NFTs', async ({ page, mailbox }) => {
  const email = `wallets-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const request = page.request;
  await signInThroughApi(request, (to) => mailbox.passcodeFor(to), email);

  const project = ((await (await request.post('/api/console/projects', { data: { name: 'Wallet pages' } })).json()) as { project: { id: string } }).project;
  const key = await request.post(`/api/console/projects/${project.id}/apiKeys`, {
    data: { name: 'wallets', environment: 'staging', scopes: ['wallets.create', 'wallets.read'] },
  });
  expect(key.status()).toBe(201);
  const { secret } = (await key.json()) as { secret: string };

  await test.step('an empty project says how wallets come to be', async () => {
    await page.goto('/console/wallets');
    await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No wallets yet' })).toBeVisible();
  });

  const addresses: Record<string, string> = {};
  for (const owner of ['email:alice@example.com', 'userId:game-player-7', 'email:carol@example.com']) {
    const created = await request.post('/api/2025-06-09/wallets', { headers: { 'x-api-key': secret }, data: { chainType: 'evm', owner } });
    expect(created.status()).toBe(201);
    addresses[owner] = ((await created.json()) as { address: string }).address;
  }

  await test.step('the list shows every wallet, and the search finds one by owner', async () => {
    await page.reload();
    const table = page.getByRole('table', { name: 'Wallets' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(page.getByText('3 wallets')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search wallets' }).fill('carol');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'email:carol@example.com', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/console\/wallets\?search=carol$/);
    await table.getByRole('link', { name: addresses['email:carol@example.com'] }).click();
  });

  await test.step("the wallet's page shows its owner, the devnet, its balances read from the chain and no NFTs yet", async () => {
    await expect(page).toHaveURL(new RegExp(`/console/wallets/${addresses['email:carol@example.com']}\\?projectId=${project.id}$`));
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    await expect(page.getByText('email:carol@example.com')).toBeVisible();
    await expect(page.getByText(addresses['email:carol@example.com']!, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chains' }).getByRole('listitem').filter({ hasText: 'devnet' })).toContainText('chain id 31337');
    const balances = page.getByRole('table', { name: 'Balances' });
    await expect(balances.getByRole('row', { name: /^eth Ether devnet 0 0$/ })).toBeVisible();
    await expect(balances.getByRole('row', { name: /^usdxm Keepsake Test USD devnet 0 0$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No NFTs yet' })).toBeVisible();
  });

  await test.step('the sidebar links back to the list', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Wallets' }).click();
    await expect(page).toHaveURL(/\/console\/wallets$/);
    await expect(page.getByRole('table', { name: 'Wallets' }).getByRole('row')).toHaveCount(4);
  });
});
