import { describe, expect, it } from 'vitest';
import { addAmounts, estimateTotal, formatMoney, multiplyAmount, percentOf } from './money';

describe('amounts', () => {
  it('multiplies and adds decimal strings exactly', () => {
    expect(multiplyAmount('0.1', 3)).toBe('0.3');
    expect(multiplyAmount('10.8', 15)).toBe('162');
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('20', '1.1')).toBe('21.1');
  });

  it('rounds a percentage up at the currency’s places', () => {
    expect(percentOf('20', 3, 2)).toBe('0.6');
    expect(percentOf('0.33', 1, 2)).toBe('0.01');
    expect(percentOf('3064', 3, 0)).toBe('92');
  });
});

describe('estimateTotal', () => {
  it('adds the fee tier and the crypto flat fee when the buyer pays the fees', () => {
    expect(
      estimateTotal({
        unitPrice: { amount: '10', currency: 'usdxm' },
        quantity: 2,
        feePercent: 3,
        feesPayer: 'buyer',
        flatFee: { amount: '0.5', currency: 'usdxm' },
      }),
    ).toEqual({ subtotal: { amount: '20', currency: 'usdxm' }, fees: { amount: '1.1', currency: 'usdxm' }, total: { amount: '21.1', currency: 'usdxm' } });
  });

  it('keeps the total at the price when the seller bears the fees', () => {
    expect(estimateTotal({ unitPrice: { amount: '9.5', currency: 'eur' }, quantity: 2, feePercent: 1, feesPayer: 'seller' })).toEqual({
      subtotal: { amount: '19', currency: 'eur' },
      fees: { amount: '0.19', currency: 'eur' },
      total: { amount: '19', currency: 'eur' },
    });
  });

  it('keeps zero-decimal currencies whole', () => {
    expect(estimateTotal({ unitPrice: { amount: '1532', currency: 'jpy' }, quantity: 2, feePercent: 3, feesPayer: 'buyer' }).total.amount).toBe('3156');
  });
});

describe('formatMoney', () => {
  it("shows fiat in the buyer's locale and tokens with their symbol", () => {
    expect(formatMoney({ amount: '21.6', currency: 'eur' }, 'en-US')).toBe('€21.60');
    expect(formatMoney({ amount: '3156', currency: 'jpy' }, 'en-US')).toBe('¥3,156');
    expect(formatMoney({ amount: '21.6', currency: 'eur' }, 'fr-FR')).toMatch(/^21,60\s€$/);
    expect(formatMoney({ amount: '21.1', currency: 'usdxm' }, 'en-US')).toBe('21.1 USDXM');
  });
});
