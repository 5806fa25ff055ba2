// The Stripe adapter against a local stand-in answering Stripe's documented shapes (stripe-stand-in.ts), through
// the official `stripe` package pointed at it: PaymentIntents, declines, 3-D Secure, refunds, errors, webhooks.
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CardIdempotencyKeyReusedError,
  CardPaymentNotFoundError,
  CardPaymentStateError,
  CardProcessorUnavailableError,
  CardRefundAmountError,
  CardValidationError,
  CardWebhookSignatureError,
} from './errors.ts';
import type { PaymentProcessor } from './processor.ts';
import { createStripeCardProcessor } from './stripe-processor.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

const secretKey = 'sk_test_standin0123456789';
const webhookSecret = 'whsec_standin0123456789';
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let processor: PaymentProcessor;
const key = () => crypto.randomUUID();

beforeEach(async () => {
  standIn = await startStripeStandIn(secretKey);
  processor = createStripeCardProcessor({ secretKey, publishableKey: 'pk_test_standin', webhookSecret, apiUrl: standIn.url, maxNetworkRetries: 0 });
});
afterEach(() => standIn.close());

const create = (amount = 1234, currency = 'usd', idempotencyKey = key()) =>
  processor.createPayment({ amount, currency, orderId: 'order-7', idempotencyKey, metadata: { collection: 'c-1' } });

describe('Stripe card processor', () => {
  it('creates a PaymentIntent in minor units with the order id in metadata and the idempotency key as a header', async () => {
    const idempotencyKey = key();
    const payment = await create(1500, 'JPY', idempotencyKey);
    expect(payment).toMatchObject({
      processor: 'stripe',
      test: true,
      status: 'requires_payment_method',
      amount: 1500,
      currency: 'jpy',
      orderId: 'order-7',
      metadata: { collection: 'c-1', keepsake_order_id: 'order-7' },
    });
    expect(payment.clientSecret).toMatch(/^pi_.+_secret_/);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/payment_intents' });
    expect(request!.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request!.headers['idempotency-key']).toBe(idempotencyKey);
    const form = Object.fromEntries(new URLSearchParams(request!.body));
    expect(form).toMatchObject({ amount: '1500', currency: 'jpy', 'metadata[keepsake_order_id]': 'order-7', 'allowed_payment_method_types[0]': 'card' });
    expect(processor.info).toEqual({ name: 'stripe', test: true, label: 'Stripe (test mode): no real money moves', publishableKey: 'pk_test_standin' });
  });

  it('replays a payment for the same idempotency key and refuses the key with other parameters', async () => {
    const idempotencyKey = key();
    const first = await create(1000, 'usd', idempotencyKey);
    expect((await create(1000, 'usd', idempotencyKey)).id).toBe(first.id);
    await expect(create(1001, 'usd', idempotencyKey)).rejects.toBeInstanceOf(CardIdempotencyKeyReusedError);
    expect(standIn.intents.size).toBe(1);
  });

  it('confirms with a payment method and reports brand and last 4 from the expanded payment method', async () => {
    const payment = await create();
    const paid = await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 1234, card: { brand: 'visa', last4: '4242' }, lastFailure: undefined });
    expect(new URLSearchParams(standIn.requests.at(-1)!.body).getAll('expand[0]')).toEqual(['payment_method']);
    expect(await processor.retrievePayment(payment.id)).toMatchObject({ status: 'succeeded', card: { last4: '4242' }, amountRefunded: 0 });
  });

  it('turns a 402 card_error into the payment back in requires_payment_method, with the decline code', async () => {
    const payment = await create();
    const declined = await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa_chargeDeclined' });
    expect(declined).toMatchObject({ status: 'requires_payment_method', lastFailure: { code: 'card_declined', declineCode: 'generic_decline' } });
    const poor = await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa_chargeDeclinedInsufficientFunds' });
    expect(poor.lastFailure).toEqual({ code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_mastercard' })).toMatchObject({ status: 'succeeded', lastFailure: undefined });
  });

  it('answers requires_action for 3-D Secure, with the redirect when a return URL is given, then succeeds on confirm', async () => {
    const payment = await create();
    const pending = await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_threeDSecure2Required', returnUrl: 'https://shop.example/return' });
    expect(pending).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'redirect_to_url', url: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//) },
    });
    const sdk = await processor.confirmPayment((await create()).id, { paymentMethod: 'pm_card_threeDSecure2Required' });
    expect(sdk.nextAction).toEqual({ type: 'use_stripe_sdk' });
    expect(await processor.confirmPayment(payment.id, {})).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '3220' } });
  });

  it('never sends raw card details to Stripe', async () => {
    const payment = await create();
    const before = standIn.requests.length;
    await expect(processor.confirmPayment(payment.id, { card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' } })).rejects.toBeInstanceOf(
      CardValidationError,
    );
    expect(standIn.requests).toHaveLength(before);
  });

  it('refunds in part and in full, and maps Stripe’s refusals to domain errors', async () => {
    const payment = await create(1000);
    await expect(processor.refundPayment(payment.id, { idempotencyKey: key() })).rejects.toThrow(/does not have a successful charge/);
    await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' });
    const part = await processor.refundPayment(payment.id, { amount: 300, idempotencyKey: key(), reason: 'requested_by_customer' });
    expect(part).toMatchObject({ paymentId: payment.id, amount: 300, currency: 'usd', status: 'succeeded', test: true });
    expect(Object.fromEntries(new URLSearchParams(standIn.requests.at(-1)!.body))).toEqual({
      payment_intent: payment.id,
      amount: '300',
      reason: 'requested_by_customer',
    });
    await expect(processor.refundPayment(payment.id, { amount: 800, idempotencyKey: key() })).rejects.toBeInstanceOf(CardRefundAmountError);
    expect((await processor.refundPayment(payment.id, { idempotencyKey: key() })).amount).toBe(700);
    expect((await processor.retrievePayment(payment.id)).amountRefunded).toBe(1000);
    await expect(processor.refundPayment(payment.id, { idempotencyKey: key() })).rejects.toBeInstanceOf(CardPaymentStateError);
  });

  it('maps a missing payment, a paid payment confirmed again, a wrong key and an unreachable Stripe', async () => {
    await expect(processor.retrievePayment('pi_missing')).rejects.toBeInstanceOf(CardPaymentNotFoundError);
    const payment = await create();
    await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' });
    await expect(processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' })).rejects.toBeInstanceOf(CardPaymentStateError);
    const wrongKey = createStripeCardProcessor({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk_test_x',
      webhookSecret,
      apiUrl: standIn.url,
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.retrievePayment(payment.id)).rejects.toThrow(/refused Keepsake’s credentials/);
    const unreachable = createStripeCardProcessor({
      secretKey,
      publishableKey: 'pk_test_x',
      webhookSecret,
      apiUrl: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    await expect(unreachable.retrievePayment(payment.id)).rejects.toBeInstanceOf(CardProcessorUnavailableError);
  });

  describe('webhooks', () => {
    const stripe = new Stripe('sk_test_unused');
    const event = (type: string, object: Record<string, unknown>, livemode = false) =>
      JSON.stringify({ id: `evt_${type}`, object: 'event', type, livemode, created: 1_764_000_000, api_version: Stripe.API_VERSION, data: { object } });
    const sign = (payload: string, secret = webhookSecret) => stripe.webhooks.generateTestHeaderString({ payload, secret });

    it('verifies Stripe’s signature and normalises payment and refund events', async () => {
      const payment = await create();
      await processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' });
      const intent = standIn.intents.get(payment.id)!;
      const succeeded = event('payment_intent.succeeded', intent);
      expect(processor.parseWebhook(succeeded, sign(succeeded))).toMatchObject({
        id: 'evt_payment_intent.succeeded',
        type: 'payment.succeeded',
        test: true,
        payment: { id: payment.id, status: 'succeeded', orderId: 'order-7', amount: 1234 },
      });
      const failed = event('payment_intent.payment_failed', {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      });
      expect(processor.parseWebhook(Buffer.from(failed), sign(failed))).toMatchObject({
        type: 'payment.failed',
        payment: { lastFailure: { declineCode: 'insufficient_funds' } },
      });
      const refunded = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: payment.id, amount_refunded: 500, currency: 'usd' }, true);
      expect(processor.parseWebhook(refunded, sign(refunded))).toEqual({
        id: 'evt_charge.refunded',
        type: 'payment.refunded',
        test: false,
        paymentId: payment.id,
        amountRefunded: 500,
        currency: 'usd',
      });
      const other = event('customer.created', { id: 'cus_1', object: 'customer' });
      expect(processor.parseWebhook(other, sign(other))).toEqual({
        id: 'evt_customer.created',
        type: 'ignored',
        test: true,
        processorType: 'customer.created',
      });
    });

    it('refuses a tampered body, another secret, a stale timestamp and a missing header', () => {
      const payload = event('payment_intent.succeeded', {
        id: 'pi_1',
        object: 'payment_intent',
        amount: 100,
        currency: 'usd',
        status: 'succeeded',
        metadata: {},
      });
      const header = sign(payload);
      expect(() => processor.parseWebhook(payload.replace('"amount":100', '"amount":1'), header)).toThrow(CardWebhookSignatureError);
      expect(() => processor.parseWebhook(payload, sign(payload, 'whsec_other'))).toThrow(/signature does not verify/);
      const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
      expect(() => processor.parseWebhook(payload, stale)).toThrow(CardWebhookSignatureError);
      expect(() => processor.parseWebhook(payload, undefined)).toThrow(/Stripe-Signature header is missing/);
    });
  });
});
