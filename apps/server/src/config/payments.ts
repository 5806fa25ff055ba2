// Checkout: the card processor (the built-in test processor or Stripe), exchange rates, quotes, and the crypto
// payment watcher's confirmations and interval.
import { evmChains } from '@keepsake/chains/blockchains';
import { chainEnvPrefix } from '@keepsake/chains/config';
import { z } from 'zod';
import { booleanString, ConfigError } from './env.ts';

/** Blocks a crypto payment needs, its own included (ADR 106). */
const confirmations = z.coerce.number({ message: 'expected a number of blocks' }).int().min(1).max(1_000);
const confirmationsVariable = (chain: string) => `${chainEnvPrefix(chain as (typeof evmChains)[number])}_CONFIRMATIONS`;

export const paymentsEnv = z.object({
  /** Unset: stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test processor (docs/card-payments.md). */
  KEEPSAKE_CARD_PROCESSOR: z.enum(['test', 'stripe'], { message: 'expected test or stripe' }).optional(),
  KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: booleanString.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { message: 'expected a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, { message: 'expected a Stripe publishable key (pk_test_… or pk_live_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, { message: 'expected a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL' }).default('https://api.stripe.com'),
  PRICE_SOURCE: z.enum(['embedded', 'coinbase'], { message: 'expected embedded or coinbase' }).default('embedded'),
  PRICE_SOURCE_URL: z
    .url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://api.coinbase.com' })
    .default('https://api.coinbase.com'),
  ORDER_QUOTE_TTL_SECONDS: z.coerce.number({ message: 'expected a number of seconds' }).int().min(1).max(86_400).default(600),
  CHECKOUT_CONFIRMATIONS: confirmations.optional(),
  // CHAIN_<NAME>_CONFIRMATIONS: one chain's own number, over CHECKOUT_CONFIRMATIONS (the embedded devnet has no RPC
  // URL, so unlike CHAIN_<NAME>_PAYMENTS_CONTRACT it needs none).
  ...Object.fromEntries(evmChains.map((chain) => [confirmationsVariable(chain), confirmations.optional()])),
  CHECKOUT_WATCH_INTERVAL_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(50).max(600_000).default(500),
});

type PaymentsEnv = z.output<typeof paymentsEnv>;

export type PaymentsConfig = {
  /** Exchange rates for checkout (issue 14): the embedded dev rates, or Coinbase's public exchange-rates API. */
  prices: { source: 'embedded' } | { source: 'coinbase'; url: string; timeoutMs: number };
  /** How long an order's quote holds before the order goes back to the quote phase (ADR 100). */
  checkout: { quoteTtlMs: number };
  /**
   * The crypto payment watcher (ADR 106): how many blocks make a payment final (undefined: 1 on a local chain, 3
   * elsewhere) and how often each chain's payment contract is read.
   */
  cryptoPayments: {
    /** CHECKOUT_CONFIRMATIONS; undefined: 1 on a local chain, 3 elsewhere. */
    confirmations: number | undefined;
    /** CHAIN_<NAME>_CONFIRMATIONS by chain name, over `confirmations`. */
    confirmationsByChain: Record<string, number>;
    watchIntervalMs: number;
  };
  /**
   * Card payments (docs/card-payments.md): the built-in test processor, Stripe, or none (production mode with no
   * Stripe key and no KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR: the test processor never runs there unasked).
   */
  cards: {
    processor: 'test' | 'stripe' | 'none';
    allowTestProcessorInProduction: boolean;
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string } | undefined;
  };
};

/**
 * Blocks a crypto payment on `chain` needs before the watcher counts it (ADR 106): the chain's own
 * CHAIN_<NAME>_CONFIRMATIONS, else CHECKOUT_CONFIRMATIONS, else 1 on a local chain and 3 elsewhere.
 */
export function checkoutConfirmations(settings: PaymentsConfig['cryptoPayments'], chain: string, local: boolean): number {
  return settings.confirmationsByChain[chain] ?? settings.confirmations ?? (local ? 1 : 3);
}

/** @throws ConfigError for a half-configured Stripe or a test processor asked for in production. */
export function paymentsConfig(e: PaymentsEnv, devMode: boolean): PaymentsConfig {
  return {
    cards: cardConfig(e, devMode),
    prices: e.PRICE_SOURCE === 'coinbase' ? { source: 'coinbase', url: e.PRICE_SOURCE_URL.replace(/\/+$/, ''), timeoutMs: 5_000 } : { source: 'embedded' },
    checkout: { quoteTtlMs: e.ORDER_QUOTE_TTL_SECONDS * 1000 },
    cryptoPayments: {
      confirmations: e.CHECKOUT_CONFIRMATIONS,
      confirmationsByChain: Object.fromEntries(
        evmChains.flatMap((chain) => {
          const value = (e as Record<string, unknown>)[confirmationsVariable(chain)];
          return typeof value === 'number' ? [[chain, value]] : [];
        }),
      ),
      watchIntervalMs: e.CHECKOUT_WATCH_INTERVAL_MS,
    },
  };
}

/** The card processor from the environment; a ConfigError for a half-configured Stripe or a test processor asked for in production. */
function cardConfig(e: PaymentsEnv, devMode: boolean): PaymentsConfig['cards'] {
  const fail = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  let stripe: PaymentsConfig['cards']['stripe'];
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
      throw fail('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
    }
    if (e.STRIPE_SECRET_KEY.includes('_test_') !== e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_')) {
      throw fail('STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY');
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
    };
  }
  if (e.KEEPSAKE_CARD_PROCESSOR === 'stripe' && !stripe) throw fail('STRIPE_SECRET_KEY: required when KEEPSAKE_CARD_PROCESSOR=stripe');
  const allowTest = devMode || e.KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR;
  if (e.KEEPSAKE_CARD_PROCESSOR === 'test' && !allowTest) {
    throw fail(
      'KEEPSAKE_CARD_PROCESSOR: the built-in test card processor moves no real money and does not run in production mode; set KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR=true to run it anyway (every payment is marked test), or configure Stripe',
    );
  }
  const processor = e.KEEPSAKE_CARD_PROCESSOR ?? (stripe ? 'stripe' : allowTest ? 'test' : 'none');
  return { processor, allowTestProcessorInProduction: e.KEEPSAKE_ALLOW_TEST_CARD_PROCESSOR, stripe };
}
