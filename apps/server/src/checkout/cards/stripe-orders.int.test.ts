// Card orders through Stripe (issue 14 item 10, ADR 105), with the official package pointed at the Stripe
// stand-in: the Payment Element's keys in payment.preparation, a decline, a payment the buyer's browser confirmed
// reported by a signed webhook (recorded once however often it is replayed), a forged webhook refused, and
// raw card details refused (they go to Stripe only).
import { orderPayments } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeCardProcessor } from '../../payments/cards/stripe-processor.ts';
import { startStripeStandIn } from '../../payments/cards/stripe-stand-in.ts';
import { createProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { eventually } from '../../testing/webhooks.ts';

const secretKey = 'sk_test_settlement0123456789';
const webhookSecret = 'whsec_settlement0123456789';
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let server: TestServer;
let api: ReturnType<typeof developerApi>;
let collectionId: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const signer = new Stripe('sk_test_unused');

beforeAll(async () => {
  standIn = await startStripeStandIn(secretKey, { publishableKey: 'pk_test_settlement' });
  server = await startTestServer({
    chain: true,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_settlement', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: standIn.url },
  });
  const project = await createProjectWithKeys(server, 'Stripe shop');
  api = developerApi(server, project.apiKey);
  const created = await api.createCollection(collectionBody({ payments: { price: '12.5', currency: 'eur', recipientAddress: seller } }));
  await api.settled(created.actionId);
  collectionId = created.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const cardOrder = async () => {
  const res = await api.call('/orders', {
    method: 'POST',
    body: {
      recipient: { email: `buyer.${crypto.randomUUID()}@example.com` },
      payment: { method: 'card', currency: 'eur' },
      lineItems: { collectionLocator: `crossmint:${collectionId}` },
    },
  });
  expect(res.status).toBe(201);
  return res.body.order as Record<string, any>;
};
const webhook = (payload: string, signature: string) =>
  server.request('/api/2022-06-09/payments/stripe/webhook', {
    method: 'POST',
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const event = (type: string, object: unknown) =>
  JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: 'event',
    type,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    api_version: Stripe.API_VERSION,
    data: { object },
  });

describe(`card orders through Stripe (${testDb})`, () => {
  it('gives the Payment Element its keys, and records a decline as payment.failed', async () => {
    const order = await cardOrder();
    expect(order.payment).toMatchObject({
      status: 'awaiting-payment',
      test: true,
      preparation: { processor: 'stripe', test: true, stripePublishableKey: 'pk_test_settlement', stripeClientSecret: expect.stringMatching(/^pi_.+_secret_/) },
    });
    const intent = standIn.intents.get(order.payment.preparation.paymentId as string)!;
    expect(intent).toMatchObject({ amount: 1250, currency: 'eur', metadata: { keepsake_order_id: order.orderId } });

    const declined = await api.call(`/orders/${order.orderId}/payment`, { method: 'POST', body: { paymentMethod: 'pm_card_visa_chargeDeclined' } });
    expect(declined.status).toBe(200);
    expect(declined.body.payment).toMatchObject({ status: 'failed', failure: { code: 'card_declined', declineCode: 'generic_decline' } });

    const raw = await api.call(`/orders/${order.orderId}/payment`, {
      method: 'POST',
      body: { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
    });
    expect(raw.status).toBe(400);
  });

  it('settles a payment the browser confirmed from its signed webhook, once however often Stripe sends it', async () => {
    const order = await cardOrder();
    const browser = createStripeCardProcessor({ secretKey, publishableKey: 'pk_test_settlement', webhookSecret, apiUrl: standIn.url, maxNetworkRetries: 0 });
    await browser.confirmPayment(order.payment.preparation.paymentId as string, { paymentMethod: 'pm_card_visa' });
    const payload = event('payment_intent.succeeded', standIn.intents.get(order.payment.preparation.paymentId as string));

    const forged = await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(401);
    expect((await api.call(`/orders/${order.orderId}`)).body.payment.status).toBe('awaiting-payment');

    for (let i = 0; i < 3; i++) {
      const res = await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, type: 'payment.succeeded' });
    }
    const done = await eventually(async () => {
      const now = (await api.call(`/orders/${order.orderId}`)).body;
      return now.phase === 'completed' ? now : undefined;
    }, 60_000);
    expect(done.payment).toMatchObject({
      status: 'completed',
      test: true,
      card: { brand: 'visa', last4: '4242' },
      received: { amount: '12.5', currency: 'eur' },
    });
    expect(done.lineItems[0].delivery.status).toBe('completed');
    expect(await server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.orderId))).toHaveLength(1);
  }, 120_000);

  it('gives the hosted page the publishable key, and lets pages load Stripe.js under the CSP (ADR 121)', async () => {
    const created = await api.createCollection(collectionBody({ payments: { price: '3', currency: 'usd', recipientAddress: seller, hostedPage: true } }));
    await api.settled(created.actionId);
    const sale = await server.request(`/api/checkout/collections/${created.id}`);
    expect(sale.status).toBe(200);
    expect(sale.body.card.processor).toEqual({
      name: 'stripe',
      label: 'Stripe (test mode): no real money moves',
      test: true,
      publishableKey: 'pk_test_settlement',
    });
    const header = (await server.request(`/checkout/${created.id}`)).headers.get('content-security-policy') ?? '';
    const policy = Object.fromEntries(header.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(policy).toMatchObject({
      'script-src': "'self' https://js.stripe.com",
      'frame-src': "'self' https://js.stripe.com https://hooks.stripe.com",
      'connect-src': "'self' https://api.stripe.com",
      'default-src': "'self'",
    });
  });

  it("settles what Stripe.js confirmed with the publishable key and the intent's client secret, from the stand-in's signed webhook", async () => {
    const order = await cardOrder();
    const preparation = order.payment.preparation as { paymentId: string; stripeClientSecret: string };
    standIn.sendWebhooksTo(`${server.url}/api/2022-06-09/payments/stripe/webhook`, webhookSecret);
    const confirm = (clientSecret: string, number: string) =>
      fetch(`${standIn.url}/v1/payment_intents/${preparation.paymentId}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({ key: 'pk_test_settlement', client_secret: clientSecret, 'payment_method_data[card][number]': number }),
      });
    // Another intent's secret is refused; a declined test card is the order's failure; then 4242 pays it.
    expect((await confirm('pi_other_secret_x', '4242424242424242')).status).toBe(404);
    expect((await confirm(preparation.stripeClientSecret, '4000000000000002')).status).toBe(402);
    await eventually(async () => ((await api.call(`/orders/${order.orderId}`)).body.payment.status === 'failed' ? true : undefined), 20_000);
    expect((await confirm(preparation.stripeClientSecret, '4242424242424242')).status).toBe(200);
    const done = await eventually(async () => {
      const now = (await api.call(`/orders/${order.orderId}`)).body;
      return now.phase === 'completed' ? now : undefined;
    }, 60_000);
    expect(done.payment).toMatchObject({ status: 'completed', card: { brand: 'visa', last4: '4242' } });
    expect(done.lineItems[0].delivery.status).toBe('completed');
    standIn.stopWebhooks();
  }, 120_000);

  it('pays with a payment method id through the API', async () => {
    const order = await cardOrder();
    const paid = await api.call(`/orders/${order.orderId}/payment`, { method: 'POST', body: { paymentMethod: 'pm_card_mastercard' } });
    expect(paid.body.payment).toMatchObject({ status: 'completed', card: { brand: 'mastercard', last4: '4444' } });
  });
});
