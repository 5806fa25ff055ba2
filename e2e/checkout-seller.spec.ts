// Issue 14 item 18, the seller's side: a seller's collection sells one NFT by test card (through the Orders API) and
// one for USDXM on the devnet (faucet, then the order's prepared transactions signed by a devnet account in this
// process), the project's webhook receiver gets the payment and delivery events of both, and in Chromium the seller
// finds both orders in /console/orders and the collection's Orders tab, opens one (money, fees, net, timeline) and
// sees non-zero revenue on the collection dashboard. The automatic accessibility fixture checks every page visited at
// 1280 and 390 px.
import { createPublicClient, http, parseEther, parseTransaction, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from './fixtures.ts';
import { createDeployedCollection } from './support/collections.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { useWebhookReceiver } from './support/webhook-receiver.ts';

const hooks = useWebhookReceiver();
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

type Order = {
  orderId: string;
  phase: string;
  payment: { status: string; preparation?: { transactions: Array<{ purpose: string; serializedTransaction: Hex }> } };
};
type Event = { type: string; data: { orderId: string; phase: string; payment: { test: boolean } } };

test('a seller sells by card and by USDXM, and sees both orders, the revenue and the webhooks', async ({ page, mailbox }) => {
  test.setTimeout(180_000);
  const request = page.request;
  const devnet = createPublicClient({ transport: http(process.env.KEEPSAKE_E2E_DEVNET_RPC_URL) });

  await signInWithProject(page, mailbox, uniqueEmail('seller'), 'Seller E2E');
  const { projects } = (await (await request.get('/api/console/projects')).json()) as { projects: Array<{ id: string; name: string }> };
  const projectId = projects.find((p) => p.name === 'Seller E2E')!.id;
  const key = await request.post(`/api/console/projects/${projectId}/apiKeys`, {
    data: { name: 'shop', environment: 'staging', scopes: ['collections.create', 'collections.read', 'orders.create', 'orders.read', 'orders.update'] },
  });
  expect(key.status()).toBe(201);
  const headers = { 'x-api-key': ((await key.json()) as { secret: string }).secret };
  // The 3 % tier, borne by the seller: the buyer pays the price, the seller nets the price less the fees.
  expect((await request.patch(`/api/console/projects/${projectId}/checkout`, { data: { feePercent: 3 } })).status()).toBe(200);
  const endpoint = await request.post(`/api/console/projects/${projectId}/webhooks`, {
    data: { url: `${hooks.receiver.url}/seller`, eventTypes: ['orders.payment.succeeded', 'orders.delivery.completed'] },
  });
  expect(endpoint.status()).toBe(201);

  const collectionId = await createDeployedCollection(request, headers, {
    metadata: { name: 'Front Row', description: 'Seats by the stage', symbol: 'ROW' },
    payments: { price: '10', currency: 'usd', recipientAddress: seller, feesPayer: 'seller' },
  });
  const lineItems = { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 1 } };
  const createOrder = async (data: Record<string, unknown>): Promise<Order> => {
    const response = await request.post('/api/2022-06-09/orders', { headers, data: { locale: 'en-US', lineItems, ...data } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { order: Order }).order;
  };
  const readOrder = async (orderId: string): Promise<Order> => (await (await request.get(`/api/2022-06-09/orders/${orderId}`, { headers })).json()) as Order;

  // By card: the test processor's succeeding card, sent through the API.
  const cardOrder = await createOrder({ recipient: { email: 'card.buyer@example.com' }, payment: { method: 'card', currency: 'usd' } });
  const paid = await request.post(`/api/2022-06-09/orders/${cardOrder.orderId}/payment`, {
    headers,
    data: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // By USDXM: a fresh devnet account gets 100 from the faucet and gas, and signs what the order prepared.
  const buyer = privateKeyToAccount(generatePrivateKey());
  expect((await request.post('/api/v1-alpha1/faucet', { headers, data: { chain: 'devnet', address: buyer.address } })).status()).toBe(200);
  await devnet.request({ method: 'anvil_setBalance' as 'eth_chainId', params: [buyer.address, toHex(parseEther('1'))] as never });
  const cryptoOrder = await createOrder({
    recipient: { walletAddress: buyer.address },
    payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer.address },
  });
  expect(cryptoOrder.payment.status).toBe('awaiting-payment');
  for (const prepared of cryptoOrder.payment.preparation!.transactions) {
    const hash = await devnet.sendRawTransaction({ serializedTransaction: await buyer.signTransaction(parseTransaction(prepared.serializedTransaction)) });
    expect((await devnet.waitForTransactionReceipt({ hash })).status, prepared.purpose).toBe('success');
  }

  // Both are delivered, and the receiver got each order's payment and delivery events, marked as test money.
  for (const { orderId } of [cardOrder, cryptoOrder]) {
    await expect.poll(async () => (await readOrder(orderId)).phase, { timeout: 60_000, message: `order ${orderId} completed` }).toBe('completed');
  }
  const received = async () => hooks.receiver.at('/seller').map((hook) => JSON.parse(hook.body) as Event);
  await expect.poll(async () => (await received()).length, { timeout: 30_000 }).toBe(4);
  const events = await received();
  for (const { orderId } of [cardOrder, cryptoOrder]) {
    const mine = events.filter((event) => event.data.orderId === orderId);
    expect(mine.map((event) => event.type).sort()).toEqual(['orders.delivery.completed', 'orders.payment.succeeded']);
    expect(mine.every((event) => event.data.payment.test)).toBe(true);
    expect(mine.find((event) => event.type === 'orders.delivery.completed')!.data.phase).toBe('completed');
  }

  // The project's orders list: both, completed and paid.
  await page.goto('/console/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const { orderId } of [cardOrder, cryptoOrder]) {
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Open order ${orderId.slice(0, 8)}` }) });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText('Paid');
  }

  // The crypto order's page: what the buyer paid, the fees (3 % plus 0.5 for crypto), the seller's net, the payment
  // and the timeline from quote to delivery.
  await page.getByRole('link', { name: `Open order ${cryptoOrder.orderId.slice(0, 8)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${cryptoOrder.orderId.slice(0, 8)}` })).toBeVisible();
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('0.8 USDXM');
  await expect(money).toContainText('Seller net');
  await expect(money).toContainText('9.2 USDXM');
  await expect(page.getByRole('region', { name: 'Payments and refunds' })).toContainText('10 USDXM');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  for (const type of ['orders.quote.created', 'orders.payment.succeeded', 'orders.delivery.initiated', 'orders.delivery.completed']) {
    await expect(timeline).toContainText(type);
  }

  // The collection's Orders tab lists both; its dashboard shows the test revenue of each currency, not zero.
  await page.goto(`/console/collections/${collectionId}/orders`);
  const collectionOrders = page.getByRole('table', { name: 'Orders' });
  await expect(collectionOrders.getByRole('row')).toHaveCount(3);
  await expect(collectionOrders).toContainText(cardOrder.orderId.slice(0, 8));
  await expect(collectionOrders).toContainText(cryptoOrder.orderId.slice(0, 8));
  await page.getByRole('navigation', { name: 'Collection pages' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('figure', { name: /^Revenue in USDXM \(test money\)/ })).toContainText('10 USDXM in this range');
  await expect(page.getByRole('figure', { name: /^Revenue in USD \(test money\)/ })).toContainText('10 USD in this range');
  const sales = page.getByRole('figure', { name: /NFTs sold/ });
  await expect(sales).toContainText('0 for real money, 2 for test money, in 2 orders');
  await expect(sales.getByRole('application')).toBeVisible();
});
