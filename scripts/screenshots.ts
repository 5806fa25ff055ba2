// `npm run screenshots`: pictures of the main console pages at 1280×800 and 390×844, into docs/screenshots/
// (`<page>-<width>.png`, full page). It starts its own server as e2e/global-setup does (the builds when stale, a
// fresh PGlite data dir, a free port, the embedded devnet) but in dev mode with the dev mailbox, signs in through
// the sign-in page with the passcode from the dev mailbox, then sets up what the pages show: a project, an API
// key, a webhook endpoint (to a receiver here, so it has attempts), a collection and one NFT minted to the
// signed-in user's email (so /user/collection has it). Setup goes through the console and developer APIs, so a
// change of the console's forms does not break it; the pictures are of the real pages.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ensureContractsBuild, ensureWebBuild } from './builds.ts';
import { randomFreePort } from './free-port.ts';

const root = new URL('../', import.meta.url).pathname;
const outDir = join(root, 'docs/screenshots');
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

function log(line: string) {
  process.stdout.write(`[screenshots] ${line}\n`);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The server in dev mode (dev mailbox, embedded devnet) on a free port with a fresh data dir. */
async function startServer(dataDir: string) {
  const port = await randomFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(KEEPSAKE_|DATABASE_|SMTP_|MAIL_|CHAIN_|WEB_DIST_DIR$|PUBLIC_URL$|PORT$|HOST$|NODE_ENV$|LOG_LEVEL$|LOG_FORMAT$)/.test(key)) env[key] = value;
  }
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, KEEPSAKE_DATA_DIR: dataDir, KEEPSAKE_DEVNET_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(
    'the server start-up banner',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      return output.includes('Keepsake is ready') ? true : undefined;
    },
    120_000,
  );
  return { url, child, output: () => output };
}

/** A webhook receiver that answers 200 to everything. */
async function startReceiver() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/keepsake`, close: () => server.close() };
}

/** Signs in on the sign-in page with the passcode the dev mailbox received. */
async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/signin?callbackUrl=%2Fconsole%2Foverview`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await until('the passcode in the dev mailbox', async () => {
    const box = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { messages: Array<{ to: string; text: string }> };
    return /\b(\d{6})\b/.exec(box.messages.find((m) => m.to === email)?.text ?? '')?.[1];
  });
  await page.getByLabel('One-time passcode').pressSequentially(code);
  await page.waitForURL(/\/console\/overview$/, { timeout: 30_000 });
}

/** A second passcode email (a sign-in started and left), so that the dev mailbox shows which code is the newest. */
async function requestSecondCode(browser: Browser, base: string, email: string) {
  const mailboxCount = async () => ((await (await fetch(`${base}/api/dev/mailbox`)).json()) as { messages: unknown[] }).messages.length;
  const before = await mailboxCount();
  const page = await browser.newPage();
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await until('the second passcode email', async () => ((await mailboxCount()) > before ? true : undefined));
  await page.close();
}

/** Console API calls with the page's session cookie (and its origin, as the browser would send). */
function consoleApi(page: Page, base: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await page.request.fetch(`${base}${path}`, { method, headers: { origin: base }, data: body });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

async function setUp(page: Page, base: string, email: string, receiverUrl: string) {
  const call = consoleApi(page, base);
  const { project } = await call<{ project: { id: string } }>('POST', '/api/console/projects', { name: 'Acme Tickets' });
  await page.evaluate((id) => window.localStorage.setItem('keepsake.projectId', id), project.id);
  await call('POST', `/api/console/projects/${project.id}/apiKeys`, {
    name: 'Read-only dashboard',
    environment: 'production',
    scopes: ['collections.read', 'nfts.read'],
  });
  const { secret } = await call<{ secret: string }>('POST', `/api/console/projects/${project.id}/apiKeys`, {
    name: 'Backend (staging)',
    environment: 'staging',
    scopes: ['collections.create', 'collections.read', 'nfts.create', 'nfts.read', 'wallets.create', 'wallets.read'],
  });
  const { endpoint } = await call<{ endpoint: { id: string } }>('POST', `/api/console/projects/${project.id}/webhooks`, {
    url: receiverUrl,
    description: 'Order service',
    eventTypes: ['collections.create.succeeded', 'nfts.create.succeeded', 'nfts.create.failed'],
  });

  const developer = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api/2022-06-09${path}`, {
      method,
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const collection = await developer<{ id: string; actionId: string }>('POST', '/collections', {
    chain: 'devnet',
    fungibility: 'non-fungible',
    metadata: { name: 'Gold Tickets', description: 'Entry to every show of the 2026 season', symbol: 'GOLD' },
  });
  await until('the collection deploy', async () =>
    (await developer<{ status: string }>('GET', `/actions/${collection.actionId}`)).status !== 'pending' ? true : undefined,
  );
  const nft = await developer<{ id: string }>('POST', `/collections/${collection.id}/nfts`, {
    recipient: `email:${email}:devnet`,
    metadata: {
      name: 'Ticket #1',
      description: 'Front row, opening night',
      attributes: [
        { trait_type: 'Row', value: 1 },
        { trait_type: 'Seat', value: 'A12' },
      ],
    },
  });
  await until('the mint', async () =>
    (await developer<{ onChain: { status: string } }>('GET', `/collections/${collection.id}/nfts/${nft.id}`)).onChain.status !== 'pending' ? true : undefined,
  );
  await until('the webhook attempts', async () => {
    const { attempts } = await call<{ attempts: unknown[] }>('GET', `/api/console/projects/${project.id}/webhooks/${endpoint.id}/attempts`);
    return attempts.length >= 2 ? true : undefined;
  });
  return { projectId: project.id, endpointId: endpoint.id, collectionId: collection.id, nftId: nft.id };
}

/** A picture: its name, the path, and what to do on the page first (e.g. submit an empty form to show its errors). */
type Shot = [name: string, path: string, prepare?: (page: Page) => Promise<void>];

async function shoot(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>, base: string, pages: Shot[]) {
  for (const viewport of widths) {
    const context = await browser.newContext({ viewport, storageState, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const [name, path, prepare] of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await prepare?.(page);
      // Fonts, images and the last query settled; then the picture.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      const file = join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      log(`${name}-${viewport.width}.png`);
    }
    await context.close();
  }
}

async function main() {
  ensureContractsBuild(log);
  ensureWebBuild(log);
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-screenshots-'));
  const receiver = await startReceiver();
  const server = await startServer(dataDir);
  log(`server at ${server.url}`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: widths[0] });
    const page = await context.newPage();
    const email = 'ada@example.com';
    await signIn(page, server.url, email);
    const ids = await setUp(page, server.url, email, receiver.url);
    const storageState = await context.storageState();
    await context.close();
    await requestSecondCode(browser, server.url, email);
    await shoot(browser, storageState, server.url, [
      ['overview', '/console/overview'],
      ['api-keys', '/console/projects/apiKeys'],
      ['webhooks', '/console/webhooks'],
      ['webhook-endpoint', `/console/webhooks/${ids.endpointId}`],
      ['collections', '/console/collections'],
      ['collection-dashboard', `/console/collections/${ids.collectionId}/dashboard`],
      ['collection-created-nfts', `/console/collections/${ids.collectionId}/created/nfts`],
      ['nft-detail', `/console/collections/${ids.collectionId}/created/nfts/${ids.nftId}`],
      [
        // The invalid-field look: an empty form submitted, the first invalid field focused (red ring, error below).
        'create-collection-errors',
        '/console/create-collection',
        async (page) => {
          await page.getByRole('button', { name: 'Create collection' }).click();
          await page.locator('[aria-invalid="true"]').first().focus();
        },
      ],
      ['wallets', '/console/wallets'],
      ['user-collection', '/user/collection'],
      ['dev-mailbox', '/dev/mailbox'],
      ['docs', '/docs'],
      ['docs-errors', '/docs/errors'],
    ]);
    log(`saved in ${outDir}`);
  } catch (error) {
    process.stderr.write(`[screenshots] server output:\n${server.output()}\n`);
    throw error;
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
