// The pages that show minted NFTs, in Chromium against a real server: the collection dashboard's mint counts,
// created/nfts (pages, status filter), registered/nfts, and the end user's /user/collection (reached from the
// mobile menu) with a broken image degrading to a placeholder.
//
// The rows are written by the seeding helper (apps/server/src/testing/nfts.ts) so that the pages can be shown
// with failures and many pages without minting them; only settled rows (minted or failed) are seeded, because the
// real minting pipeline runs in this server and would mint any pending row (the newcomer walkthrough spec mints
// for real). For that the spec runs its own server process on a
// scratch PostgreSQL database it can write to (the shared e2e server's PGlite is held by that process), with a
// real devnet, a real SMTP sink, and the collection and wallet made through the real developer API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughApi } from './support/console.ts';

// Server test helpers, imported by URL so that `tsc -b` does not pull server sources into the tools project
// (TS6307); these are the parts of their APIs used here.
type ReceivedMail = { text: string };
type SmtpSink = { url: string; messagesTo(to: string): ReceivedMail[]; close(): Promise<void> };
type StartedServer = {
  child: { pid?: number; kill(signal?: string): boolean };
  url: string;
  output(): string;
  errorLogs(): string[];
  exited: Promise<number | null>;
};
type SeedRow = { status?: 'pending' | 'success' | 'failed'; ownerAddress: string; metadata?: { name: string; image?: string } };
type SeedCollection = { id: string; projectId: string; chain: string; contractAddress: string | null };
type SeedDatabase = { db: unknown; close(): Promise<void> };
const modules = {
  smtp: new URL('../apps/server/src/testing/smtp-sink.ts', import.meta.url).href,
  process: new URL('../apps/server/src/testing/server-process.ts', import.meta.url).href,
  harness: new URL('../apps/server/src/testing/harness.ts', import.meta.url).href,
  nfts: new URL('../apps/server/src/testing/nfts.ts', import.meta.url).href,
};

let sink: SmtpSink;
let server: StartedServer;
let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { startSmtpSink } = (await import(modules.smtp)) as { startSmtpSink: () => Promise<SmtpSink> };
  const { createScratchDatabase } = (await import(modules.harness)) as { createScratchDatabase: () => Promise<typeof database> };
  const { startServerProcess, serverProcessEnv } = (await import(modules.process)) as {
    startServerProcess: (env: Record<string, string>) => Promise<StartedServer>;
    serverProcessEnv: (dataDir: string, databaseUrl: string | undefined) => Record<string, string>;
  };
  sink = await startSmtpSink();
  database = await createScratchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'keepsake-e2e-nfts-'));
  server = await startServerProcess({ ...serverProcessEnv(dataDir, database.url), SMTP_URL: sink.url, LOG_LEVEL: 'warn', RATE_LIMIT_OTP_PER_IP: '1000' });
  baseUrl = server.url.replace('//localhost:', '//127.0.0.1:');
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await sink?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // This spec's own server is not the one the serverErrors fixture watches: judge its log here (ADR 082).
  expect(server?.errorLogs() ?? [], 'unexpected error-level lines in the log of this spec’s server').toEqual([]);
});

/** Signs `email` in to this spec's server through the API; the session cookie lands in the context. */
async function signIn(request: APIRequestContext, email: string): Promise<void> {
  const passcodeFor = async (to: string) => {
    await expect.poll(() => sink.messagesTo(to).length, { message: `passcode email to ${to}` }).toBeGreaterThan(0);
    return /^\s*(\d{6})\s*$/m.exec(sink.messagesTo(to)[0]!.text)![1]!;
  };
  await signInThroughApi(request, passcodeFor, email, baseUrl);
}

/** A context on the spec's server whose page fails the test on a page error or a console error other than a failed image. */
async function openContext(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  // The IPFS gateway answers with a real PNG here (no network in CI) for the ipfs:// image this spec seeds.
  const png = Buffer.from(await (await fetch(`${baseUrl}/og-image.png`)).arrayBuffer());
  await context.route(/\/ipfs\/bafkrei/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The broken image this spec seeds on purpose.
    if (message.type() === 'error' && !/broken\.png/.test(message.location().url + message.text())) errors.push(`console.error: ${message.text()}`);
  });
  return { context, page, errors };
}

const unique = (prefix: string) => `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('minted NFTs show in the collection console pages and on the end user’s collection page', async ({ browser }) => {
  test.setTimeout(90_000);
  const developer = await openContext(browser);
  const aliceEmail = unique('alice');
  await signIn(developer.page.request, unique('owner'));
  const request = developer.page.request;

  // A project, a key, a deployed collection and Alice's email wallet, all through the real APIs.
  const project = ((await (await request.post(`${baseUrl}/api/console/projects`, { data: { name: 'Minted NFTs' } })).json()) as { project: { id: string } })
    .project;
  const key = await request.post(`${baseUrl}/api/console/projects/${project.id}/apiKeys`, {
    data: { name: 'views', environment: 'staging', scopes: ['collections.create', 'collections.read', 'wallets.create', 'wallets.read'] },
  });
  expect(key.status()).toBe(201);
  const apiKey = { 'x-api-key': ((await key.json()) as { secret: string }).secret };
  const created = await request.post(`${baseUrl}/api/2022-06-09/collections`, {
    headers: apiKey,
    data: { chain: 'devnet', fungibility: 'non-fungible', supplyLimit: 100, metadata: { name: 'Show Tickets', description: 'Seats', symbol: 'SHOW' } },
  });
  expect(created.status()).toBe(201);
  const { id: collectionId, actionId } = (await created.json()) as { id: string; actionId: string };
  await expect
    .poll(async () => ((await (await request.get(`${baseUrl}/api/2022-06-09/actions/${actionId}`, { headers: apiKey })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('succeeded');
  const collection = (await (await request.get(`${baseUrl}/api/2022-06-09/collections/${collectionId}`, { headers: apiKey })).json()) as {
    onChain: { contractAddress: string };
  };
  const wallet = await request.post(`${baseUrl}/api/2025-06-09/wallets`, { headers: apiKey, data: { owner: `email:${aliceEmail}` } });
  expect(wallet.status()).toBe(201);
  const aliceAddress = ((await wallet.json()) as { address: string }).address;

  // 25 mints to Alice: 20 minted, 5 failed; the first image is served by the server, the second is broken, the
  // twentieth (the newest minted, first on every list) is an ipfs:// link, which the page's CSP would refuse in an
  // <img>: it must go through the gateway.
  const images: Record<number, string> = {
    0: `${baseUrl}/og-image.png`,
    1: 'https://127.0.0.1:9/broken.png',
    19: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/seat-20.png',
  };
  const rows: SeedRow[] = Array.from({ length: 25 }, (_, i) => ({
    status: i >= 20 ? 'failed' : 'success',
    ownerAddress: aliceAddress,
    metadata: { name: `Seat ${i + 1}`, ...(images[i] ? { image: images[i] } : {}) },
  }));
  const { insertNfts, openSeedDatabase } = (await import(modules.nfts)) as {
    insertNfts: (db: unknown, collection: SeedCollection, rows: SeedRow[]) => Promise<string[]>;
    openSeedDatabase: (url: string) => Promise<SeedDatabase>;
  };
  const seed = await openSeedDatabase(database.url);
  await insertNfts(seed.db, { id: collectionId, projectId: project.id, chain: 'devnet', contractAddress: collection.onChain.contractAddress }, rows);
  await seed.close();
  const { page } = developer;

  await test.step('the dashboard counts the mints by status', async () => {
    await page.goto(`/console/collections/${collectionId}/dashboard`);
    const mints = page.getByRole('region', { name: 'Mints' });
    await expect(mints.getByRole('definition')).toHaveText(['25', '20', '0', '5']);
    await expect(mints.getByRole('term')).toHaveText(['Total', 'Minted', 'Minting', 'Failed']);
  });

  await test.step('created/nfts lists them newest first, a page at a time, and filters by status', async () => {
    await page.getByRole('navigation', { name: 'Collection pages' }).getByRole('link', { name: 'Created NFTs' }).click();
    await expect(page).toHaveURL(new RegExp(`/console/collections/${collectionId}/created/nfts$`));
    const table = page.getByRole('table', { name: 'NFTs of Show Tickets' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('row').nth(1)).toContainText('Seat 25');
    await expect(table.getByRole('row').nth(1)).toContainText('Failed');
    await expect(table.getByRole('row').nth(1)).toContainText('Not minted');
    await expect(page.getByText('25 NFTs')).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(6);
    const first = table.getByRole('row').last();
    await expect(first).toContainText('Seat 1');
    await expect(first).toContainText('Minted');
    await expect(first).toContainText(aliceAddress);
    // The devnet has no block explorer: no column of "No explorer" (issue 11).
    await expect(table.getByRole('columnheader', { name: 'Explorer' })).toHaveCount(0);
    await expect(first.getByRole('button', { name: 'Copy the recipient of Seat 1' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page.getByText('5 NFTs')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(page.getByRole('navigation', { name: 'NFT pages' })).toHaveCount(0);
    for (const row of await table
      .getByRole('row')
      .all()
      .then((all) => all.slice(1)))
      await expect(row).toContainText('Failed');
  });

  await test.step('registered/nfts shows the supply of a non-fungible collection', async () => {
    await page.getByRole('navigation', { name: 'Collection pages' }).getByRole('link', { name: 'Registered NFTs' }).click();
    const supply = page.getByRole('region', { name: 'Supply' });
    await expect(supply.getByRole('definition')).toHaveText(['20', '0', '100']);
    await expect(page.getByText(/Templates are for semi-fungible collections/)).toBeVisible();
  });
  await test.step("the console's wallet page shows an ipfs:// image through the gateway, never as a raw ipfs:// src", async () => {
    await page.goto(`/console/wallets/${aliceAddress}?projectId=${project.id}`);
    const seat = page.getByRole('img', { name: 'Seat 20', exact: true });
    await expect(seat).toHaveJSProperty('tagName', 'IMG');
    await expect(seat).toHaveAttribute('src', /^https:\/\/[^/]+\/ipfs\/bafkrei[a-z0-9]+\/seat-20\.png$/);
    await expect.poll(() => seat.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const sources = await page.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('src') ?? ''));
    expect(sources.filter((src) => /^ipfs:/i.test(src))).toEqual([]);
  });
  expect(developer.errors).toEqual([]);
  await developer.context.close();

  // Alice signs in to Keepsake with the address the NFTs were minted to, on a phone-sized screen.
  const alice = await openContext(browser, { width: 390, height: 844 });
  await signIn(alice.page.request, aliceEmail);

  await test.step('the mobile menu leads to the collection', async () => {
    await alice.page.goto('/');
    await alice.page.getByRole('button', { name: 'Open menu' }).click();
    const link = alice.page.getByRole('link', { name: 'See your collection' });
    await expect(link).toHaveAttribute('href', '/user/collection');
    await alice.page.goto('/user/collection');
  });

  await test.step('the collection shows the minted NFTs with names, collection, chain and token id; a broken image is a placeholder', async () => {
    await expect(alice.page.getByRole('heading', { name: 'Your collection', level: 1 })).toBeVisible();
    await expect(alice.page.getByText('20 NFTs')).toBeVisible();
    const list = alice.page.getByRole('list', { name: 'Your NFTs' });
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await expect(list.getByRole('listitem').first()).toContainText('Seat 20');
    await expect(list.getByRole('listitem').first()).toContainText('Show Tickets');
    await expect(list.getByRole('listitem').first()).toContainText('Local devnet · Token #20');
    await alice.page.getByRole('button', { name: 'Next' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(8);
    await expect(alice.page.getByText('Page 2 of 2')).toBeVisible();
    const served = list.getByRole('img', { name: 'Seat 1', exact: true });
    await expect(served).toHaveJSProperty('tagName', 'IMG');
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const broken = list.getByRole('img', { name: 'Seat 2', exact: true });
    // A broken image becomes the gradient derived from the NFT's id (ADR 091).
    await expect(broken).toHaveJSProperty('tagName', 'SPAN');
    await expect(broken).toHaveAttribute('data-testid', 'image-fallback');
    await expect(broken).toHaveCSS('background-image', /linear-gradient/);
    await expect(list).not.toContainText('Seat 21');
  });
  expect(alice.errors).toEqual([]);
  await alice.context.close();
});
