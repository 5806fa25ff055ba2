// Issue 14 item 17: a seller walks the orders console (list, search, detail) and a collection's dashboard (orders
// stats, revenue and sales charts). The automatic accessibility fixture checks every page visited at 1280 and 390 px. The orders are made through the Orders API; none is paid
// here (paying is the hosted page's spec), so the charts show an empty range.
import { expect, test } from './fixtures.ts';
import { createDeployedCollection } from './support/collections.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';

const wallet = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

test('a seller finds an order, opens it, and reads the collection dashboard', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  await signInWithProject(page, mailbox, uniqueEmail('orders'), 'Orders E2E');
  const request = page.request;
  const { projects } = (await (await request.get('/api/console/projects')).json()) as { projects: Array<{ id: string; name: string }> };
  const projectId = projects.find((p) => p.name === 'Orders E2E')!.id;
  const key = await request.post(`/api/console/projects/${projectId}/apiKeys`, {
    data: { name: 'orders', environment: 'staging', scopes: ['collections.create', 'collections.read', 'orders.create'] },
  });
  const headers = { 'x-api-key': ((await key.json()) as { secret: string }).secret };
  const collectionId = await createDeployedCollection(request, headers, {
    metadata: { name: 'Gold Seats', description: 'Front row', symbol: 'GOLD' },
    payments: { price: '10', currency: 'usd', recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  });
  const orderIds: string[] = [];
  for (const recipient of [{ walletAddress: wallet }, { email: 'ada.buyer@example.com' }]) {
    const order = await request.post('/api/2022-06-09/orders', {
      headers,
      data: {
        recipient,
        locale: 'en-US',
        payment: { method: 'devnet', currency: 'usdxm', payerAddress: wallet },
        lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: 2 } },
      },
    });
    expect(order.status()).toBe(201);
    orderIds.push(((await order.json()) as { order: { orderId: string } }).order.orderId);
  }

  // The project's orders: both, newest first; the search finds the buyer by email.
  await page.goto('/console/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('2 in all')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('ADA.BUYER');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 in all')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/api\/console\/orders\/export\?projectId=[0-9a-f-]+&q=ADA.BUYER/);
  await page.screenshot({ path: '/tmp/orders-list-1280.png', fullPage: true });

  // Its page: summary, items, money and the timeline.
  await page.getByRole('link', { name: `Open order ${orderIds[1]!.slice(0, 8)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/console/orders/${orderIds[1]}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderIds[1]!.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('ada.buyer@example.com');
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('Seller net');
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('20.5 USDXM');
  await expect(page.getByRole('region', { name: 'Payments and refunds' })).toContainText('No money received yet.');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('orders.quote.created');
  await page.screenshot({ path: '/tmp/order-detail-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/order-detail-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The collection's dashboard: the orders stats and the charts.
  await page.goto(`/console/collections/${collectionId}/dashboard`);
  const stats = page.getByRole('region', { name: 'Orders at a glance' });
  await expect(stats.getByRole('term').first()).toHaveText('Orders');
  await expect(stats.getByRole('definition').first()).toHaveText('2');
  await expect(page.getByText('No revenue in this range.')).toBeVisible();
  const sales = page.getByRole('figure', { name: /NFTs sold/ });
  await expect(sales).toContainText('0 for real money, 0 for test money, in 0 orders');
  await expect(sales.getByRole('application')).toBeVisible();
  await page.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(sales).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sales.getByRole('application')).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-390.png', fullPage: true });
  await page.goto('/console/orders');
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/orders-list-390.png', fullPage: true });
});
