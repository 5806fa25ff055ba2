// Receipts (issue 14 item 14): once an order's delivery completed, an email to the buyer (the receipt email, or
// the recipient's email) with the order, the amounts and the delivered tokens; a test payment says so. The
// order's `receipt_status` is the to-do: `due` is set with the completion, `sent` after the mail server took it,
// so a crash in between sends it again rather than never (at least once).
import type { AppContext } from '../../context.ts';
import { orderReceiptEmail } from '../../mail/templates.ts';
import type { OrderPresenter } from '../orders/presenter.ts';
import * as store from './store.ts';

export function createReceipts(ctx: AppContext, deps: { presenter: OrderPresenter }) {
  const db = ctx.db;
  return {
    async send(orderId: string): Promise<void> {
      const row = await store.findOrder(db, orderId);
      if (row?.receiptStatus !== 'due') return;
      const to = row.payment.receiptEmail ?? (row.recipient && 'email' in row.recipient ? row.recipient.email : undefined);
      if (!to) return;
      const order = await deps.presenter.one(db, row);
      const format = (money: { amount: string; currency: string }) => `${money.amount} ${money.currency.toUpperCase()}`;
      await ctx.mailer.send(
        orderReceiptEmail({
          to,
          seller: row.lineItems[0]?.metadata.collection.name ?? 'Keepsake',
          orderId: row.id,
          test: order.payment.test,
          lines: order.lineItems.map((item) => ({
            name: item.metadata.name,
            quantity: item.quantity,
            total: format(item.quote.totalPrice),
            delivered: item.delivery.status === 'completed',
            tokens: item.delivery.tokens.map((t) => ({ contractAddress: t.contractAddress, tokenId: t.tokenId })),
          })),
          subtotal: format(order.quote.charges.subtotal),
          fees: format(order.quote.charges.fees),
          feesPayer: order.quote.charges.feesPayer,
          total: format(order.quote.totalPrice),
          received: format(order.payment.received ?? order.quote.totalPrice),
          refunded: order.payment.refunded ? format(order.payment.refunded) : undefined,
        }),
      );
      if (await store.markReceiptSent(db, orderId)) {
        await store.insertEvent(db, { orderId, projectId: row.projectId, type: 'orders.receipt.sent', data: { to } });
      }
    },
  };
}
