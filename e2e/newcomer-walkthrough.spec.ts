// The newcomer's walkthrough of the README, on the server `npm start` would run (PGlite, the embedded devnet, mail
// through SMTP): sign in, create a project, an API key and a webhook endpoint in the console, create a collection
// and watch it deploy, mint to one's own email with the key (as curl would), watch the mint become `success`, see
// the NFT's console detail page and the NFT on /user/collection and verify the signed `nfts.create.succeeded` delivery at a local receiver.
import { Webhook } from 'svix';
import { expect, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { useWebhookReceiver } from './support/webhook-receiver.ts';

const hooks = useWebhookReceiver();

type Mint = { id: string; onChain: { status: string; chain: string; contractAddress?: string; tokenId?: string; txId?: string }; actionId: string };

test('a newcomer creates a collection, mints to their own email with an API key, sees the NFT and hears the webhook', async ({
  page,
  mailbox,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('walkthrough');
  const hookUrl = `${hooks.receiver.url}/walkthrough`;
  const imageUrl = `${baseURL}/og-image.png`;

  await test.step('sign in and create a project', () => signInWithProject(page, mailbox, email, 'Walkthrough'));

  let apiKey = '';
  await test.step('create an API key that may mint and read NFTs', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Walkthrough key');
    await page.getByRole('radio', { name: 'Staging' }).check();
    await page.getByRole('checkbox', { name: 'nfts.create' }).check();
    await page.getByRole('checkbox', { name: 'nfts.read' }).check();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const secretField = page.getByLabel('Secret key');
    await expect(secretField).toHaveValue(/^sk_staging_\S+$/);
    apiKey = await secretField.inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
  });

  let secret = '';
  await test.step('add a webhook endpoint for nfts.create.succeeded at a local receiver', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(hookUrl);
    await page.getByRole('checkbox', { name: 'nfts.create.succeeded' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const field = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(field).toHaveValue(/^whsec_/);
    secret = await field.inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
  });

  let collectionId = '';
  await test.step('create a collection in the console and watch it deploy', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('link', { name: 'Create collection' }).first().click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Walkthrough Tickets');
    await page.getByLabel('Description').fill('My first collection');
    await page.getByLabel('Image URL').fill(imageUrl);
    await page.getByRole('button', { name: 'Create collection' }).click();
    await expect(page).toHaveURL(/\/console\/collections\/[0-9a-f-]{36}\/dashboard$/);
    collectionId = /collections\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await expect(page.getByText('The contract is deployed on Local devnet and every Keepsake signer may mint.')).toBeVisible({ timeout: 30_000 });
  });

  let mint: Mint | undefined;
  await test.step('mint to their own email with the API key, and watch it become success', async () => {
    const headers = { 'X-API-KEY': apiKey, 'content-type': 'application/json' };
    const created = await request.post(`/api/2022-06-09/collections/${collectionId}/nfts`, {
      headers,
      data: { recipient: `email:${email}:devnet`, metadata: { name: 'Front row', image: imageUrl, description: 'Seat A1' } },
    });
    expect([200, 201, 202]).toContain(created.status());
    const accepted = (await created.json()) as Mint;
    expect(accepted.onChain).toMatchObject({ status: 'pending', chain: 'devnet' });

    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/2022-06-09/collections/${collectionId}/nfts/${accepted.id}`, { headers: { 'X-API-KEY': apiKey } });
          mint = (await response.json()) as Mint;
          return mint.onChain.status;
        },
        { timeout: 60_000, message: 'the mint settles on the devnet' },
      )
      .toBe('success');
    expect(mint!.onChain.tokenId).toMatch(/^\d+$/);
    expect(mint!.onChain.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(mint!.onChain.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  await test.step('the dashboard counts the mint: total, minted, minting, failed', async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Mints' }).getByRole('definition')).toHaveText(['1', '1', '0', '0']);
  });

  await test.step('open the NFT from Created NFTs: owner email, token id, the RPC read and its history', async () => {
    await page.getByRole('link', { name: 'Created NFTs' }).click();
    await page.getByRole('link', { name: 'Front row' }).click();
    await expect(page).toHaveURL(new RegExp(`/console/collections/${collectionId}/created/nfts/${mint!.id}$`));
    await expect(page).toHaveTitle(/^NFT · /);
    await expect(page.getByRole('heading', { name: /Front row/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Owner' }).getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Token' }).getByText(mint!.onChain.tokenId!, { exact: true })).toBeVisible();
    // The devnet has no explorer: the page shows the chain's own answer instead.
    await expect(page.getByText('The chain confirms the owner holds this token.')).toBeVisible({ timeout: 15_000 });
    const history = page.getByRole('region', { name: 'Status history' }).getByRole('listitem');
    await expect(history.first()).toContainText('Requested');
    await expect(history.last()).toContainText('Minted');
  });

  await test.step('the NFT is on /user/collection', async () => {
    await page.goto('/user/collection');
    const card = page.getByRole('listitem').filter({ hasText: 'Front row' });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(mint!.onChain.tokenId!);
    await expect(card.getByRole('img')).toBeVisible();
  });

  await test.step('the receiver got nfts.create.succeeded, signed with the endpoint secret', async () => {
    const [delivery] = await hooks.receiver.waitFor('/walkthrough');
    new Webhook(secret).verify(delivery!.body, delivery!.headers);
    const payload = JSON.parse(delivery!.body) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('nfts.create.succeeded');
    expect(JSON.stringify(payload.data)).toContain(mint!.id);
  });
});
