// The console's orders as CSV (RFC 4180): one row per order, money as decimal strings in the order's currency.
import { fromUnits } from '../pricing/money.ts';
import type { ListedOrder } from './store.ts';

export const ordersCsvColumns = [
  'orderId',
  'createdAt',
  'phase',
  'paymentStatus',
  'testMoney',
  'recipient',
  'collections',
  'quantity',
  'currency',
  'subtotal',
  'fees',
  'total',
  'sellerNet',
  'received',
] as const;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a field a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with `'` (OWASP's CSV injection advice).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function ordersCsv(rows: readonly ListedOrder[]): string {
  const lines = [ordersCsvColumns.join(',')];
  for (const { order, phase, paymentStatus, test, receivedUnits } of rows) {
    const { currency, decimals } = order.quote;
    const amount = (units: string | null) => (units === null ? '' : fromUnits(BigInt(units), decimals));
    const recipient = order.recipient ? ('email' in order.recipient ? order.recipient.email : order.recipient.walletAddress) : '';
    const collections = [...new Set(order.lineItems.map((item) => item.metadata.collection.name))].join('; ');
    const fields = [
      order.id,
      order.createdAt.toISOString(),
      phase,
      paymentStatus,
      test ? 'yes' : 'no',
      recipient,
      collections,
      String(order.lineItems.reduce((sum, item) => sum + item.quantity, 0)),
      currency,
      amount(order.quote.subtotalUnits),
      amount(order.quote.feeUnits),
      amount(order.quote.totalUnits),
      amount(order.quote.sellerNetUnits),
      amount(receivedUnits),
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
