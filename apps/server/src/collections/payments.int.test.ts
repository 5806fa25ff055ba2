// Issue 14 item 1: a collection's payment settings through the developer API on a real devnet: defaults, fiat and
// chain tokens (USDXM is deployed at start-up), zero-decimal currencies, the 15-per-order limit, PATCH merging,
// and the rows from before issue 14 ({price, recipientAddress} in the native coin).
import { collections } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
const seller = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

beforeAll(async () => {
  server = await startTestServer({ chain: true });
  project = await createProjectWithKeys(server, 'Payments');
  api = developerApi(server, project.apiKey);
});
afterAll(async () => {
  await server?.close();
});

async function create(payments: Record<string, unknown>) {
  return api.call('/collections', { method: 'POST', body: collectionBody({ payments }) });
}

describe(`collection payment settings (${testDb})`, () => {
  it('fills in the defaults: the native coin, buyer pays fees, enabled, no hosted page, 15 per order', async () => {
    const res = await create({ price: '0.010', recipientAddress: seller });
    expect(res.status).toBe(201);
    expect(res.body.payments).toEqual({
      price: '0.01',
      currency: 'eth',
      recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      feesPayer: 'buyer',
      enabled: true,
      hostedPage: false,
      allowDirectTemplateMinting: false,
      quantityLimit: 15,
    });
    const [row] = await server.ctx.db
      .select()
      .from(collections)
      .where(eq(collections.id, res.body.id as string));
    expect(row!.payments).toMatchObject({ priceUnits: '10000000000000000', decimals: 18, currency: 'eth' });
  });

  it('keeps fiat prices in minor units, yen without decimals, and USDXM in its 6 decimals', async () => {
    const usd = await create({ price: '12.5', currency: 'USD', recipientAddress: seller, feesPayer: 'seller', quantityLimit: 3 });
    expect(usd.body.payments).toMatchObject({ price: '12.5', currency: 'usd', feesPayer: 'seller', quantityLimit: 3 });
    const yen = await create({ price: '1500', currency: 'jpy', recipientAddress: seller });
    expect(yen.status).toBe(201);
    const [row] = await server.ctx.db
      .select()
      .from(collections)
      .where(eq(collections.id, yen.body.id as string));
    expect(row!.payments).toMatchObject({ priceUnits: '1500', decimals: 0 });
    const usdxm = await create({ price: '5.25', currency: 'usdxm', recipientAddress: seller, hostedPage: true, allowDirectTemplateMinting: true });
    expect(usdxm.body.payments).toMatchObject({ price: '5.25', currency: 'usdxm', hostedPage: true, allowDirectTemplateMinting: true });
  });

  it('refuses what the currency or the limits do not allow, with clear messages', async () => {
    const yen = await create({ price: '1500.5', currency: 'jpy', recipientAddress: seller });
    expect(yen.status).toBe(400);
    expect(yen.body.error_message).toBe('price 1500.5 has more decimals than jpy allows (0).');
    const cents = await create({ price: '1.001', currency: 'usd', recipientAddress: seller });
    expect(cents.body.error_message).toBe('price 1.001 has more decimals than usd allows (2).');
    const unknown = await create({ price: '1', currency: 'doge', recipientAddress: seller });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_message).toMatch(/^currency "doge" is not a fiat currency or a token of the devnet chain\. Use one of: usd, .*eth, usdxm\.$/);
    const many = await create({ price: '1', recipientAddress: seller, quantityLimit: 16 });
    expect(many.status).toBe(400);
    expect(many.body.error_message).toContain('quantityLimit must be at most 15 (the multi-purchase limit)');
    const payer = await create({ price: '1', recipientAddress: seller, feesPayer: 'nobody' });
    expect(payer.body.error_message).toContain('feesPayer must be one of buyer, seller, buyer-subtract');
    const float = await create({ price: 1.5, recipientAddress: seller });
    expect(float.body.error_message).toContain('price must be a decimal string');
  });

  it('merges a PATCH over the settings, needs price and recipient to start, and null removes them', async () => {
    const created = await api.createCollection(collectionBody());
    const path = `/collections/${created.id}`;
    const partial = await api.call(path, { method: 'PATCH', body: { payments: { currency: 'usd' } } });
    expect(partial.status).toBe(400);
    expect(partial.body.error_message).toBe('Setting up payments needs a price and a recipientAddress.');
    const set = await api.call(path, { method: 'PATCH', body: { payments: { price: '20', currency: 'eur', recipientAddress: seller } } });
    expect(set.body.payments).toMatchObject({ price: '20', currency: 'eur', enabled: true });
    const off = await api.call(path, { method: 'PATCH', body: { payments: { enabled: false, feesPayer: 'buyer-subtract' } } });
    expect(off.body.payments).toMatchObject({ price: '20', currency: 'eur', enabled: false, feesPayer: 'buyer-subtract' });
    const toYen = await api.call(path, { method: 'PATCH', body: { payments: { currency: 'jpy' } } });
    expect(toYen.status).toBe(200);
    expect(toYen.body.payments).toMatchObject({ price: '20', currency: 'jpy' });
    const removed = await api.call(path, { method: 'PATCH', body: { payments: null } });
    expect(removed.body.payments).toBeNull();
  });

  it('reads a row from before issue 14 as a native-coin price with the defaults', async () => {
    const created = await api.createCollection(collectionBody());
    await server.ctx.db
      .update(collections)
      .set({ payments: { price: '0.25', recipientAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } })
      .where(eq(collections.id, created.id));
    const res = await api.call(`/collections/${created.id}`);
    expect(res.body.payments).toEqual(expect.objectContaining({ price: '0.25', currency: 'eth', enabled: true, quantityLimit: 15 }));
  });
});
