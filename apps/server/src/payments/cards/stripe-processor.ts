// The Stripe adapter of the card port (issue 14 item 10): PaymentIntents, refunds and signed webhooks through
// the official `stripe` package. Card details reach Stripe only from the buyer's browser (the Payment Element);
// the server sees payment method ids, brands and last 4 digits. STRIPE_API_URL points the client elsewhere
// (tests use an HTTP stand-in, stripe-stand-in.ts).
import Stripe from 'stripe';
import { CardValidationError, CardWebhookSignatureError } from './errors.ts';
import { assertMinorUnits, parseCardCurrency } from './money.ts';
import {
  orderIdMetadataKey,
  type CardPaymentEvent,
  type ConfirmCardPaymentParameters,
  type CreateCardPaymentParameters,
  type PaymentProcessor,
  type RefundCardPaymentParameters,
} from './processor.ts';
import { domainErrorFromStripe, paymentFromIntent, refundFromStripe } from './stripe-mapping.ts';

export type StripeProcessorOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** https://api.stripe.com unless pointed elsewhere. */
  apiUrl: string;
  timeoutMs?: number;
  /** Retries on network errors and 409/5xx, made safe by idempotency keys (stripe's default: 1). */
  maxNetworkRetries?: number;
};

/** Expanded so that a payment carries brand, last 4 and the amount refunded. */
const expand = ['payment_method', 'latest_charge'];

const paymentEvents: Record<string, Extract<CardPaymentEvent, { payment: unknown }>['type']> = {
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.requires_action': 'payment.requires_action',
  'payment_intent.processing': 'payment.processing',
  'payment_intent.canceled': 'payment.canceled',
};

/**
 * The Stripe processor.
 *
 * @example
 * const processor = createStripeCardProcessor({ secretKey, publishableKey, webhookSecret, apiUrl: 'https://api.stripe.com' });
 * const payment = await processor.createPayment({ amount: 1234, currency: 'usd', orderId, idempotencyKey });
 * // payment.clientSecret goes to the Payment Element on the checkout page.
 */
export function createStripeCardProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? 30_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: 'Keepsake' },
  });
  const test = options.secretKey.includes('_test_');

  async function call<T>(paymentId: string | undefined, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw domainErrorFromStripe(error, paymentId);
    }
  }

  async function retrievePayment(paymentId: string) {
    return paymentFromIntent(await call(paymentId, () => stripe.paymentIntents.retrieve(paymentId, { expand })));
  }

  return {
    retrievePayment,
    info: { name: 'stripe', test, label: test ? 'Stripe (test mode): no real money moves' : 'Stripe', publishableKey: options.publishableKey },

    async createPayment(parameters: CreateCardPaymentParameters) {
      assertMinorUnits(parameters.amount);
      const currency = parseCardCurrency(parameters.currency);
      const intent = await call(undefined, () =>
        stripe.paymentIntents.create(
          {
            amount: parameters.amount,
            currency,
            allowed_payment_method_types: ['card'],
            metadata: { ...parameters.metadata, [orderIdMetadataKey]: parameters.orderId },
            ...(parameters.description ? { description: parameters.description } : {}),
            ...(parameters.receiptEmail ? { receipt_email: parameters.receiptEmail } : {}),
          },
          { idempotencyKey: parameters.idempotencyKey },
        ),
      );
      return paymentFromIntent(intent);
    },

    async confirmPayment(paymentId: string, parameters: ConfirmCardPaymentParameters) {
      if ('card' in parameters) {
        throw new CardValidationError('number', 'incorrect_number', 'Stripe takes card details only through its Payment Element: send the payment method id.');
      }
      if ('authentication' in parameters) throw new CardValidationError('number', 'incorrect_number', 'Stripe handles authentication in its Payment Element.');
      const body: Stripe.PaymentIntentConfirmParams = { expand };
      if ('paymentMethod' in parameters) {
        body.payment_method = parameters.paymentMethod;
        if (parameters.returnUrl) body.return_url = parameters.returnUrl;
      }
      try {
        return paymentFromIntent(await stripe.paymentIntents.confirm(paymentId, body));
      } catch (error) {
        // A decline answers 402 card_error carrying the PaymentIntent, back in requires_payment_method.
        const declined = error instanceof Stripe.errors.StripeCardError ? error.payment_intent : undefined;
        if (declined) return paymentFromIntent(declined);
        if (error instanceof Stripe.errors.StripeCardError) return retrievePayment(paymentId);
        throw domainErrorFromStripe(error, paymentId);
      }
    },

    async refundPayment(paymentId: string, parameters: RefundCardPaymentParameters) {
      if (parameters.amount !== undefined) assertMinorUnits(parameters.amount, 'refund amount');
      const refund = await call(paymentId, () =>
        stripe.refunds.create(
          {
            payment_intent: paymentId,
            ...(parameters.amount !== undefined ? { amount: parameters.amount } : {}),
            ...(parameters.reason ? { reason: parameters.reason } : {}),
            ...(parameters.metadata ? { metadata: parameters.metadata } : {}),
          },
          { idempotencyKey: parameters.idempotencyKey },
        ),
      );
      return refundFromStripe(refund, !test);
    },

    parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): CardPaymentEvent {
      if (!signatureHeader) throw new CardWebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new CardWebhookSignatureError(`The Stripe webhook signature does not verify: ${(error as Error).message}`);
      }
      const eventTest = !event.livemode;
      const paymentType = paymentEvents[event.type];
      if (paymentType) return { id: event.id, type: paymentType, test: eventTest, payment: paymentFromIntent(event.data.object as Stripe.PaymentIntent) };
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentIntent = charge.payment_intent;
        return {
          id: event.id,
          type: 'payment.refunded',
          test: eventTest,
          paymentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? ''),
          amountRefunded: charge.amount_refunded,
          currency: parseCardCurrency(charge.currency),
        };
      }
      return { id: event.id, type: 'ignored', test: eventTest, processorType: event.type };
    },
  };
}
