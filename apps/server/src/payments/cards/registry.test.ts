import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { CardPaymentsDisabledError } from './errors.ts';
import { createCardProcessor } from './registry.ts';

const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
const production = { NODE_ENV: 'production', KEEPSAKE_DEVNET: 'false' };
const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/tmp');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('card processor choice', () => {
  it('is the built-in test processor by default in dev mode, labelled test', () => {
    const config = loadConfig({}, '/tmp');
    expect(config.cards).toEqual({ processor: 'test', allowTestProcessorInProduction: false, stripe: undefined });
    const { processor, enabled } = createCardProcessor(config);
    expect(enabled).toBe(true);
    expect(processor.info).toMatchObject({ name: 'test', test: true, label: expect.stringMatching(/test/i) });
  });

  it('is Stripe when a Stripe key is set, with STRIPE_API_URL for the host', () => {
    const config = loadConfig({ ...stripeEnv, STRIPE_API_URL: 'http://127.0.0.1:12111/' }, '/tmp');
    expect(config.cards.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(createCardProcessor(config).processor.info).toEqual({
      name: 'stripe',
      test: true,
      label: 'Stripe (test mode): no real money moves',
      publishableKey: 'pk_test_abc123',
    });
    expect(createCardProcessor(loadConfig({ ...stripeEnv, KEEPSAKE_CARD_PROCESSOR: 'test' }, '/tmp')).processor.info.name).toBe('test');
  });

  it('never runs the test processor in production mode unless the operator allows it', async () => {
    // No Stripe, no flag: card payments are off, and say how to turn them on.
    const off = loadConfig(production, '/tmp');
    expect(off.cards.processor).toBe('none');
    const { processor, enabled } = createCardProcessor(off);
    expect(enabled).toBe(false);
    expect(processor.info.name).toBe('none');
    await expect(processor.createPayment({ amount: 100, currency: 'usd', orderId: 'o', idempotencyKey: 'k' })).rejects.toBeInstanceOf(
      CardPaymentsDisabledError,
    );
    // Asking for it explicitly is a configuration error that names the flag.
    expect(configError({ ...production, KEEPSAKE_CARD_PROCESSOR: 'test' })).toMatch(
      /KEEPSAKE_CARD_PROCESSOR: the built-in test card processor .* KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR=true/,
    );
    // A hand-built config cannot slip past either.
    expect(() => createCardProcessor({ devMode: false, cards: { processor: 'test', allowTestProcessorInProduction: false, stripe: undefined } })).toThrow(
      /KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR/,
    );
    // With the flag, it runs, still labelled test.
    const allowed = loadConfig({ ...production, KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: 'true' }, '/tmp');
    expect(allowed.cards.processor).toBe('test');
    expect(createCardProcessor(allowed).processor.info.test).toBe(true);
    // Stripe in production needs no flag.
    expect(loadConfig({ ...production, ...stripeEnv }, '/tmp').cards.processor).toBe('stripe');
  });

  it('refuses a half-configured or mismatched Stripe with a message naming the variables', () => {
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toMatch(
      /STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(configError({ ...stripeEnv, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' })).toMatch(/same mode/);
    expect(configError({ KEEPSAKE_CARD_PROCESSOR: 'stripe' })).toMatch(/STRIPE_SECRET_KEY: required when KEEPSAKE_CARD_PROCESSOR=stripe/);
    expect(configError({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toMatch(/STRIPE_SECRET_KEY: expected a Stripe secret/);
    expect(configError({ KEEPSAKE_CARD_PROCESSOR: 'paypal' })).toMatch(/KEEPSAKE_CARD_PROCESSOR: expected test or stripe/);
    expect(configError({ KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: 'yes' })).toMatch(/KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: expected true, false, 1 or 0/);
  });
});
