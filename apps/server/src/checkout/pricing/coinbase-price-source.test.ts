// The Coinbase adapter against a local stand-in answering the documented shape of GET /v2/exchange-rates?currency=USD.
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpStandIn } from '../../testing/http-stand-in.ts';
import { coinbasePriceSource } from './coinbase-price-source.ts';

const stands: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(stands.splice(0).map((stand) => stand.close()));
});

async function standIn(status: number, body: unknown) {
  const stand = await startHttpStandIn(() => ({ status, body: JSON.stringify(body) }));
  stands.push(stand);
  return { stand, source: coinbasePriceSource({ baseUrl: stand.url, timeoutMs: 2_000 }) };
}

describe('Coinbase price source', () => {
  it('asks for USD rates and keeps them as lower-case decimal strings', async () => {
    const { stand, source } = await standIn(200, { data: { currency: 'USD', rates: { EUR: '0.9213', JPY: '152.75', ETH: '0.000318', ODD: '1e-7' } } });
    await expect(source.fetchUsdRates()).resolves.toEqual({ eur: '0.9213', jpy: '152.75', eth: '0.000318' });
    expect(stand.requests).toHaveLength(1);
    expect(stand.requests[0]).toMatchObject({ method: 'GET', url: '/v2/exchange-rates?currency=USD' });
    expect(source).toMatchObject({ name: 'coinbase', dev: false });
  });

  it('reports an error status and an unexpected body as a price source error', async () => {
    await expect((await standIn(503, { errors: [{ id: 'unavailable' }] })).source.fetchUsdRates()).rejects.toThrow('the exchange-rate API answered 503');
    await expect((await standIn(200, { data: { currency: 'EUR', rates: {} } })).source.fetchUsdRates()).rejects.toThrow('not USD rates');
  });

  it('reports an unreachable API', async () => {
    const source = coinbasePriceSource({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(source.fetchUsdRates()).rejects.toThrow('the exchange-rate API did not answer');
  });
});
