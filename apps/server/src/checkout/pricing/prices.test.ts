import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { PriceCurrency } from './currencies.ts';
import { embeddedPriceSource } from './dev-rates.ts';
import { createPriceService, priceRefreshMs } from './prices.ts';
import { PriceSourceError, type PriceSource } from './price-source.ts';

const log = pino({ level: 'silent' });
const fiat = (code: 'usd' | 'eur' | 'jpy' | 'krw' | 'vnd', decimals: number): PriceCurrency => ({ kind: 'fiat', code, decimals });
const usdxm: PriceCurrency = { kind: 'token', code: 'usdxm', decimals: 6, address: undefined, usdStable: true };
const eth: PriceCurrency = { kind: 'native', code: 'eth', decimals: 18, address: undefined, usdStable: false };
const rates = { usd: '1', eur: '0.8', jpy: '150', krw: '1400', vnd: '25000', eth: '0.0005' };

describe('price service', () => {
  const prices = createPriceService(embeddedPriceSource(), { log });

  it('converts fiat to a stablecoin 1:1 with USD, zero-decimal currencies included', () => {
    expect(prices.convert(rates, 1250n, fiat('usd', 2), usdxm)).toBe(12_500_000n); // 12.50 USD → 12.5 USDXM
    expect(prices.convert(rates, 1500n, fiat('jpy', 0), usdxm)).toBe(10_000_000n); // ¥1500 / 150 = 10 USD
    expect(prices.convert(rates, 14_000n, fiat('krw', 0), usdxm)).toBe(10_000_000n);
    expect(prices.convert(rates, 250_000n, fiat('vnd', 0), usdxm)).toBe(10_000_000n);
    expect(prices.convert(rates, 800n, fiat('eur', 2), usdxm)).toBe(10_000_000n); // €8 / 0.8 = 10 USD
  });

  it('converts to the native coin and back, rounding the buyer up', () => {
    expect(prices.convert(rates, 100n, fiat('usd', 2), eth)).toBe(500_000_000_000_000n); // 1 USD = 0.0005 ETH
    expect(prices.convert(rates, 10n ** 18n, eth, fiat('jpy', 0))).toBe(300_000n); // 1 ETH = 2000 USD = ¥300000
    expect(prices.convert(rates, 1n, fiat('usd', 2), { ...usdxm, decimals: 0 })).toBe(1n); // a cent rounds up to a whole unit
  });

  it('names the currency it has no rate for', () => {
    expect(() => prices.convert({ usd: '1' }, 1n, fiat('usd', 2), eth)).toThrow('There is no exchange rate for eth.');
  });

  it('keeps rates 10 minutes, then fetches again, and keeps the last rates when the source fails', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const source: PriceSource = {
      name: 'counting',
      dev: false,
      fetchUsdRates: () => {
        calls += 1;
        return fail ? Promise.reject(new PriceSourceError('down')) : Promise.resolve({ eur: `0.${calls}` });
      },
    };
    const service = createPriceService(source, { log, now: () => clock });
    await expect(Promise.all([service.current(), service.current()])).resolves.toHaveLength(2);
    expect(calls).toBe(1);
    clock = priceRefreshMs - 1;
    expect((await service.current()).rates.eur).toBe('0.1');
    clock = priceRefreshMs;
    expect((await service.current()).rates).toEqual({ eur: '0.2', usd: '1' });
    fail = true;
    clock = 3 * priceRefreshMs;
    expect((await service.current()).rates.eur).toBe('0.2');
    expect(calls).toBe(3);
  });

  it('has no rates to give before the source ever answered', async () => {
    const down: PriceSource = { name: 'down', dev: false, fetchUsdRates: () => Promise.reject(new PriceSourceError('down')) };
    await expect(createPriceService(down, { log }).current()).rejects.toThrow('Exchange rates are not available yet');
  });

  it('labels the embedded rates as dev rates', async () => {
    const snapshot = await prices.current();
    expect(snapshot).toMatchObject({ source: 'embedded', dev: true });
    expect(snapshot.rates.jpy).toMatch(/^\d+(\.\d+)?$/);
  });
});
