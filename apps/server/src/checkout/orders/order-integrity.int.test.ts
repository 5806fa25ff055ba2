// Issue 22 (the adversarial pass), the order findings, on a real devnet: a paid order is frozen (item 1), a paid
// order's quote is history (item 2), a crypto payment made after its quote expired is refunded, never delivered
// (item 3), a collection's quantity limit holds for the whole order (item 4), an idempotency key is its caller's
// (item 5) and a card order the processor cannot take is never written (item 12). ADR 135. The truth is read from
// the chain (token owners, balances) and the database, not only from the API's answers.
import { collection721Abi, testUsdAbi, erc20PaymentAbi, paymentsAbi } from '@keepsake/chains/abis';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { createSignerClient } from '@keepsake/chains/clients';
import { devnet as devnetDefinition } from '@keepsake/chains/definitions/devnet';
import { orderEvents, orderPayments, orders } from '@keepsake/db/schema';
import { and, eq } from 'drizzle-orm';
import { getAddress, parseEther, parseTransaction, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { eventually } from '../../testing/webhooks.ts';
import { orderIdToBytes32 } from '../crypto/order-id.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let owner: string;
/** 10 USD an NFT, the seller bears the fees: a card buyer pays exactly the price. */
let cardCollection: { id: string; contract: Address };
/** 5 USDXM an NFT, at most 2 per order, the seller bears the fees. */
let cryptoCollection: string;
let clientKey: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const shop = 'https://shop.example';
const card = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } };

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { CHECKOUT_WATCH_INTERVAL_MS: '100' } });
  project = await createProjectWithKeys(server, 'Integrity shop');
  api = developerApi(server, project.apiKey);
  owner = await server.signIn(project.ownerEmail);
  const byCard = await api.createCollection(collectionBody({ payments: { price: '10', currency: 'usd', recipientAddress: seller, feesPayer: 'seller' } }));
  const byCrypto = await api.createCollection(
    collectionBody({ payments: { price: '5', currency: 'usdxm', recipientAddress: seller, feesPayer: 'seller', quantityLimit: 2 } }),
  );
  const deployed = await api.settled(byCard.actionId);
  await api.settled(byCrypto.actionId);
  cardCollection = { id: byCard.id, contract: deployed.collection.onChain.contractAddress as Address };
  cryptoCollection = byCrypto.id;
  await server.services.projects.operatorUpdateProject(project.projectId, { allowedOrigins: [shop] });
  const key = await server.request(`/api/console/projects/${project.projectId}/apiKeys`, {
    method: 'POST',
    cookie: owner,
    body: { name: 'Shop page', type: 'client', environment: 'staging', scopes: ['orders.create'] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  clientKey = key.body.secret as string;
}, 120_000);
afterAll(() => server?.close());

const chain = () => server.ctx.chains.get('devnet');
const newWallet = () => privateKeyToAccount(generatePrivateKey()).address;
const asClient = (secret: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  server.request(`/api/2022-06-09${path}`, { ...init, headers: { authorization: secret } });
const orderNow = async (orderId: string) => (await api.call(`/orders/${orderId}`)).body as Record<string, any>;
const orderRow = async (orderId: string) => (await server.ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const countOrders = async () => (await server.ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.projectId, project.projectId))).length;
const eventsOf = (orderId: string, type: string) =>
  server.ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
const paymentsOf = (orderId: string) => server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
/** The quote ran out: its expiry is moved into the past, as the clock would. */
const expireQuote = (orderId: string, at = new Date(Date.now() - 60_000)) =>
  server.ctx.db.update(orders).set({ quoteExpiresAt: at }).where(eq(orders.id, orderId));
const completed = (orderId: string) =>
  eventually(
    async () => {
      const order = await orderNow(orderId);
      return order.phase === 'completed' ? order : undefined;
    },
    60_000,
    `order ${orderId} completed`,
  );

async function cardOrder(walletAddress: string, receiptEmail = 'receipts@example.com') {
  const res = await api.call('/orders', {
    method: 'POST',
    body: {
      recipient: { walletAddress },
      payment: { method: 'card', currency: 'usd', receiptEmail },
      lineItems: { collectionLocator: `crossmint:${cardCollection.id}` },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { orderId: res.body.order.orderId as string, secret: res.body.clientSecret as string };
}
const ownerOnChain = async (tokenId: string) =>
  getAddress(await chain().client.readContract({ address: cardCollection.contract, abi: collection721Abi, functionName: 'ownerOf', args: [BigInt(tokenId)] }));

describe(`a paid order is frozen (${testDb})`, () => {
  it('issue 22 item 1: after payment the recipient and payer cannot change (409), and the NFT goes to the recipient paid for', async () => {
    const first = newWallet();
    const other = newWallet();
    const { orderId, secret } = await cardOrder(first);
    const paid = await asClient(secret, `/orders/${orderId}/payment`, { method: 'POST', body: card });
    expect(paid.body.payment.status).toBe('completed');

    const moved = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { recipient: { walletAddress: other } } });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({
      error_type: 'conflict',
      error_message: 'This order is paid: its recipient cannot change. Create a new order for another recipient.',
    });
    const byEmail = await api.call(`/orders/${orderId}`, { method: 'PATCH', body: { recipient: { email: 'thief@example.com' } } });
    expect(byEmail.status).toBe(409);
    // Sending the recipient it already has changes nothing, so it is not refused; the locale may always change.
    const same = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { recipient: { walletAddress: first }, locale: 'de-DE' } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.locale).toBe('de-DE');

    const done = await completed(orderId);
    const [token] = done.lineItems[0].delivery.tokens;
    expect(done.lineItems[0].delivery.recipient.walletAddress).toBe(getAddress(first));
    expect(await ownerOnChain(token.tokenId)).toBe(getAddress(first));
    const after = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { recipient: { walletAddress: other } } });
    expect(after.status).toBe(409);
    expect((await orderRow(orderId)).recipient).toEqual({ walletAddress: getAddress(first) });
  });

  it('issue 22 item 1: the receipt email may change until the receipt is sent, and not after', async () => {
    const { orderId, secret } = await cardOrder(newWallet(), 'first@example.com');
    await asClient(secret, `/orders/${orderId}/payment`, { method: 'POST', body: card });
    const changed = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { payment: { receiptEmail: 'second@example.com' } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await completed(orderId);
    await eventually(async () => (await orderRow(orderId)).receiptStatus === 'sent' || undefined, 30_000, 'the receipt sent');
    expect(server.smtp!.messagesTo('second@example.com').map((mail) => mail.subject)).toEqual([`[Test payment] Your receipt for order ${orderId}`]);
    expect(server.smtp!.messagesTo('first@example.com')).toHaveLength(0);
    const late = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { payment: { receiptEmail: 'third@example.com' } } });
    expect(late.status).toBe(409);
    expect(late.body.error_message).toBe('The receipt for this order was sent already: its receipt email cannot change.');
    expect((await orderRow(orderId)).payment.receiptEmail).toBe('second@example.com');
  });

  it('issue 22 item 1: a crypto order that received part of its total keeps its payer and recipient', async () => {
    const buyer = await fundedBuyer();
    const order = await cryptoOrder(buyer.address);
    await payByHand(buyer, order.orderId, 2_000_000n);
    await eventually(async () => ((await paymentsOf(order.orderId)).length === 1 ? true : undefined), 20_000, 'the underpayment');
    const payer = await api.call(`/orders/${order.orderId}`, { method: 'PATCH', body: { payment: { payerAddress: newWallet() } } });
    expect(payer.status).toBe(409);
    expect(payer.body.error_message).toBe('This order has a payment under way: its payer address cannot change.');
    const recipient = await api.call(`/orders/${order.orderId}`, { method: 'PATCH', body: { recipient: { walletAddress: newWallet() } } });
    expect(recipient.status).toBe(409);
  });

  it('issue 22 item 1 (race): a PATCH of the recipient racing the payment never moves a paid order; the NFT goes where the order says', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const first = newWallet();
        const other = newWallet();
        const { orderId, secret } = await cardOrder(first);
        const [paid, patched] = await Promise.all([
          asClient(secret, `/orders/${orderId}/payment`, { method: 'POST', body: card }),
          asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { recipient: { walletAddress: other } } }),
        ]);
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        expect([200, 409], JSON.stringify(patched.body)).toContain(patched.status);
        return { orderId, first, other, patched: patched.status };
      }),
    );
    for (const { orderId, first, other, patched } of results) {
      const done = await completed(orderId);
      const recipient = (await orderRow(orderId)).recipient as { walletAddress: string };
      // A 200 came before the payment started, a 409 after: either way the token is the recipient's the order shows.
      expect(recipient.walletAddress).toBe(getAddress(patched === 200 ? other : first));
      expect(await ownerOnChain(done.lineItems[0].delivery.tokens[0].tokenId)).toBe(recipient.walletAddress);
    }
  });
});

describe(`a paid order's quote is history (${testDb})`, () => {
  it('issue 22 item 2: a PATCH after the quote expired and the price rose leaves a paid order at what was paid', async () => {
    const price = await api.call(`/collections/${cardCollection.id}`, { method: 'PATCH', body: { payments: { price: '10' } } });
    expect(price.status).toBe(200);
    const { orderId, secret } = await cardOrder(newWallet());
    await asClient(secret, `/orders/${orderId}/payment`, { method: 'POST', body: card });
    await completed(orderId);
    await expireQuote(orderId);
    expect((await api.call(`/collections/${cardCollection.id}`, { method: 'PATCH', body: { payments: { price: '25' } } })).status).toBe(200);
    try {
      const patched = await asClient(secret, `/orders/${orderId}`, { method: 'PATCH', body: { locale: 'de-DE' } });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body.quote).toMatchObject({ totalPrice: { amount: '10', currency: 'usd' }, charges: { subtotal: { amount: '10' } } });
      expect(patched.body.payment.received).toEqual({ amount: '10', currency: 'usd' });
      const row = await orderRow(orderId);
      expect(row.quote).toMatchObject({ subtotalUnits: '1000', totalUnits: '1000', sellerNetUnits: '1000' });
      const consoleView = await server.request(`/api/console/orders/${orderId}?projectId=${project.projectId}`, { cookie: owner });
      expect(consoleView.status).toBe(200);
      expect(JSON.stringify(consoleView.body)).not.toContain('"25"');
      // An unpaid order's expired quote is still priced again, at the new price.
      const open = await cardOrder(newWallet());
      await expireQuote(open.orderId);
      const requoted = await asClient(open.secret, `/orders/${open.orderId}`, { method: 'PATCH', body: { locale: 'fr-FR' } });
      expect(requoted.body.quote).toMatchObject({ status: 'valid', totalPrice: { amount: '25' } });
    } finally {
      await api.call(`/collections/${cardCollection.id}`, { method: 'PATCH', body: { payments: { price: '10' } } });
    }
  });
});

const usdxm = (address: Address) =>
  chain().client.readContract({ address: server.ctx.chains.devnet!.stablecoin, abi: testUsdAbi, functionName: 'balanceOf', args: [address] });

/** A buyer with 100 USDXM from the faucet and 1 ETH for gas. */
async function fundedBuyer() {
  const buyer = privateKeyToAccount(generatePrivateKey());
  const faucet = await server.request('/api/v1-alpha1/faucet', {
    method: 'POST',
    body: { chain: 'devnet', address: buyer.address },
    headers: { 'x-api-key': project.apiKey },
  });
  expect(faucet.status).toBe(200);
  await fundAccount(chain().client, { address: buyer.address, balance: parseEther('1') });
  return buyer;
}

async function cryptoOrder(payer: Address) {
  const res = await api.call('/orders', {
    method: 'POST',
    body: {
      recipient: { walletAddress: payer },
      payment: { method: 'devnet', currency: 'usdxm', payerAddress: payer },
      lineItems: { collectionLocator: `crossmint:${cryptoCollection}`, callData: { quantity: 1 } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { orderId: string; payment: { preparation: { transactions: Array<{ serializedTransaction: Hex }> } } };
}

async function signAndSend(buyer: PrivateKeyAccount, transactions: Array<{ serializedTransaction: Hex }>) {
  for (const prepared of transactions) {
    const signed = await buyer.signTransaction(parseTransaction(prepared.serializedTransaction));
    const hash = await chain().client.sendRawTransaction({ serializedTransaction: signed });
    expect((await chain().client.waitForTransactionReceipt({ hash })).status).toBe('success');
  }
}

async function payByHand(buyer: PrivateKeyAccount, orderId: string, units: bigint) {
  const wallet = createSignerClient(devnetDefinition, chain().rpcUrl, buyer);
  const token = server.ctx.chains.devnet!.stablecoin;
  const contract = server.ctx.chains.devnet!.payments;
  await wallet.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: token, abi: erc20PaymentAbi, functionName: 'approve', args: [contract, units] }),
  });
  const hash = await wallet.writeContract({ address: contract, abi: paymentsAbi, functionName: 'pay', args: [orderIdToBytes32(orderId), token, units] });
  return wallet.waitForTransactionReceipt({ hash });
}

describe(`crypto payments and expired quotes (${testDb})`, () => {
  it('issue 22 item 3: a payment made after the quote expired is refunded on chain and never delivered; the order can be priced and paid again', async () => {
    const buyer = await fundedBuyer();
    const order = await cryptoOrder(buyer.address);
    // The payer signed while the quote held, and sends once it has expired.
    await expireQuote(order.orderId);
    await signAndSend(buyer, order.payment.preparation.transactions);
    const refunded = await eventually(
      async () => ((await paymentsOf(order.orderId))[0]?.status === 'refunded' ? (await paymentsOf(order.orderId))[0] : undefined),
      30_000,
      'the late payment refunded',
    );
    expect(refunded.refund).toMatchObject({ amountUnits: '5000000', reason: expect.stringContaining("after the order's quote expired") });
    expect(await usdxm(buyer.address)).toBe(100_000_000n);
    expect(await eventsOf(order.orderId, 'orders.payment.succeeded')).toHaveLength(0);
    const stale = await orderNow(order.orderId);
    expect(stale).toMatchObject({ phase: 'quote', payment: { status: 'requires-quote', received: { amount: '5' }, refunded: { amount: '5' } } });
    expect(stale.lineItems[0].delivery.tokens).toEqual([]);

    // Priced again, then paid in time: delivered once, with what was refunded not counted.
    const requoted = (await api.call(`/orders/${order.orderId}`, { method: 'PATCH', body: { locale: 'en-GB' } })).body;
    expect(requoted).toMatchObject({ quote: { status: 'valid' }, payment: { status: 'awaiting-payment' } });
    expect(requoted.payment.preparation.amount.units).toBe('5000000');
    await signAndSend(buyer, requoted.payment.preparation.transactions);
    const done = await completed(order.orderId);
    expect(done.lineItems[0].delivery.status).toBe('completed');
    expect(await eventsOf(order.orderId, 'orders.payment.succeeded')).toHaveLength(1);
    expect(await usdxm(buyer.address)).toBe(95_000_000n);
  });

  it('issue 22 item 3: an underpaid order whose quote expired gives back what it received, and may be priced again', async () => {
    const buyer = await fundedBuyer();
    const order = await cryptoOrder(buyer.address);
    const receipt = await payByHand(buyer, order.orderId, 2_000_000n);
    await eventually(async () => ((await paymentsOf(order.orderId)).length === 1 ? true : undefined), 20_000, 'the underpayment');
    expect((await orderNow(order.orderId)).payment.status).toBe('in-progress');
    // The quote ends just after the payment's block; the next block, a second later, shows every payment made in
    // time was read.
    const paidAt = Number((await chain().client.getBlock({ blockNumber: receipt.blockNumber })).timestamp);
    await expireQuote(order.orderId, new Date(paidAt * 1000 + 1));
    await chain().client.request({ method: 'evm_mine' as never, params: [Math.max(paidAt + 1, Math.ceil(Date.now() / 1000))] as never });
    await eventually(async () => ((await paymentsOf(order.orderId))[0]?.status === 'refunded' ? true : undefined), 30_000, 'the underpayment refunded');
    expect(await usdxm(buyer.address)).toBe(100_000_000n);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ paymentStatus: 'failed', paymentFailure: { code: 'quote_expired' }, settledPhase: null });
    expect(await eventsOf(order.orderId, 'orders.payment.failed')).toHaveLength(1);
    const requoted = await api.call(`/orders/${order.orderId}`, { method: 'PATCH', body: { payment: { payerAddress: buyer.address } } });
    expect(requoted.status).toBe(200);
    expect(requoted.body.quote.status).toBe('valid');
  });
});

describe(`limits and callers (${testDb})`, () => {
  const manyLines = (count: number) => ({
    recipient: { walletAddress: seller },
    payment: { method: 'devnet', currency: 'usdxm', payerAddress: seller },
    lineItems: Array.from({ length: count }, () => ({ collectionLocator: `crossmint:${cryptoCollection}`, callData: { quantity: 1 } })),
  });

  it("issue 22 item 4: a collection's quantity limit holds for the whole order, with a server or a client-side key", async () => {
    const before = await countOrders();
    const refused = await api.call('/orders', { method: 'POST', body: manyLines(15) });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toBe(
      `This order asks for 15 NFTs of collection ${cryptoCollection} in 15 line items; the collection sells at most 2 per order.`,
    );
    const fromPage = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: { 'x-api-key': clientKey, origin: shop }, body: manyLines(3) });
    expect(fromPage.status).toBe(400);
    expect(await countOrders()).toBe(before);
    expect((await api.call('/orders', { method: 'POST', body: manyLines(2) })).status).toBe(201);
  });

  it("issue 22 item 5: an idempotency key is its caller's: a client-side key sending the server key's gets an order of its own", async () => {
    const headers = { 'x-idempotency-key': `order-${crypto.randomUUID()}` };
    const body = manyLines(1);
    const bySeller = await api.call('/orders', { method: 'POST', body, headers });
    expect(bySeller.status).toBe(201);
    const byPage = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: { ...headers, 'x-api-key': clientKey, origin: shop }, body });
    expect(byPage.status).toBe(201);
    expect(byPage.body.order.orderId).not.toBe(bySeller.body.order.orderId);
    expect(byPage.body.clientSecret).not.toBe(bySeller.body.clientSecret);
    // Each caller's own retry still answers its own first order.
    const sellerAgain = await api.call('/orders', { method: 'POST', body, headers });
    expect(sellerAgain.body).toMatchObject({ clientSecret: bySeller.body.clientSecret, order: { orderId: bySeller.body.order.orderId } });
    const pageAgain = await server.request('/api/2022-06-09/orders', { method: 'POST', headers: { ...headers, 'x-api-key': clientKey, origin: shop }, body });
    expect(pageAgain.body.order.orderId).toBe(byPage.body.order.orderId);
  });

  it('issue 22 item 12: a card order whose total the processor cannot take is refused before it is written', async () => {
    const dear = await api.createCollection(collectionBody({ payments: { price: '1000000', currency: 'usd', recipientAddress: seller } }));
    await api.settled(dear.actionId);
    const before = await countOrders();
    const refused = await api.call('/orders', {
      method: 'POST',
      body: { recipient: { email: 'rich@example.com' }, payment: { method: 'card', currency: 'usd' }, lineItems: { collectionLocator: `keepsake:${dear.id}` } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toBe("The order's total of 1000000 USD cannot be paid by card: a card payment takes from 0.01 to 999999.99 USD.");
    expect(await countOrders()).toBe(before);
    // The same collection sold for crypto has no such limit.
    expect((await api.call('/orders', { method: 'POST', body: { ...manyLines(1), lineItems: { collectionLocator: `keepsake:${dear.id}` } } })).status).toBe(
      201,
    );
  });
});
