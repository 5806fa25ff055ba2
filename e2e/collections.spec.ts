// Collections in the console: an owner creates a collection on the local devnet (with the §5 messages on the
// way), watches it deploy, and finds the contract on its contract page; the contract is read back from the
// devnet itself, and its metadata URL answers with the collection.
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { expect, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';

const contractAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function contractURI() view returns (string)',
]);

test('an owner creates a collection on the devnet and sees it deployed with its contract page', async ({ page, mailbox, request, baseURL }) => {
  // An image the server itself serves (the browser has no Internet here); http stays http on a loopback address.
  const imageUrl = `${baseURL}/og-image.png`;
  const email = uniqueEmail('collections');

  await test.step('sign in and create a project', () => signInWithProject(page, mailbox, email, 'Collections E2E'));

  await test.step('the Collections page is live and starts empty', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
    await expect(page).toHaveURL(/\/console\/collections$/);
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  });

  await test.step('the create form holds the spec §5 rules, then creates the collection', async () => {
    await page.getByRole('link', { name: 'Create collection' }).first().click();
    await expect(page).toHaveURL(/\/console\/create-collection$/);
    const chain = page.getByRole('combobox', { name: 'Chain' });
    await expect(chain).toHaveValue('devnet');
    await expect(chain.locator('option:checked')).toHaveText('Local devnet (chain id 31337)');
    await expect(chain).toHaveAccessibleDescription('A chain on this machine, not a public testnet.');
    await page.getByLabel('Image URL').fill('example.com/cover.png');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await expect(page.getByText('Name cannot be empty')).toBeVisible();
    await expect(page.getByText('Description cannot be empty')).toBeVisible();
    await expect(page.getByText('Image url should be a valid url, starting with https://')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Tickets');
    await page.getByLabel('Description').fill('Made in Chromium');
    await page.getByLabel('Image URL').fill(imageUrl);
    await page.getByLabel('Symbol').fill('e2et');
    await page.getByLabel('Supply limit').fill('50');
    await page.getByRole('button', { name: 'Create collection' }).click();
  });

  await test.step('the dashboard shows the deploy finish', async () => {
    await expect(page).toHaveURL(/\/console\/collections\/[0-9a-f-]{36}\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /E2E Tickets/ })).toBeVisible();
    await expect(page.getByText('The contract is deployed on Local devnet and every Keepsake signer may mint.')).toBeVisible({ timeout: 20_000 });
    // A new collection has minted nothing yet.
    await expect(page.getByRole('region', { name: 'Mints' }).getByRole('definition')).toHaveText(['0', '0', '0', '0']);
  });

  await test.step('the contract page shows the address on the devnet, which has no explorer', async () => {
    await page.getByRole('navigation', { name: 'Collection pages' }).getByRole('link', { name: 'Contract' }).click();
    await expect(page).toHaveURL(/\/contract$/);
    await expect(page.getByText("The local devnet has no block explorer: read the contract through the devnet's RPC URL.")).toBeVisible();
    const address = (await page.locator('code').first().textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const devnet = createPublicClient({ transport: http(process.env.KEEPSAKE_E2E_DEVNET_RPC_URL) });
    const contract = { address: address as Address, abi: contractAbi } as const;
    expect(await devnet.readContract({ ...contract, functionName: 'name' })).toBe('E2E Tickets');
    expect(await devnet.readContract({ ...contract, functionName: 'symbol' })).toBe('E2ET');
    const contractUri = await devnet.readContract({ ...contract, functionName: 'contractURI' });
    await expect(page.getByRole('link', { name: contractUri })).toBeVisible();
    const metadata = await request.get(contractUri);
    expect(await metadata.json()).toMatchObject({ name: 'E2E Tickets', description: 'Made in Chromium', image: imageUrl });
  });

  await test.step('details keep the social links valid, and the list shows the collection deployed', async () => {
    await page.getByRole('link', { name: 'Details' }).click();
    await page.getByLabel('Twitter/X').fill('no');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a valid Twitter/X handle')).toBeVisible();
    await page.getByLabel('Twitter/X').fill('@keepsake_hq');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Collection saved')).toBeVisible();
    await page.getByRole('link', { name: 'All collections' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E Tickets' });
    await expect(row).toContainText('Deployed');
    await expect(row).toContainText('Local devnet');
  });
});
