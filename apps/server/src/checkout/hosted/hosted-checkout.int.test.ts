// Issue 14 item 16 (ADR 109): the hosted sales page's public routes on a real devnet. No API key; only a collection
// whose payments are enabled and whose hosted page is on answers; the buyer's currency (§5, falling back to usd);
// bad input; and an order made from the page that its client secret reads and pays by test card through the
// Orders API.
import { projects } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let onSale: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const buyer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const unknownId = '0f8fad5b-d9cb-469f-a165-70867728950e';

async function collectionWith(payments: Record<string, unknown> | null) {
  const created = await api.createCollection(
    collectionBody(payments ? { payments: { price: '10', currency: 'usd', recipientAddress: seller, ...payments } } : {}),
  );
  await api.settled(created.actionId);
  return created.id;
}

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Hosted shop');
  api = developerApi(server, project.apiKey);
  onSale = await collectionWith({ hostedPage: true, quantityLimit: 4 });
  await server.ctx.db.update(projects).set({ checkoutFeePercent: 3 }).where(eq(projects.id, project.projectId));
});
afterAll(async () => {
  await server?.close();
});

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  quantity: 2,
  recipient: { email: 'buyer@example.com' },
  locale: 'en-US',
  payment: { method: 'card', currency: 'eur' },
  ...overrides,
});

describe(`hosted checkout routes (${testDb})`, () => {
  it("answers a collection on sale without a key: branding, the price in the buyer's currency, the limit, fees and ways to pay", async () => {
    const res = await server.request(`/api/checkout/collections/${onSale}?currency=EUR`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      collectionId: onSale,
      name: 'Gold Tickets',
      chain: 'devnet',
      // The devnet has no block explorer: the page links a token to its metadata instead (ADR 121).
      tokenExplorer: null,
      quantityLimit: 4,
      price: { amount: '10', currency: 'usd' },
      feePercent: 3,
      feesPayer: 'buyer',
      devRates: true,
      card: { currency: 'eur', processor: { name: 'test', test: true, label: expect.stringMatching(/test/i) } },
      // The collection is priced in usd: a wallet pays in the chain's USD stablecoin, 1:1, plus the 0.5 USD flat fee.
      crypto: { method: 'devnet', chainId: 31337, currency: 'usdxm', unitPrice: { amount: '10', currency: 'usdxm' }, flatFee: { amount: '0.5' }, test: true },
    });
    // Only Stripe has a publishable key for the page.
    expect(res.body.card.processor).not.toHaveProperty('publishableKey');
    expect(Number(res.body.card.unitPrice.amount)).toBeGreaterThan(0);
    expect(res.body.card.unitPrice.amount).not.toBe('10');
    // §5: an unsupported currency falls back to usd.
    const fallback = await server.request(`/api/checkout/collections/${onSale}?currency=doge`);
    expect(fallback.body.card).toMatchObject({ currency: 'usd', unitPrice: { amount: '10', currency: 'usd' } });
  });

  it('answers 404 for an unknown collection and 403 with the reason when the page does not sell it', async () => {
    const unknown = await server.request(`/api/checkout/collections/${unknownId}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_type: 'not_found', error_message: 'Collection not found.' });
    const cases: Array<[string, string]> = [
      [await collectionWith(null), 'This collection is not for sale.'],
      [await collectionWith({ hostedPage: true, enabled: false }), 'This collection is not selling now.'],
      [await collectionWith({ hostedPage: false }), 'The hosted sales page is off for this collection.'],
    ];
    for (const [id, message] of cases) {
      for (const [method, path, body] of [
        ['GET', `/api/checkout/collections/${id}`, undefined],
        ['POST', `/api/checkout/collections/${id}/orders`, orderBody()],
      ] as const) {
        const res = await server.request(path, { method, body });
        expect(res.status, `${method} ${message}`).toBe(403);
        expect(res.body).toMatchObject({ error_type: 'forbidden', error_message: message });
      }
    }
  });

  it('refuses bad input with clear messages', async () => {
    const badId = await server.request('/api/checkout/collections/not-a-uuid');
    expect(badId.status).toBe(400);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: 0 }, 'quantity must be at least 1'],
      [{ quantity: 16 }, 'quantity must be at most 15'],
      [{ quantity: 'two' }, 'quantity must be a whole number'],
      [{ recipient: { email: 'nope' } }, 'recipient'],
      [{ payment: { method: 'card', currency: 'usdxm' } }, 'A card pays in a fiat currency (usd, eur, …), not usdxm.'],
      [{ quantity: 5 }, "callData.quantity 5 is above this collection's limit of 4 per order."],
    ];
    for (const [overrides, message] of cases) {
      const res = await server.request(`/api/checkout/collections/${onSale}/orders`, { method: 'POST', body: orderBody(overrides) });
      expect(res.status, message).toBe(400);
      expect(res.body.error_message).toContain(message);
    }
  });

  it('creates an order of the collection for its project, which the client secret reads and pays by test card', async () => {
    const res = await server.request(`/api/checkout/collections/${onSale}/orders`, { method: 'POST', body: orderBody() });
    expect(res.status).toBe(201);
    const { clientSecret, order } = res.body as { clientSecret: string; order: { orderId: string } };
    expect(order).toMatchObject({
      phase: 'payment',
      lineItems: [{ quantity: 2, metadata: { name: 'Gold Tickets' }, delivery: { recipient: { email: 'buyer@example.com' } } }],
      quote: { status: 'valid', totalPrice: { currency: 'eur' }, charges: { feesPayer: 'buyer' } },
      payment: { status: 'awaiting-payment', method: 'card', currency: 'eur', preparation: { processor: 'test', test: true } },
    });
    // The seller's project sees it through the Orders API.
    expect((await api.call(`/orders/${order.orderId}`)).body.orderId).toBe(order.orderId);
    const paid = await server.request(`/api/2022-06-09/orders/${order.orderId}/payment`, {
      method: 'POST',
      headers: { authorization: clientSecret },
      body: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ phase: 'delivery', payment: { status: 'completed', card: { last4: '4242' } } });
  });

  it('creates a wallet order in the chain token for a payer address', async () => {
    const res = await server.request(`/api/checkout/collections/${onSale}/orders`, {
      method: 'POST',
      body: orderBody({ quantity: 1, recipient: { walletAddress: buyer }, payment: { method: 'devnet', currency: 'usdxm' } }),
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      quote: { totalPrice: { amount: '10.8', currency: 'usdxm' } },
      payment: { status: 'requires-crypto-payer-address', method: 'devnet' },
    });
  });

  it("gives the faucet to a page-made order's payer with its client secret, on the order's chain only (ADR 121)", async () => {
    const payer = privateKeyToAccount(generatePrivateKey()).address;
    const created = await server.request(`/api/checkout/collections/${onSale}/orders`, {
      method: 'POST',
      body: orderBody({ quantity: 1, recipient: { walletAddress: buyer }, payment: { method: 'devnet', currency: 'usdxm', payerAddress: payer } }),
    });
    const { clientSecret, order } = created.body as { clientSecret: string; order: { orderId: string } };
    const faucet = (body: Record<string, unknown>, secret = clientSecret) =>
      server.request('/api/v1-alpha1/faucet', { method: 'POST', body, headers: { authorization: secret } });

    const missing = await faucet({ chain: 'devnet', address: payer });
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toContain('orderId: required with Authorization: <clientSecret>');
    expect((await faucet({ chain: 'devnet', address: payer, orderId: order.orderId }, 'ord_cs_wrong')).status).toBe(404);
    expect((await faucet({ chain: 'devnet', address: payer, orderId: unknownId })).status).toBe(404);
    // A card order's secret admits no faucet: its method is not a chain.
    const card = await server.request(`/api/checkout/collections/${onSale}/orders`, { method: 'POST', body: orderBody() });
    const cardRefused = await faucet({ chain: 'devnet', address: payer, orderId: card.body.order.orderId }, card.body.clientSecret);
    expect(cardRefused.status).toBe(400);
    expect(cardRefused.body.error_message).toContain('This order is not paid on devnet');

    const granted = await faucet({ chain: 'devnet', address: payer, orderId: order.orderId });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ chain: 'devnet', address: payer, amount: { amount: '100', currency: 'usdxm' } });
    // The order sees the funds: the payer now holds enough USDXM (it still needs gas).
    const after = await server.request(`/api/2022-06-09/orders/${order.orderId}`, { headers: { authorization: clientSecret } });
    expect(after.body.payment.status).toBe('crypto-payer-insufficient-funds-for-gas');
    // §9: once per address per hour, with a client secret as with a key.
    const again = await faucet({ chain: 'devnet', address: payer, orderId: order.orderId });
    expect(again.status).toBe(429);
    expect(again.body.error_message).toMatch(/^This address already received test USDXM in the last hour/);
  }, 60_000);
});
