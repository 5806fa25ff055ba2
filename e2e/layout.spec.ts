// Issue 11's layout checks: at a phone width (390 px) and a laptop width (1280 px), the console's lists of API keys,
// created NFTs, webhook delivery attempts and wallets keep every cell short (no address wrapping one character
// per line) and every action button on screen, not cut off at the right edge or inside a sideways-scrolling
// area (ADR 090). The data is long on purpose: long key names, long owner emails, 0x addresses, a long URL.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughApi, uniqueEmail } from './support/console.ts';
import { useWebhookReceiver } from './support/webhook-receiver.ts';

const hooks = useWebhookReceiver();

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The tallest a table cell (or a card's field) may be. */
const MAX_CELL_HEIGHT = 120;

type Measured = { kind: 'cell' | 'button'; label: string; top: number; height: number; left: number; right: number; clippedBy: string | null };

/**
 * The cells (table cells, or card fields under 640 px) and buttons inside `region`, measured where they are; a
 * button's `clippedBy` names the scrolling or clipping ancestor it sticks out of, if any.
 */
async function measure(page: Page, region: string): Promise<Measured[]> {
  return page.locator(region).evaluate((root) => {
    const describe = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
    const out: Measured[] = [];
    for (const cell of root.querySelectorAll('td, th, [data-cell]')) {
      const rect = cell.getBoundingClientRect();
      out.push({ kind: 'cell', label: describe(cell), top: rect.top, height: rect.height, left: rect.left, right: rect.right, clippedBy: null });
    }
    for (const button of root.querySelectorAll('button')) {
      const rect = button.getBoundingClientRect();
      let clippedBy: string | null = null;
      for (let parent = button.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible') continue;
        const box = parent.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1) {
          clippedBy = `${parent.tagName.toLowerCase()}.${parent.className}`.slice(0, 80);
          break;
        }
      }
      out.push({ kind: 'button', label: describe(button), top: rect.top, height: rect.height, left: rect.left, right: rect.right, clippedBy });
    }
    return out;
  });
}

async function expectTidy(page: Page, region: string, what: string, viewport: { width: number; height: number }): Promise<void> {
  const measured = await measure(page, region);
  const cells = measured.filter((item) => item.kind === 'cell');
  const buttons = measured.filter((item) => item.kind === 'button');
  expect(cells.length, `${what} at ${viewport.width} px has cells`).toBeGreaterThan(0);
  expect(buttons.length, `${what} at ${viewport.width} px has action buttons`).toBeGreaterThan(0);
  const tall = cells.filter((cell) => cell.height > MAX_CELL_HEIGHT).map((cell) => `${cell.label} (${Math.round(cell.height)} px)`);
  expect(tall, `${what} at ${viewport.width} px: cells taller than ${MAX_CELL_HEIGHT} px`).toEqual([]);
  const offScreen = buttons
    .filter((button) => button.left < 0 || button.right > viewport.width || button.clippedBy !== null)
    .map((button) => `${button.label} (${Math.round(button.left)}–${Math.round(button.right)} px${button.clippedBy ? `, outside ${button.clippedBy}` : ''})`);
  expect(offScreen, `${what} at ${viewport.width} px: action buttons not fully on screen`).toEqual([]);
  const pageScrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(pageScrollsSideways, `${what} at ${viewport.width} px: the page scrolls sideways`).toBe(false);
}

test('the API keys, created NFTs, webhook attempts and wallets lists fit a phone and a laptop screen', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  const request = page.request;
  await signInThroughApi(request, (to) => mailbox.passcodeFor(to), uniqueEmail('layout'));

  const project = ((await (await request.post('/api/console/projects', { data: { name: 'Layout checks' } })).json()) as { project: { id: string } }).project;
  let apiKey = '';
  for (const name of ['Production minting service for the storefront', 'Staging key with every scope']) {
    const key = await request.post(`/api/console/projects/${project.id}/apiKeys`, {
      data: { name, environment: 'staging', scopes: ['collections.create', 'collections.read', 'nfts.create', 'nfts.read', 'wallets.create', 'wallets.read'] },
    });
    expect(key.status()).toBe(201);
    apiKey ||= ((await key.json()) as { secret: string }).secret;
  }
  const headers = { 'x-api-key': apiKey };

  const hookUrl = `${hooks.receiver.url}/layout/a-rather-long-path/for-the-orders-service`;
  const endpoint = await request.post(`/api/console/projects/${project.id}/webhooks`, {
    data: { url: hookUrl, description: 'Orders', eventTypes: ['nfts.create.succeeded', 'collections.create.succeeded'] },
  });
  expect(endpoint.status()).toBe(201);
  const endpointId = ((await endpoint.json()) as { endpoint: { id: string } }).endpoint.id;

  const created = await request.post('/api/2022-06-09/collections', {
    headers,
    data: { chain: 'devnet', fungibility: 'non-fungible', metadata: { name: 'Layout Tickets', description: 'Seats', symbol: 'LAY' } },
  });
  expect(created.status()).toBe(201);
  const { id: collectionId, actionId } = (await created.json()) as { id: string; actionId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/2022-06-09/actions/${actionId}`, { headers })).json()) as { status: string }).status, {
      timeout: 30_000,
      message: 'the collection deploys on the devnet',
    })
    .toBe('succeeded');
  for (const n of [1, 2]) {
    const recipient = `email:${uniqueEmail(`layout-recipient-with-a-long-name-${n}`)}:devnet`;
    const mint = await request.post(`/api/2022-06-09/collections/${collectionId}/nfts`, {
      headers,
      data: { recipient, metadata: { name: `Seat ${n}`, description: 'Row A' } },
    });
    expect([200, 201, 202]).toContain(mint.status());
  }

  await test.step('one delivery attempt to show', async () => {
    await page.goto(`/console/webhooks/${endpointId}`);
    await page.getByLabel('Event type').selectOption('nfts.create.succeeded');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await hooks.receiver.waitFor('/layout/a-rather-long-path/for-the-orders-service', 1);
  });

  for (const viewport of VIEWPORTS) {
    await test.step(`${viewport.width} px`, async () => {
      await page.setViewportSize(viewport);

      await page.goto('/console/projects/apiKeys');
      await expect(page.getByText('Staging key with every scope')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Revoke Production minting service for the storefront' })).toBeVisible();
      await expectTidy(page, 'main', 'API keys', viewport);

      await page.goto(`/console/collections/${collectionId}/created/nfts`);
      await expect(page.getByText('Seat 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copy the recipient of Seat 1' })).toBeVisible();
      await expectTidy(page, 'section[aria-labelledby="created-nfts-title"]', 'Created NFTs', viewport);

      await page.goto(`/console/webhooks/${endpointId}`);
      await expect(page.getByRole('button', { name: /^Resend / }).first()).toBeVisible({ timeout: 15_000 });
      await expectTidy(page, 'main', 'Webhook attempts', viewport);

      await page.goto('/console/wallets');
      await expect(page.getByText(/layout-recipient-with-a-long-name-1/)).toBeVisible();
      await expectTidy(page, 'main', 'Wallets', viewport);
    });
  }
});
