// Card payments for orders (issue 14 item 10, ADR 105): the order's processor payment (one per quote, created
// with an idempotency key derived from the order and its quote), what the buyer's page needs to pay it
// (`payment.preparation`), paying it, and the processor's webhooks. Outcomes go to settlement's PaymentSink.
// The card number passes through to the processor and is never stored or logged: only brand and last 4 are kept.
import type { OrderResponse, PayOrderInput } from '@keepsake/wire/developer/orders';
import { CardPaymentNotFoundError, CardPaymentsDisabledError } from '../../payments/cards/errors.ts';
import { maxMinorUnits } from '../../payments/cards/money.ts';
import { fromUnits } from '../pricing/money.ts';
import type { CardPayment, ConfirmCardPaymentParameters } from '../../payments/cards/processor.ts';
import type { CardProcessorChoice } from '../../payments/cards/registry.ts';
import { testCards } from '../../payments/cards/test-processor.ts';
import { InvalidOrderError, OrderPaymentStateError } from '../orders/errors.ts';
import type { Settlement } from '../settlement/settlement.ts';

type OrderRow = NonNullable<Awaited<ReturnType<Settlement['findOrder']>>>;

/** Payment statuses in which a card order takes a card. */
const payableStatuses: ReadonlyArray<OrderResponse['payment']['status']> = ['awaiting-payment', 'in-progress', 'failed'];

export function createCardCheckout(deps: { cards: CardProcessorChoice; settlement: Settlement }) {
  const { processor, enabled } = deps.cards;

  /** The processor's payment for the order's current quote, created when there is none. */
  async function ensurePayment(row: OrderRow): Promise<CardPayment> {
    if (!enabled) throw new CardPaymentsDisabledError();
    const quotedAt = row.quotedAt.toISOString();
    if (row.cardPayment?.quotedAt === quotedAt) {
      try {
        return await processor.retrievePayment(row.cardPayment.paymentId);
      } catch (error) {
        if (!(error instanceof CardPaymentNotFoundError)) throw error;
      }
    }
    const payment = await processor.createPayment({
      amount: Number(row.quote.totalUnits),
      currency: row.quote.currency,
      orderId: row.id,
      idempotencyKey: `keepsake-order:${row.id}:${row.quotedAt.getTime()}`,
      description: `Keepsake order ${row.id}`,
    });
    await deps.settlement.rememberCardPayment(row.id, { processor: processor.info.name, paymentId: payment.id, quotedAt, test: payment.test });
    return payment;
  }

  /** Tells settlement what the processor says of the payment; false when the processor named no outcome yet. */
  async function report(row: OrderRow, payment: CardPayment): Promise<boolean> {
    if (payment.status === 'succeeded') {
      await deps.settlement.paymentSucceeded({
        orderId: row.id,
        method: 'card',
        currency: payment.currency,
        decimals: row.quote.decimals,
        amountUnits: String(payment.amountReceived),
        reference: payment.id,
        ...(payment.card ? { card: payment.card } : {}),
        test: payment.test,
        receivedAt: new Date(),
      });
      return true;
    } else if (payment.status === 'requires_action' || payment.status === 'processing') {
      await deps.settlement.paymentInProgress(row.id, 'card', payment.status);
      return true;
    } else if (payment.lastFailure || payment.status === 'canceled') {
      const failure = payment.lastFailure ?? { code: 'payment_canceled', declineCode: undefined, message: 'The payment was canceled.' };
      await deps.settlement.paymentFailed({
        orderId: row.id,
        method: 'card',
        reason: failure.message,
        code: failure.code,
        ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
      });
      return true;
    }
    return false;
  }

  return {
    /**
     * Refuses a quote whose total no card processor takes in one payment (none, or more than eight digits of minor
     * units), so that such an order is never written (issue 22 item 12).
     * @throws InvalidOrderError
     */
    assertChargeable(quote: Pick<OrderRow['quote'], 'totalUnits' | 'currency' | 'decimals'>): void {
      const total = BigInt(quote.totalUnits);
      if (total >= 1n && total <= BigInt(maxMinorUnits)) return;
      const currency = quote.currency.toUpperCase();
      const most = `${fromUnits(BigInt(maxMinorUnits), quote.decimals)} ${currency}`;
      throw new InvalidOrderError(
        `The order's total of ${fromUnits(total, quote.decimals)} ${currency} cannot be paid by card: a card payment takes from ${fromUnits(1n, quote.decimals)} to ${most}.`,
      );
    },

    /** What the page needs to pay a card order awaiting payment: the processor, its label and keys, the next step. */
    async preparation(row: OrderRow): Promise<Record<string, unknown>> {
      const { info } = processor;
      const base = { processor: info.name, label: info.label, test: info.test, payUrl: `/api/2022-06-09/orders/${row.id}/payment` };
      if (!enabled) return base;
      const payment = await ensurePayment(row);
      return {
        ...base,
        paymentId: payment.id,
        status: payment.status,
        ...(payment.nextAction ? { nextAction: payment.nextAction } : {}),
        ...(info.name === 'stripe' ? { stripeClientSecret: payment.clientSecret, stripePublishableKey: info.publishableKey } : {}),
        ...(info.name === 'test' ? { testCards: [...testCards.keys()] } : {}),
      };
    },

    /**
     * Pays a card order: the test processor takes the card as typed or the answer to its confirmation step;
     * Stripe a payment method id, or nothing once the Payment Element handled a step.
     * @throws InvalidOrderError, OrderPaymentStateError, CardValidationError, CardPaymentsDisabledError, CardProcessorUnavailableError
     */
    async pay(row: OrderRow, status: OrderResponse['payment']['status'], body: PayOrderInput): Promise<void> {
      if (row.payment.method !== 'card') {
        throw new InvalidOrderError(`This order is paid with ${row.payment.currency} on ${row.payment.method}, not by card.`);
      }
      if (row.settledPhase) throw new OrderPaymentStateError('This order is paid already.');
      if (!payableStatuses.includes(status)) throw new OrderPaymentStateError(`This order cannot be paid now: its payment status is ${status}.`);
      const payment = await ensurePayment(row);
      if (payment.status === 'succeeded') {
        await report(row, payment);
        return;
      }
      const parameters: ConfirmCardPaymentParameters = body.card
        ? { card: body.card }
        : body.authentication
          ? { authentication: body.authentication }
          : body.paymentMethod
            ? { paymentMethod: body.paymentMethod }
            : {};
      // From here the payment has started: the order's recipient and payer are frozen while the processor answers
      // (issue 22 item 1). A processor that gives no outcome (refused input, unreachable) leaves the order as it was.
      const started = await deps.settlement.paymentStarting(row.id);
      if (!started) throw new OrderPaymentStateError('This order is paid already.');
      let confirmed: CardPayment;
      try {
        confirmed = await processor.confirmPayment(payment.id, parameters);
      } catch (error) {
        await deps.settlement.paymentAttemptAbandoned(row.id, started.previous);
        throw error;
      }
      if (!(await report(row, confirmed))) await deps.settlement.paymentAttemptAbandoned(row.id, started.previous);
    },

    /**
     * A processor webhook, verified over the raw body; payment events of known orders go to settlement.
     * @throws CardWebhookSignatureError, CardPaymentsDisabledError
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<{ received: true; type: string }> {
      const event = processor.parseWebhook(rawBody, signature);
      if (event.type !== 'ignored' && event.type !== 'payment.refunded' && event.payment.orderId) {
        const row = await deps.settlement.findOrder(event.payment.orderId);
        // A failure of a payment the order no longer uses (an earlier quote's) is not the order's failure.
        // Read the payment back: an event's object does not expand the card (brand and last 4), and may be stale.
        if (row && (event.type === 'payment.succeeded' || row.cardPayment?.paymentId === event.payment.id)) {
          await report(row, await processor.retrievePayment(event.payment.id));
        }
      }
      return { received: true, type: event.type };
    },
  };
}

export type CardCheckout = ReturnType<typeof createCardCheckout>;
