// `npm run bench:web`: the JavaScript a browser downloads to show each area, gzipped, measured by loading the
// pages in Chromium against a running Keepsake (ARCHITECTURE.md budgets: marketing ≤ 80 KB, console shell
// ≤ 200 KB). The ≤ 60 KB sign-in budget is the embeddable widget's (packages/auth-ui); the /signin page of the
// app is printed for reference and carries the app shell as well. Last, the headless SDK (@keepsake/auth-js)
// bundled by Vite as an app would: only createAuthClient + otps, and every product; gzipped, with the chunks it
// loads on demand (the phone-number parser) apart. Then the widget's own budgets (widget-size.ts, ADR 113):
// @keepsake/auth-ui with every product ≤ 60 KB, with email OTP only ≤ 25 KB, and auth-js headless ≤ 15 KB, each
// an entry importing just that, bundled by esbuild.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { bundleAuthJs } from '../auth-js-bundle.ts';
import { chromiumPath } from '../prerequisites.ts';
import { startKeepsake } from './server-process.ts';
import { printWidgetSizes } from './widget-size.ts';

const budgetsKb = { marketing: 80, console: 200 } as const;

/** Loads `path` and returns the gzipped size of every script the page fetched until the network settled. */
async function scriptBytes(page: Page, url: string): Promise<{ gzipped: number; files: number }> {
  const bodies: Array<Promise<{ url: string; gzipped: number }>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 9 }).length })));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  // BENCH_WEB_FILES=1 lists every script, largest first: where to look when an area goes over its budget.
  if (process.env.BENCH_WEB_FILES) {
    for (const file of [...all].sort((a, b) => b.gzipped - a.gzipped))
      console.log(`    ${(file.gzipped / 1024).toFixed(1).padStart(6)} KB  ${new URL(file.url).pathname}`);
  }
  return { gzipped: all.reduce((sum, file) => sum + file.gzipped, 0), files: all.length };
}

async function signInCookie(base: string, email: string): Promise<string> {
  const { publicToken } = (await (await fetch(`${base}/api/platform`)).json()) as { publicToken: string };
  const authorization = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const sent = (await (await post('/sdk/v1/otps/email/login_or_create', { email }, { authorization })).json()) as { data: { email_id: string } };
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { messages: Array<{ to: string; text: string }> };
  const code = /\b(\d{6})\b/.exec(mailbox.messages.find((m) => m.to === email)!.text)![1];
  const auth = (await (await post('/sdk/v1/otps/authenticate', { token: code, method_id: sent.data.email_id }, { authorization })).json()) as {
    data: { session_token: string };
  };
  return auth.data.session_token;
}

const sdkBundles = {
  'createAuthClient + otps': `import { createAuthClient } from '@keepsake/auth-js';
import { otps } from '@keepsake/auth-js/otps';
window.client = createAuthClient('public-token-test-bench', { products: [otps] });`,
  'every product': `import { createAuthClient } from '@keepsake/auth-js';
import { otps } from '@keepsake/auth-js/otps';
import { magicLinks } from '@keepsake/auth-js/magic-links';
import { passwords } from '@keepsake/auth-js/passwords';
import { totps } from '@keepsake/auth-js/totps';
import { oauth } from '@keepsake/auth-js/oauth';
import { webauthn } from '@keepsake/auth-js/webauthn';
import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
import { idp } from '@keepsake/auth-js/idp';
window.client = createAuthClient('public-token-test-bench', { products: [otps, magicLinks, passwords, totps, oauth, webauthn, cryptoWallets, idp] });`,
};

/** Gzipped KB of an SDK bundle: what loads with the app, and what loads on demand. */
async function sdkBundleKb(code: string): Promise<{ initial: number; lazy: number }> {
  const files = await bundleAuthJs({ code });
  const kb = (list: typeof files) => list.reduce((sum, file) => sum + gzipSync(file.code, { level: 9 }).length, 0) / 1024;
  return { initial: kb(files.filter((f) => !f.isDynamicEntry)), lazy: kb(files.filter((f) => f.isDynamicEntry)) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-bench-web-'));
const server = await startKeepsake({ KEEPSAKE_DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const token = await signInCookie(server.url, 'bench-web@example.com');
  const rows: Array<[string, string, { gzipped: number; files: number }, number | undefined]> = [];
  const anonymous = await browser.newPage();
  rows.push(['marketing', '/', await scriptBytes(anonymous, `${server.url}/`), budgetsKb.marketing]);
  rows.push(['sign-in', '/signin', await scriptBytes(await browser.newPage(), `${server.url}/signin`), undefined]);
  const context = await browser.newContext();
  await context.request.post(`${server.url}/api/session/authenticate`, { data: { session_token: token } });
  rows.push(['console shell', '/console/overview', await scriptBytes(await context.newPage(), `${server.url}/console/overview`), budgetsKb.console]);
  console.log('Initial JavaScript per area (gzip -9 of every script the page loads)');
  for (const [name, path, { gzipped, files }, budget] of rows) {
    const kb = gzipped / 1024;
    const verdict = budget === undefined ? 'no budget (app page, not the widget)' : `budget ≤ ${budget} KB  ${kb <= budget ? 'ok' : 'OVER'}`;
    console.log(`  ${name.padEnd(14)} ${path.padEnd(19)} ${kb.toFixed(1).padStart(6)} KB in ${String(files).padStart(2)} files   ${verdict}`);
  }
  console.log('@keepsake/auth-js bundled by Vite (minified, gzip -9)');
  for (const [name, code] of Object.entries(sdkBundles)) {
    const { initial, lazy } = await sdkBundleKb(code);
    console.log(`  ${name.padEnd(24)} ${initial.toFixed(1).padStart(6)} KB   (+ ${lazy.toFixed(1)} KB loaded on the first phone number)`);
  }
  if (!(await printWidgetSizes())) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
