import { describe, expect, it } from 'vitest';
import { CardIdempotencyKeyReusedError, CardPaymentNotFoundError, CardPaymentStateError, CardRefundAmountError, CardValidationError } from './errors.ts';
import { createTestCardProcessor, testProcessorLabel } from './test-processor.ts';

const now = () => new Date('2026-11-25T12:00:00Z');
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
const key = () => crypto.randomUUID();

async function paymentFor(processor = createTestCardProcessor({ now }), amount = 1234, currency = 'usd') {
  const payment = await processor.createPayment({ amount, currency, orderId: 'order-1', idempotencyKey: key() });
  return { processor, payment };
}

describe('the built-in test card processor', () => {
  it('is labelled as test everywhere: its info, every payment and every refund', async () => {
    const { processor, payment } = await paymentFor();
    expect(processor.info).toEqual({ name: 'test', test: true, label: testProcessorLabel, publishableKey: undefined });
    expect(testProcessorLabel).toMatch(/test.*no real money/i);
    expect(payment).toMatchObject({ processor: 'test', test: true, status: 'requires_payment_method', amount: 1234, currency: 'usd', orderId: 'order-1' });
    expect(payment.id).toMatch(/^test_pi_/);
    expect(payment.metadata).toEqual({ keepsake_order_id: 'order-1' });
    const paid = await processor.confirmPayment(payment.id, { card: card('4242 4242 4242 4242') });
    const refund = await processor.refundPayment(paid.id, { idempotencyKey: key() });
    expect(refund.test).toBe(true);
  });

  it('4242 4242 4242 4242 succeeds, keeping only brand and last 4', async () => {
    const { processor, payment } = await paymentFor();
    const paid = await processor.confirmPayment(payment.id, { card: card('4242 4242 4242 4242') });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 1234, card: { brand: 'visa', last4: '4242' }, lastFailure: undefined });
    expect(JSON.stringify(await processor.retrievePayment(payment.id))).not.toMatch(/4242424242|4242 4242 4242/);
  });

  it('4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds; another card may then be tried', async () => {
    const { processor, payment } = await paymentFor();
    const declined = await processor.confirmPayment(payment.id, { card: card('4000 0000 0000 0002') });
    expect(declined).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, card: { brand: 'visa', last4: '0002' } });
    expect(declined.lastFailure).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });
    const poor = await processor.confirmPayment(payment.id, { card: card('4000000000009995') });
    expect(poor.lastFailure).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds', message: expect.stringMatching(/insufficient funds/) });
    const paid = await processor.confirmPayment(payment.id, { card: card('5555 5555 5555 4444') });
    expect(paid).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' }, lastFailure: undefined });
  });

  it('4000 0027 6000 3184 needs a confirmation step: requires_action, then approve succeeds or deny fails', async () => {
    const { processor, payment } = await paymentFor();
    const pending = await processor.confirmPayment(payment.id, { card: card('4000 0027 6000 3184') });
    expect(pending).toMatchObject({ status: 'requires_action', nextAction: { type: 'test_authentication' }, amountReceived: 0 });
    await expect(processor.refundPayment(payment.id, { idempotencyKey: key() })).rejects.toBeInstanceOf(CardPaymentStateError);
    expect(await processor.confirmPayment(payment.id, { authentication: 'approve' })).toMatchObject({
      status: 'succeeded',
      nextAction: undefined,
      amountReceived: 1234,
    });

    const other = await paymentFor(processor);
    await processor.confirmPayment(other.payment.id, { card: card('4000002760003184') });
    const denied = await processor.confirmPayment(other.payment.id, { authentication: 'deny' });
    expect(denied).toMatchObject({ status: 'requires_payment_method', lastFailure: { code: 'payment_intent_authentication_failure' } });
    await expect(processor.confirmPayment(other.payment.id, { authentication: 'approve' })).rejects.toThrow(/awaits no authentication/);
  });

  it('refuses a real (non-test) card, invalid details and a payment method id with clear errors', async () => {
    const { processor, payment } = await paymentFor();
    // A Luhn-valid number that is not a test card.
    await expect(processor.confirmPayment(payment.id, { card: card('4111 1111 1111 1111') })).rejects.toThrow(/use a test card such as 4242/);
    await expect(processor.confirmPayment(payment.id, { card: card('4242 4242 4242 4241') })).rejects.toBeInstanceOf(CardValidationError);
    await expect(processor.confirmPayment(payment.id, { paymentMethod: 'pm_card_visa' })).rejects.toThrow(/send card, not a payment method/);
    expect((await processor.retrievePayment(payment.id)).status).toBe('requires_payment_method');
  });

  it('refunds in part and in full, never more than was paid, and replays a refund for the same idempotency key', async () => {
    const { processor, payment } = await paymentFor(undefined, 1500, 'jpy');
    await processor.confirmPayment(payment.id, { card: card('4242424242424242') });
    const refundKey = key();
    const part = await processor.refundPayment(payment.id, { amount: 500, idempotencyKey: refundKey });
    expect(part).toMatchObject({ paymentId: payment.id, amount: 500, currency: 'jpy', status: 'succeeded' });
    expect(await processor.refundPayment(payment.id, { amount: 500, idempotencyKey: refundKey })).toEqual(part);
    await expect(processor.refundPayment(payment.id, { amount: 600, idempotencyKey: refundKey })).rejects.toBeInstanceOf(CardIdempotencyKeyReusedError);
    await expect(processor.refundPayment(payment.id, { amount: 1001, idempotencyKey: key() })).rejects.toBeInstanceOf(CardRefundAmountError);
    await expect(processor.refundPayment(payment.id, { amount: 0.5, idempotencyKey: key() })).rejects.toThrow(/whole number of minor units/);
    const rest = await processor.refundPayment(payment.id, { idempotencyKey: key() });
    expect(rest.amount).toBe(1000);
    expect((await processor.retrievePayment(payment.id)).amountRefunded).toBe(1500);
    await expect(processor.refundPayment(payment.id, { idempotencyKey: key() })).rejects.toThrow(/already refunded in full/);
  });

  it('answers the same payment for a repeated idempotency key and refuses the key with other parameters', async () => {
    const processor = createTestCardProcessor({ now });
    const idempotencyKey = key();
    const first = await processor.createPayment({ amount: 1000, currency: 'eur', orderId: 'o', idempotencyKey });
    expect((await processor.createPayment({ amount: 1000, currency: 'EUR', orderId: 'o', idempotencyKey })).id).toBe(first.id);
    await expect(processor.createPayment({ amount: 1001, currency: 'eur', orderId: 'o', idempotencyKey })).rejects.toBeInstanceOf(
      CardIdempotencyKeyReusedError,
    );
  });

  it('refuses float amounts, unknown currencies, unknown payments and webhooks', async () => {
    const processor = createTestCardProcessor({ now });
    await expect(processor.createPayment({ amount: 12.34, currency: 'usd', orderId: 'o', idempotencyKey: key() })).rejects.toThrow(
      /whole number of minor units/,
    );
    await expect(processor.createPayment({ amount: 100, currency: 'xyz', orderId: 'o', idempotencyKey: key() })).rejects.toThrow(/not supported/);
    await expect(processor.retrievePayment('test_pi_nope')).rejects.toBeInstanceOf(CardPaymentNotFoundError);
    expect(() => processor.parseWebhook('{}', 't=1,v1=x')).toThrow(/sends no webhooks/);
  });
});
