// Issue 14 item 10, "the Payment Element on the page" (ADR 121): the hosted sales page of a Keepsake whose card
// processor is Stripe. The page loads Stripe.js through @stripe/stripe-js with the publishable key of the public
// checkout API, mounts the Payment Element for the order's PaymentIntent and confirms with
// `stripe.confirmPayment({elements, redirect: 'if_required'})`; the order then moves on Stripe's signed webhook.
// Stripe cannot be reached from here: Stripe.js is a stand-in script (e2e/support/stripe-js-stand-in.ts) and
// api.stripe.com the Stripe HTTP stand-in, which sends the signed webhook to the server. The spec runs its own
// server (the shared one uses the built-in test processor), with a real devnet and a real SMTP sink.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { createPublicClient, erc721Abi, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { checkoutScreenshot } from './support/checkout-screenshots.ts';
import { signInThroughApi } from './support/console.ts';
import { routeStripeJs } from './support/stripe-js-stand-in.ts';

// Server test helpers, imported by URL so that `tsc -b` does not pull server sources into the tools project
// (TS6307); these are the parts of their APIs used here.
type ReceivedMail = { text: string };
type SmtpSink = { url: string; messagesTo(to: string): ReceivedMail[]; close(): Promise<void> };
type StartedServer = { child: { kill(signal?: string): boolean }; url: string; output(): string; errorLogs(): string[]; exited: Promise<number | null> };
type RecordedRequest = { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string };
type StripeStandIn = { url: string; requests: RecordedRequest[]; sendWebhooksTo(url: string, secret: string): void; close(): Promise<void> };
const modules = {
  smtp: new URL('../apps/server/src/testing/smtp-sink.ts', import.meta.url).href,
  process: new URL('../apps/server/src/testing/server-process.ts', import.meta.url).href,
  stripe: new URL('../apps/server/src/payments/cards/stripe-stand-in.ts', import.meta.url).href,
};

const secretKey = 'sk_test_e2eHostedStripe0123456789';
const publishableKey = 'pk_test_e2eHostedStripe0123456789';
const webhookSecret = 'whsec_e2eHostedStripe0123456789';
const sellerAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let sink: SmtpSink;
let stripe: StripeStandIn;
let server: StartedServer;
let dataDir: string;
let baseUrl: string;
let collectionId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const { startSmtpSink } = (await import(modules.smtp)) as { startSmtpSink: () => Promise<SmtpSink> };
  const { startServerProcess, serverProcessEnv } = (await import(modules.process)) as {
    startServerProcess: (env: Record<string, string>, readyMs?: number) => Promise<StartedServer>;
    serverProcessEnv: (dataDir: string, databaseUrl: string | undefined) => Record<string, string>;
  };
  const { startStripeStandIn } = (await import(modules.stripe)) as {
    startStripeStandIn: (secretKey: string, options: { publishableKey: string }) => Promise<StripeStandIn>;
  };
  sink = await startSmtpSink();
  stripe = await startStripeStandIn(secretKey, { publishableKey });
  dataDir = mkdtempSync(join(tmpdir(), 'keepsake-e2e-stripe-'));
  server = await startServerProcess(
    {
      ...serverProcessEnv(dataDir, undefined),
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_OTP_PER_IP: '1000',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
    180_000, // start-up (PGlite, migrations, the embedded devnet) is slow on a busy machine
  );
  baseUrl = server.url.replace('//localhost:', '//127.0.0.1:');
  stripe.sendWebhooksTo(`${baseUrl}/api/2022-06-09/payments/stripe/webhook`, webhookSecret);

  // The seller: a project, a key and a collection on sale on the hosted page, through the real APIs.
  const context = await browser.newContext();
  const request = context.request;
  const passcodeFor = async (to: string) => {
    await expect.poll(() => sink.messagesTo(to).length, { message: `passcode email to ${to}` }).toBeGreaterThan(0);
    return /^\s*(\d{6})\s*$/m.exec(sink.messagesTo(to)[0]!.text)![1]!;
  };
  await signInThroughApi(request, passcodeFor, `e2e-stripe-seller-${Date.now()}@example.com`, baseUrl);
  const project = ((await (await request.post(`${baseUrl}/api/console/projects`, { data: { name: 'Stripe Shop' } })).json()) as { project: { id: string } })
    .project;
  const key = await request.post(`${baseUrl}/api/console/projects/${project.id}/apiKeys`, {
    data: { name: 'shop', environment: 'staging', scopes: ['collections.create', 'collections.read'] },
  });
  const apiKey = { 'x-api-key': ((await key.json()) as { secret: string }).secret };
  const created = await request.post(`${baseUrl}/api/2022-06-09/collections`, {
    headers: apiKey,
    data: {
      chain: 'devnet',
      fungibility: 'non-fungible',
      metadata: { name: 'Night Market', description: 'Lanterns over the stalls, one print per buyer.', symbol: 'NGHT' },
      payments: { price: '8', currency: 'usd', recipientAddress: sellerAddress, hostedPage: true },
    },
  });
  expect(created.status()).toBe(201);
  const { id, actionId } = (await created.json()) as { id: string; actionId: string };
  await expect
    .poll(async () => ((await (await request.get(`${baseUrl}/api/2022-06-09/actions/${actionId}`, { headers: apiKey })).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  collectionId = id;
  await context.close();
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await stripe?.close();
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // This spec's own server is not the one the serverErrors fixture watches: judge its log here (ADR 082).
  expect(server?.errorLogs() ?? [], 'unexpected error-level lines in the log of this spec’s server').toEqual([]);
});

/** A card order for a wallet recipient (with a receipt email), up to the mounted Payment Element. */
async function startStripeOrder(context: BrowserContext, page: Page, recipient: Address): Promise<{ scriptRequests: string[] }> {
  const routed = await routeStripeJs(context, stripe.url);
  await page.goto(`${baseUrl}/checkout/${collectionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Night Market' })).toBeVisible();
  // Stripe's test mode is labelled as test money, like the built-in test processor.
  await expect(page.getByText('Stripe (test mode): no real money moves')).toBeVisible();
  await page.getByRole('radio', { name: /A wallet address/ }).check();
  await page.getByLabel('Recipient wallet address').fill(recipient);
  await page.getByLabel('Email for the receipt').fill(`e2e-stripe-buyer-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/orderId=[0-9a-f-]{36}&clientSecret=ord_cs_/);
  await expect(page.getByRole('form', { name: 'Card payment (Stripe)' }).getByLabel('Card number')).toBeVisible();
  return routed;
}

async function fillPaymentElement(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment (Stripe)' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration date').fill('12 / 30');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

/** The stand-in's browser-side confirms: what Stripe.js sent to api.stripe.com. */
function browserConfirms(): URLSearchParams[] {
  return stripe.requests.filter((r) => r.method === 'POST' && /\/confirm$/.test(r.url) && !r.headers.authorization).map((r) => new URLSearchParams(r.body));
}

test('a buyer pays through the Payment Element; the order completes on the webhook and the NFT is delivered', async ({ page }) => {
  test.setTimeout(150_000);
  const buyer = privateKeyToAccount(generatePrivateKey()).address;
  const { scriptRequests } = await startStripeOrder(page.context(), page, buyer);
  // @stripe/stripe-js loaded Stripe.js from js.stripe.com (the CSP allows it only with Stripe configured).
  expect(scriptRequests).toEqual([expect.stringMatching(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/)]);
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuetext', 'Payment');
  await checkoutScreenshot(page, 'stripe-payment-element');
  await expectAccessibleNow(page, 'the Payment Element');

  const before = browserConfirms().length;
  await fillPaymentElement(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your NFT is yours' })).toBeVisible({ timeout: 90_000 });
  // Stripe.js confirmed with the publishable key and the PaymentIntent's client secret, never a secret key.
  const [confirm] = browserConfirms().slice(before);
  expect(confirm?.get('key')).toBe(publishableKey);
  expect(confirm?.get('client_secret')).toMatch(/^pi_\w+_secret_/);
  // The server never confirmed it itself: the order moved on Stripe's signed webhook.
  expect(stripe.requests.filter((r) => /\/confirm$/.test(r.url) && r.headers.authorization)).toEqual([]);

  // A wallet recipient's success screen links to each token (the devnet has no explorer: its metadata).
  const tokens = page.getByRole('list', { name: 'Delivered NFTs' }).getByRole('listitem');
  await expect(tokens).toHaveCount(1);
  await expect(page.getByText(`It is in the recipient wallet ${buyer}`)).toBeVisible();
  const link = tokens.getByRole('link', { name: /^Night Market #\d+: its metadata$/ });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^/api/metadata/${collectionId}/\\d+$`));
  const metadata = (await (await page.request.get(`${baseUrl}${href}`)).json()) as { name: string };
  expect(metadata.name).toContain('Night Market');
  await checkoutScreenshot(page, 'stripe-success');
  await expectAccessibleNow(page, 'the success screen of a wallet recipient');

  // The truth on chain: the buyer's wallet holds the token.
  const rpcUrl = /Devnet RPC:\s+(http\S+)/.exec(server.output())![1]!;
  const contract = /of (0x[0-9a-fA-F]{40})/.exec((await tokens.textContent()) ?? '')![1] as Address;
  const chain = createPublicClient({ transport: http(rpcUrl) });
  expect(await chain.readContract({ address: contract, abi: erc721Abi, functionName: 'balanceOf', args: [buyer] })).toBe(1n);
});

test('a declined card shows Stripe’s error, and the order records the failure from the webhook', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // Stripe answers a decline with HTTP 402, which Chromium logs as a failed resource.
  consoleErrors.allow({ url: /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/\w+\/confirm$/ });
  await startStripeOrder(page.context(), page, privateKeyToAccount(generatePrivateKey()).address);
  await fillPaymentElement(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined.' })).toContainText('Your card was declined.');
  // The webhook's payment_intent.payment_failed reaches the order.
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const clientSecret = new URL(page.url()).searchParams.get('clientSecret')!;
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${baseUrl}/api/2022-06-09/orders/${orderId}`, { headers: { authorization: clientSecret } })).json()) as {
            payment: { status: string };
          }
        ).payment.status,
      { timeout: 20_000 },
    )
    .toBe('failed');
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuetext', 'Payment');
  await expect(page.getByRole('form', { name: 'Card payment (Stripe)' }).getByRole('button', { name: /^Pay / })).toBeEnabled();
  await checkoutScreenshot(page, 'stripe-declined');
  await expectAccessibleNow(page, 'a card Stripe declined');
});
