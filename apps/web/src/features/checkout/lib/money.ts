// Amounts on the hosted page: decimal strings from the API, added and multiplied as integers (never floats), and
// shown in the buyer's locale: fiat with its symbol, tokens with their symbol in capitals.
import { SUPPORTED_CURRENCIES } from '../../../lib/locale/locale-resolution';
import type { Money } from '../types/checkout';

function decimalsOf(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}

function toUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

function fromUnits(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  const whole = text.slice(0, -decimals);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** `amount × quantity`, exactly. */
export function multiplyAmount(amount: string, quantity: number): string {
  const decimals = decimalsOf(amount);
  return fromUnits(toUnits(amount, decimals) * BigInt(quantity), decimals);
}

/** `a + b`, exactly. */
export function addAmounts(a: string, b: string): string {
  const decimals = Math.max(decimalsOf(a), decimalsOf(b));
  return fromUnits(toUnits(a, decimals) + toUnits(b, decimals), decimals);
}

/** `percent` % of `amount`, rounded up at `decimals` places (as the server rounds fees). */
export function percentOf(amount: string, percent: number, decimals: number): string {
  const scaled = toUnits(amount, decimals) * BigInt(percent);
  return fromUnits((scaled + 99n) / 100n, decimals);
}

/** A fiat amount with its symbol in the locale (`€21.60`, `¥3,156`); a token as `21.1 USDXM`. */
export function formatMoney(money: Money, languageTag: string): string {
  if ((SUPPORTED_CURRENCIES as readonly string[]).includes(money.currency)) {
    const format = new Intl.NumberFormat(languageTag, { style: 'currency', currency: money.currency.toUpperCase() });
    return format.format(money.amount as Intl.StringNumericLiteral);
  }
  return `${money.amount} ${money.currency.toUpperCase()}`;
}

/** How many decimals a currency's amounts carry on this page: fiat's minor units, else what the amount shows. */
export function minorDigits(currency: string, sample: string): number {
  if (['jpy', 'krw', 'vnd'].includes(currency)) return 0;
  if ((SUPPORTED_CURRENCIES as readonly string[]).includes(currency)) return 2;
  return Math.max(decimalsOf(sample), 6);
}

/**
 * The total the buyer should expect before the quote: the unit price times the quantity, plus the fees when the
 * buyer pays them on top (the plan's percentage, and the crypto flat fee). The quote has the final word.
 */
export function estimateTotal(params: { unitPrice: Money; quantity: number; feePercent: number; feesPayer: string; flatFee?: Money | undefined }): {
  subtotal: Money;
  fees: Money;
  total: Money;
} {
  const { unitPrice, quantity, feePercent, feesPayer, flatFee } = params;
  const currency = unitPrice.currency;
  const subtotal = multiplyAmount(unitPrice.amount, quantity);
  const percentFee = percentOf(subtotal, feePercent, minorDigits(currency, subtotal));
  const fees = flatFee ? addAmounts(percentFee, flatFee.amount) : percentFee;
  const total = feesPayer === 'buyer' ? addAmounts(subtotal, fees) : subtotal;
  return { subtotal: { amount: subtotal, currency }, fees: { amount: fees, currency }, total: { amount: total, currency } };
}
