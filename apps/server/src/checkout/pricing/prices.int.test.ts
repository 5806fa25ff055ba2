// §7 GET /api/blockchain/{chain}/price on a server with the devnet and the embedded dev rates (issue 14 item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { devRates } from './dev-rates.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ chain: true });
});
afterAll(async () => {
  await server?.close();
});

describe(`chain price API (${testDb})`, () => {
  it('prices the native coin and USDXM in every fiat currency, labelled as dev rates', async () => {
    const res = await server.request('/api/blockchain/devnet/price');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      chain: 'devnet',
      nativeCurrency: 'eth',
      source: { name: 'embedded', dev: true, label: expect.stringContaining('Dev rates') },
    });
    // 1 ETH = 1 / 0.0003125 = 3200 USD; USDXM is 1:1 with the dollar; yen, won and dong have no decimals.
    expect(res.body.prices.eth).toMatchObject({ usd: '3200', eur: '2944', jpy: '490240' });
    expect(res.body.prices.usdxm).toMatchObject({ usd: '1', jpy: '154', krw: '1380', vnd: '25400' });
    expect(Object.keys(res.body.prices.usdxm as object)).toHaveLength(10);
    expect(devRates.jpy).toBe('153.2');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('answers 400 for a chain this server lacks or does not know', async () => {
    const missing = await server.request('/api/blockchain/base/price');
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toBe('The chain "base" is not configured on this Keepsake server.');
    const unknown = await server.request('/api/blockchain/dogechain/price');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_message).toContain('Unknown chain "dogechain"');
  });
});
