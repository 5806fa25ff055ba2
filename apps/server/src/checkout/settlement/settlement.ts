// Settlement (issue 14 items 9–11, ADR 105): the PaymentSink the payment methods report to. A payment is recorded
// once (order_payments is unique on method and reference, so a replayed webhook or a restarted watcher changes
// nothing); in the same transaction the order moves to `delivery` with one delivery per line item, the timeline
// gets its row and the webhook outbox its `orders.payment.succeeded`. That committed `delivery` phase is the
// delivery's durable to-do: the job queued after the commit is only a kick, and the sweeper finds an order whose
// kick was lost (jobs.ts). A payment for an order already paid is recorded and owed back.
import type { Transaction } from '@keepsake/db/client';
import type { AppContext } from '../../context.ts';
import type { WebhookService } from '../../webhooks/service.ts';
import { countedUnits } from '../orders/present.ts';
import type { OrderPresenter } from '../orders/presenter.ts';
import { deliveryIds } from './delivery-ids.ts';
import type { PaymentFailed, PaymentReceived, PaymentSink } from './ports.ts';
import * as store from './store.ts';

/** The queue whose job hands a paid order's line items to minting. */
export const DELIVERY_QUEUE = 'orders.deliver';
export type DeliveryJob = { orderId: string };
export const deliveryJobOptions = { retryLimit: 10, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 300 };

export function createSettlement(ctx: AppContext, deps: { webhooks: WebhookService; presenter: OrderPresenter }) {
  const db = ctx.db;

  /** Queues the delivery job; if it is lost, the settlement sweeper starts the delivery anyway. */
  const kickDelivery = (orderId: string) => {
    ctx.jobs.send<DeliveryJob>(DELIVERY_QUEUE, { orderId }, deliveryJobOptions).catch((error: unknown) => {
      ctx.log.warn({ err: error, orderId }, 'could not queue a delivery job; the settlement sweeper will start it');
    });
  };

  /** Records the payment and moves the order on, in `tx`; answers what to do after the commit. */
  async function record(tx: Transaction, payment: PaymentReceived): Promise<'deliver' | 'none'> {
    const row = await store.lockSettlingOrder(tx, payment.orderId);
    if (!row) {
      ctx.log.warn({ orderId: payment.orderId, method: payment.method, reference: payment.reference }, 'a payment names an order that does not exist');
      return 'none';
    }
    const inserted = await store.insertPayment(tx, {
      id: crypto.randomUUID(),
      orderId: row.id,
      projectId: row.projectId,
      method: payment.method,
      currency: payment.currency,
      decimals: payment.decimals,
      amountUnits: payment.amountUnits,
      reference: payment.reference,
      payer: payment.payer ?? null,
      card: payment.card ?? null,
      test: payment.test,
      status: 'succeeded',
      receivedAt: payment.receivedAt,
    });
    if (!inserted) return 'none'; // recorded before: a replay changes nothing
    const details = {
      method: payment.method,
      reference: payment.reference,
      currency: payment.currency,
      amountUnits: payment.amountUnits,
      test: payment.test,
      ...(payment.card ? { card: payment.card } : {}),
    };
    const refused = row.settledPhase
      ? 'The order was already paid.'
      : payment.paidAt && payment.paidAt.getTime() > row.quoteExpiresAt.getTime()
        ? `The payment was made after the order's quote expired at ${row.quoteExpiresAt.toISOString()}.`
        : undefined;
    if (refused) {
      // Given back, never counted: a paid order takes no second payment, and an expired quote no longer holds its
      // price (issue 22 item 3, ADR 135).
      await store.setRefundDue(tx, inserted.id, { amountUnits: inserted.amountUnits, reason: refused });
      await store.insertEvent(tx, {
        orderId: row.id,
        projectId: row.projectId,
        type: 'orders.payment.refund-due',
        data: { ...details, reason: refused, ...(payment.paidAt ? { paidAt: payment.paidAt.toISOString() } : {}) },
      });
      return 'none';
    }
    const received = countedUnits(row, await store.paymentsOfOrder(tx, row.id));
    const total = BigInt(row.quote.totalUnits);
    if (received < total) {
      // An underpayment leaves the order awaiting the rest (item 9); what came is recorded and shown as received.
      await store.setSettlement(tx, row.id, { paymentStatus: 'in-progress' });
      await store.insertEvent(tx, {
        orderId: row.id,
        projectId: row.projectId,
        type: 'orders.payment.partial',
        data: { ...details, missingUnits: String(total - received) },
      });
      return 'none';
    }
    const updated = await store.setSettlement(tx, row.id, {
      paymentStatus: 'completed',
      paymentFailure: null,
      settledPhase: 'delivery',
      deliveries: row.lineItems.map((item, index) => ({ status: 'in-progress', nftIds: deliveryIds(row.id, index, item.quantity), tokens: [] })),
    });
    const overpaid = received - total;
    await store.insertEvent(tx, {
      orderId: row.id,
      projectId: row.projectId,
      type: 'orders.payment.succeeded',
      data: { ...details, ...(overpaid > 0n ? { overpaidUnits: String(overpaid) } : {}) },
    });
    await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'orders.payment.succeeded', data: await deps.presenter.one(tx, updated) });
    return 'deliver';
  }

  /**
   * An underpaid order whose quote expired before `until`: every payment it received is owed back, and its payment
   * failed (`quote_expired`), which leaves the order free to be priced again and paid anew (ADR 135).
   */
  async function refundUnderpaid(orderId: string, until: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await store.lockSettlingOrder(tx, orderId);
      if (!row || row.settledPhase || row.paymentStatus !== 'in-progress' || row.quoteExpiresAt.getTime() >= until.getTime()) return false;
      const reason = 'The quote expired before the order was paid in full.';
      for (const paid of await store.paymentsOfOrder(tx, row.id)) {
        if (paid.status !== 'succeeded') continue;
        await store.setRefundDue(tx, paid.id, { amountUnits: paid.amountUnits, reason });
        await store.insertEvent(tx, {
          orderId: row.id,
          projectId: row.projectId,
          type: 'orders.payment.refund-due',
          data: { method: paid.method, reference: paid.reference, currency: paid.currency, amountUnits: paid.amountUnits, test: paid.test, reason },
        });
      }
      const paymentFailure = { code: 'quote_expired', message: `${reason} What it received is refunded.` };
      const updated = await store.setSettlement(tx, row.id, { paymentStatus: 'failed', paymentFailure });
      await store.insertEvent(tx, {
        orderId: row.id,
        projectId: row.projectId,
        type: 'orders.payment.failed',
        data: { method: row.payment.method, ...paymentFailure },
      });
      await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'orders.payment.failed', data: await deps.presenter.one(tx, updated) });
      return true;
    });
  }

  const sink: PaymentSink = {
    async paymentSucceeded(payment: PaymentReceived) {
      const next = await db.transaction((tx) => record(tx, payment));
      deps.webhooks.flush();
      if (next === 'deliver') kickDelivery(payment.orderId);
    },

    async paymentFailed(failure: PaymentFailed) {
      const published = await db.transaction(async (tx) => {
        const row = await store.lockSettlingOrder(tx, failure.orderId);
        if (!row || row.settledPhase) return false;
        const paymentFailure = {
          code: failure.code ?? 'payment_failed',
          ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
          message: failure.reason,
        };
        const updated = await store.setSettlement(tx, row.id, { paymentStatus: 'failed', paymentFailure });
        await store.insertEvent(tx, {
          orderId: row.id,
          projectId: row.projectId,
          type: 'orders.payment.failed',
          data: { method: failure.method, ...paymentFailure },
        });
        await deps.webhooks.publish(tx, { projectId: row.projectId, type: 'orders.payment.failed', data: await deps.presenter.one(tx, updated) });
        return true;
      });
      if (published) deps.webhooks.flush();
    },

    async paymentsSeenUntil(method: string, until: Date) {
      let published = false;
      for (const orderId of await store.listUnderpaidExpired(db, method, until, 50)) published = (await refundUnderpaid(orderId, until)) || published;
      if (published) deps.webhooks.flush();
    },
  };

  return {
    ...sink,
    kickDelivery,
    /** Adds a step to an order's timeline, in the caller's transaction (`orders.quote.created` at creation). */
    recordEvent: store.insertEvent,
    /** {@link recordEvent} for many orders with one statement (orders created together). */
    recordEvents: store.insertEvents,
    /** An order by id alone, for payment methods whose callbacks name only the order. */
    findOrder: (orderId: string) => store.findOrder(db, orderId),
    /** Remembers the card processor's payment for the order's current quote. */
    async rememberCardPayment(orderId: string, cardPayment: NonNullable<store.SettlementPatch['cardPayment']>) {
      await store.setSettlement(db, orderId, { cardPayment });
    },
    /**
     * A card is being confirmed: the order's payment status is `in-progress` while the processor answers, so that no
     * PATCH changes what is being paid for meanwhile (issue 22 item 1). Answers the status to put back should the
     * processor give no answer ({@link paymentAttemptAbandoned}); undefined when the order is paid already.
     */
    async paymentStarting(orderId: string): Promise<{ previous: store.SettledOrderRow['paymentStatus'] } | undefined> {
      return db.transaction(async (tx) => {
        const row = await store.lockSettlingOrder(tx, orderId);
        if (!row || row.settledPhase) return undefined;
        if (row.paymentStatus !== 'in-progress') await store.setSettlement(tx, row.id, { paymentStatus: 'in-progress' });
        return { previous: row.paymentStatus };
      });
    },
    /** The processor gave no answer to a confirmation: the order's payment status goes back to what it was, unless money arrived meanwhile. */
    async paymentAttemptAbandoned(orderId: string, previous: store.SettledOrderRow['paymentStatus']) {
      await db.transaction(async (tx) => {
        const row = await store.lockSettlingOrder(tx, orderId);
        if (!row || row.settledPhase || row.paymentStatus !== 'in-progress' || previous === 'in-progress') return;
        if ((await store.paymentsOfOrder(tx, row.id)).some((p) => p.status === 'succeeded')) return;
        await store.setSettlement(tx, row.id, { paymentStatus: previous });
      });
    },
    /** A payment under way (a card awaiting its confirmation step, or processing): payment status `in-progress`. */
    async paymentInProgress(orderId: string, method: string, step: string) {
      await db.transaction(async (tx) => {
        const row = await store.lockSettlingOrder(tx, orderId);
        if (!row || row.settledPhase) return;
        await store.setSettlement(tx, row.id, { paymentStatus: 'in-progress', paymentFailure: null });
        await store.insertEvent(tx, { orderId: row.id, projectId: row.projectId, type: 'orders.payment.in-progress', data: { method, step } });
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
