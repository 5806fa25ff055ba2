// The built-in test card processor (issue 14 item 10): the embedded default, so that a fresh clone can sell by
// card without a Stripe account. It moves no money. It answers the industry's well-known test card numbers and
// refuses every other number; every payment and refund it makes says `test: true`. It keeps brand and last 4
// only: the digits are looked up and dropped. registry.ts refuses to build it in production mode unless
// KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR=true (docs/card-payments.md).
import { randomBytes } from 'node:crypto';
import { validateCardDetails } from './card-details.ts';
import {
  CardIdempotencyKeyReusedError,
  CardPaymentNotFoundError,
  CardPaymentStateError,
  CardRefundAmountError,
  CardValidationError,
  CardWebhookSignatureError,
} from './errors.ts';
import { assertMinorUnits, parseCardCurrency } from './money.ts';
import {
  orderIdMetadataKey,
  type CardPayment,
  type CardPaymentFailure,
  type CardRefund,
  type ConfirmCardPaymentParameters,
  type CreateCardPaymentParameters,
  type PaymentProcessor,
  type RefundCardPaymentParameters,
} from './processor.ts';

export const testProcessorLabel = 'Test card processor: no real money moves';

type TestCardBehaviour = { outcome: 'succeed' } | { outcome: 'decline'; failure: CardPaymentFailure } | { outcome: 'authenticate' };

/** The test cards and what each does (docs/card-payments.md lists them). */
export const testCards: ReadonlyMap<string, TestCardBehaviour> = new Map<string, TestCardBehaviour>([
  ['4242424242424242', { outcome: 'succeed' }],
  ['5555555555554444', { outcome: 'succeed' }],
  ['378282246310005', { outcome: 'succeed' }],
  [
    '4000000000000002',
    {
      outcome: 'decline',
      failure: { code: 'card_declined', declineCode: 'generic_decline', message: 'The card was declined (test card 4000 0000 0000 0002).' },
    },
  ],
  [
    '4000000000009995',
    {
      outcome: 'decline',
      failure: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'The card has insufficient funds (test card 4000 0000 0000 9995).' },
    },
  ],
  ['4000002760003184', { outcome: 'authenticate' }],
]);

const authenticationFailure: CardPaymentFailure = {
  code: 'payment_intent_authentication_failure',
  declineCode: undefined,
  message: 'The card authentication was not completed, so the card was not charged. Try again or use another card.',
};

/** Where the test processor keeps its payments. The default is memory; the orders domain may give a database-backed one. */
export interface TestPaymentStore {
  get(paymentId: string): Promise<CardPayment | undefined>;
  put(payment: CardPayment): Promise<void>;
  /** The id and a fingerprint of the parameters first sent with an idempotency key (payments and refunds alike). */
  claimIdempotencyKey(key: string, fingerprint: string, id: string): Promise<{ fingerprint: string; id: string }>;
  getRefund(refundId: string): Promise<CardRefund | undefined>;
  putRefund(refund: CardRefund): Promise<void>;
}

export function createMemoryTestPaymentStore(): TestPaymentStore {
  const payments = new Map<string, CardPayment>();
  const refunds = new Map<string, CardRefund>();
  const keys = new Map<string, { fingerprint: string; id: string }>();
  return {
    get: (id) => Promise.resolve(payments.get(id) && structuredClone(payments.get(id))),
    put: (payment) => Promise.resolve(void payments.set(payment.id, structuredClone(payment))),
    claimIdempotencyKey: (key, fingerprint, id) => {
      const first = keys.get(key) ?? { fingerprint, id };
      keys.set(key, first);
      return Promise.resolve(first);
    },
    getRefund: (id) => Promise.resolve(refunds.get(id) && structuredClone(refunds.get(id))),
    putRefund: (refund) => Promise.resolve(void refunds.set(refund.id, structuredClone(refund))),
  };
}

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export type TestProcessorOptions = { store?: TestPaymentStore; now?: () => Date };

/**
 * The built-in test processor. Confirm with `{ card }` (one of `testCards`); 4000 0027 6000 3184 answers
 * `requires_action` until confirmed with `{ authentication: 'approve' | 'deny' }`.
 *
 * @example
 * const processor = createTestCardProcessor();
 * const payment = await processor.createPayment({ amount: 1234, currency: 'usd', orderId, idempotencyKey });
 * await processor.confirmPayment(payment.id, { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } });
 */
export function createTestCardProcessor(options: TestProcessorOptions = {}): PaymentProcessor {
  const store = options.store ?? createMemoryTestPaymentStore();
  const now = options.now ?? (() => new Date());

  async function load(paymentId: string): Promise<CardPayment> {
    const payment = await store.get(paymentId);
    if (!payment) throw new CardPaymentNotFoundError(paymentId);
    return payment;
  }

  async function save(payment: CardPayment): Promise<CardPayment> {
    await store.put(payment);
    return payment;
  }

  return {
    info: { name: 'test', test: true, label: testProcessorLabel, publishableKey: undefined },

    async createPayment(parameters: CreateCardPaymentParameters) {
      assertMinorUnits(parameters.amount);
      const currency = parseCardCurrency(parameters.currency);
      const metadata = { ...parameters.metadata, [orderIdMetadataKey]: parameters.orderId };
      const fingerprint = JSON.stringify(['payment', parameters.amount, currency, metadata, parameters.description ?? null]);
      const id = randomId('test_pi_');
      const claimed = await store.claimIdempotencyKey(parameters.idempotencyKey, fingerprint, id);
      if (claimed.fingerprint !== fingerprint) throw new CardIdempotencyKeyReusedError();
      if (claimed.id !== id) return load(claimed.id);
      return save({
        id,
        processor: 'test',
        test: true,
        status: 'requires_payment_method',
        amount: parameters.amount,
        currency,
        amountReceived: 0,
        amountRefunded: 0,
        orderId: parameters.orderId,
        metadata,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        card: undefined,
        nextAction: undefined,
        lastFailure: undefined,
        createdAt: now(),
      });
    },

    async confirmPayment(paymentId: string, parameters: ConfirmCardPaymentParameters) {
      const payment = await load(paymentId);
      if ('authentication' in parameters) {
        if (payment.status !== 'requires_action') throw new CardPaymentStateError(`Payment ${paymentId} is ${payment.status}: it awaits no authentication.`);
        const approved = parameters.authentication === 'approve';
        return save({
          ...payment,
          status: approved ? 'succeeded' : 'requires_payment_method',
          amountReceived: approved ? payment.amount : 0,
          nextAction: undefined,
          lastFailure: approved ? undefined : authenticationFailure,
        });
      }
      if (!('card' in parameters)) {
        throw new CardValidationError(
          'number',
          'test_card_required',
          'The test card processor takes the card details themselves: send card, not a payment method.',
        );
      }
      if (payment.status !== 'requires_payment_method') {
        throw new CardPaymentStateError(`Payment ${paymentId} is ${payment.status}: only a payment awaiting a card can be confirmed with one.`);
      }
      const { digits, summary } = validateCardDetails(parameters.card, now());
      const behaviour = testCards.get(digits);
      if (!behaviour) {
        throw new CardValidationError(
          'number',
          'test_card_required',
          'This is the test card processor: use a test card such as 4242 4242 4242 4242 (docs/card-payments.md lists them). No real card is charged.',
        );
      }
      const attempted = { ...payment, card: summary, lastFailure: undefined, nextAction: undefined };
      if (behaviour.outcome === 'succeed') return save({ ...attempted, status: 'succeeded', amountReceived: payment.amount });
      if (behaviour.outcome === 'authenticate') return save({ ...attempted, status: 'requires_action', nextAction: { type: 'test_authentication' } });
      return save({ ...attempted, status: 'requires_payment_method', lastFailure: behaviour.failure });
    },

    retrievePayment: load,

    async refundPayment(paymentId: string, parameters: RefundCardPaymentParameters) {
      const payment = await load(paymentId);
      const amount = parameters.amount ?? payment.amount - payment.amountRefunded;
      const fingerprint = JSON.stringify(['refund', paymentId, parameters.amount ?? null]);
      const id = randomId('test_re_');
      const claimed = await store.claimIdempotencyKey(parameters.idempotencyKey, fingerprint, id);
      if (claimed.fingerprint !== fingerprint) throw new CardIdempotencyKeyReusedError();
      if (claimed.id !== id) {
        const earlier = await store.getRefund(claimed.id);
        if (earlier) return earlier;
      }
      if (payment.status !== 'succeeded')
        throw new CardPaymentStateError(`Payment ${paymentId} is ${payment.status}: only a succeeded payment can be refunded.`);
      if (payment.amountRefunded >= payment.amount) throw new CardPaymentStateError(`Payment ${paymentId} is already refunded in full.`);
      assertMinorUnits(amount, 'refund amount');
      if (amount > payment.amount - payment.amountRefunded) {
        throw new CardRefundAmountError(`The refund (${amount}) is more than what is left to refund (${payment.amount - payment.amountRefunded}).`);
      }
      const refund: CardRefund = { id: claimed.id, paymentId, test: true, amount, currency: payment.currency, status: 'succeeded', createdAt: now() };
      await store.putRefund(refund);
      await save({ ...payment, amountRefunded: payment.amountRefunded + amount });
      return refund;
    },

    parseWebhook() {
      // Its confirm and refund answer the final state at once, so it never calls back.
      throw new CardWebhookSignatureError('The test card processor sends no webhooks: read the payment that confirmPayment answers.');
    },
  };
}
