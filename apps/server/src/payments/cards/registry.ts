// Which card processor this Keepsake uses (docs/card-payments.md, docs/decisions/102): Stripe when configured,
// the built-in test processor otherwise, and none in production mode unless the operator allows the test one.
import type { Config } from '../../config.ts';
import { CardPaymentsDisabledError } from './errors.ts';
import type { PaymentProcessor } from './processor.ts';
import { createStripeCardProcessor } from './stripe-processor.ts';
import { createTestCardProcessor, type TestPaymentStore } from './test-processor.ts';

/** Stands in when card payments are off: every call refuses with CardPaymentsDisabledError (503). */
function disabledProcessor(): PaymentProcessor {
  const refuse = () => {
    throw new CardPaymentsDisabledError();
  };
  return {
    info: { name: 'none', test: false, label: 'Card payments are not configured', publishableKey: undefined },
    createPayment: () => Promise.reject(new CardPaymentsDisabledError()),
    confirmPayment: () => Promise.reject(new CardPaymentsDisabledError()),
    retrievePayment: () => Promise.reject(new CardPaymentsDisabledError()),
    refundPayment: () => Promise.reject(new CardPaymentsDisabledError()),
    parseWebhook: refuse,
  };
}

export type CardProcessorChoice = { processor: PaymentProcessor; enabled: boolean };

/**
 * The configured card processor. The test processor is refused in production mode without
 * KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR, here as well as in loadConfig, so that no hand-built config slips past.
 *
 * @example
 * const { processor, enabled } = createCardProcessor(config);
 */
export function createCardProcessor(config: Pick<Config, 'devMode' | 'cards'>, options: { testStore?: TestPaymentStore } = {}): CardProcessorChoice {
  const { cards } = config;
  if (cards.processor === 'stripe' && cards.stripe) return { processor: createStripeCardProcessor(cards.stripe), enabled: true };
  if (cards.processor === 'test') {
    if (!config.devMode && !cards.allowTestProcessorInProduction) {
      throw new Error('The built-in test card processor does not run in production mode without KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR=true.');
    }
    return { processor: createTestCardProcessor({ store: options.testStore }), enabled: true };
  }
  return { processor: disabledProcessor(), enabled: false };
}
