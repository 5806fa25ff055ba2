// The Orders API (/api/2022-06-09/orders; issue 14 items 3–6), in the established NFT-checkout shapes so that an
// integration written for the incumbent works by changing its base URL and key.
import { z } from 'zod';
import { emailSchema, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../common.ts';
import { currencySchema, decimalAmountSchema, maxQuantityPerOrder } from './collection-payments.ts';

export const orderPhases = ['quote', 'payment', 'delivery', 'completed'] as const;
export const quoteStatuses = ['valid', 'expired', 'requires-recipient', 'item-unavailable'] as const;
export const paymentStatuses = [
  'requires-quote',
  'requires-crypto-payer-address',
  'requires-email',
  'crypto-payer-insufficient-funds',
  'crypto-payer-insufficient-funds-for-gas',
  'awaiting-payment',
  'in-progress',
  'completed',
  'failed',
] as const;
export const deliveryStatuses = ['awaiting-payment', 'in-progress', 'completed', 'failed'] as const;

const addressMessage = 'must be an EVM address (0x followed by 40 hex digits)';
const address = (name: string) => z.string({ message: `${name} ${addressMessage}` }).regex(/^0x[0-9a-fA-F]{40}$/, `${name} ${addressMessage}`);

/** `crossmint:<collectionId>[:<templateId>]` or `keepsake:<collectionId>[:<templateId>]`. */
export const collectionLocatorPattern = /^(crossmint|keepsake):([0-9a-fA-F-]{36})(?::([0-9a-fA-F-]{36}))?$/;
const locatorMessage = 'collectionLocator must be crossmint:<collectionId>[:<templateId>] or keepsake:<collectionId>[:<templateId>]';

const lineItemInput = z.object({
  collectionLocator: z.string({ message: locatorMessage }).regex(collectionLocatorPattern, locatorMessage),
  callData: z
    .object({
      quantity: z
        .number({ message: 'callData.quantity must be a whole number' })
        .int('callData.quantity must be a whole number')
        .min(1, 'callData.quantity must be at least 1')
        .max(maxQuantityPerOrder, `callData.quantity must be at most ${maxQuantityPerOrder} (the multi-purchase limit)`)
        .default(1),
      totalPrice: decimalAmountSchema.optional().meta({ description: 'The most the buyer agrees to pay for this line, in the payment currency' }),
    })
    .default({ quantity: 1 }),
});

export const orderRecipientInput = z.union(
  [z.object({ email: emailSchema }).strict(), z.object({ walletAddress: address('recipient.walletAddress') }).strict()],
  {
    message: 'recipient must be {email} or {walletAddress}',
  },
);

const methodMessage = 'payment.method must be a chain name (such as devnet) for crypto, or card';
export const createOrderBody = z.object({
  recipient: orderRecipientInput.optional(),
  locale: z.string({ message: 'locale must be a string' }).max(20).default('en-US'),
  payment: z.object({
    method: z.string({ message: methodMessage }).regex(/^[a-z0-9-]{2,40}$/, methodMessage),
    currency: currencySchema,
    payerAddress: address('payment.payerAddress').optional(),
    receiptEmail: emailSchema.optional(),
  }),
  lineItems: z.union([lineItemInput, z.array(lineItemInput).min(1, 'lineItems cannot be empty').max(maxQuantityPerOrder)]),
});
export type CreateOrderInput = z.output<typeof createOrderBody>;

/** PATCH: the recipient, payer address, receipt email and locale; `lineItems` cannot change. */
export const updateOrderBody = z
  .object({
    recipient: orderRecipientInput.optional(),
    locale: z.string({ message: 'locale must be a string' }).max(20).optional(),
    payment: z
      .object({ payerAddress: address('payment.payerAddress').optional(), receiptEmail: emailSchema.optional() })
      .strict()
      .optional(),
    lineItems: z.never({ message: 'lineItems cannot change; create a new order instead' }).optional(),
  })
  .refine((body) => body.recipient !== undefined || body.locale !== undefined || body.payment !== undefined, {
    message: 'Send at least one of recipient, payment, locale',
  });
export type UpdateOrderInput = z.output<typeof updateOrderBody>;

const money = z.object({ amount: z.string(), currency: z.string() });

export const orderSchema = z
  .object({
    orderId: z.string(),
    phase: z.enum(orderPhases),
    locale: z.string(),
    lineItems: z.array(
      z.object({
        chain: z.string(),
        quantity: z.number().int(),
        callData: z.object({ quantity: z.number().int(), totalPrice: z.string().optional() }),
        metadata: z.object({ name: z.string(), description: z.string(), imageUrl: z.string().optional(), collection: z.object({ name: z.string() }) }),
        quote: z.object({
          status: z.enum(quoteStatuses),
          charges: z.object({ unit: money, salesTax: money.optional() }),
          totalPrice: money,
        }),
        delivery: z.object({
          status: z.enum(deliveryStatuses),
          recipient: z.object({ locator: z.string(), email: z.string().optional(), walletAddress: z.string().optional() }).optional(),
          tokens: z.array(z.object({ locator: z.string(), contractAddress: z.string(), tokenId: z.string() })),
          txId: z.string().optional(),
        }),
      }),
    ),
    quote: z.object({
      status: z.enum(quoteStatuses),
      quotedAt: z.string(),
      expiresAt: z.string(),
      totalPrice: money,
      charges: z
        .object({ subtotal: money, fees: money, feesPayer: z.string() })
        .meta({ description: 'The fees (§9 tiers and the 0.5 USD crypto flat fee) and who bears them' }),
      devRates: z.boolean().meta({ description: 'True when priced with the embedded dev rates, not market rates' }),
    }),
    payment: z.object({
      status: z.enum(paymentStatuses),
      method: z.string(),
      currency: z.string(),
      test: z.boolean().meta({ description: 'True when no real money moves (the test card processor, Stripe test mode, a local chain)' }),
      payerAddress: z.string().optional(),
      receiptEmail: z.string().optional(),
      preparation: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: "What the buyer's page needs to pay: for cards the processor, its label and, with Stripe, the Payment Element's keys" }),
      failure: z
        .object({ code: z.string(), declineCode: z.string().optional(), message: z.string() })
        .optional()
        .meta({ description: 'Why the last attempt failed (payment status failed); the buyer may try again' }),
      card: z.object({ brand: z.string(), last4: z.string() }).optional(),
      received: money.optional(),
      refunded: money.optional(),
    }),
  })
  .meta({ id: 'Order' });
export type OrderResponse = z.infer<typeof orderSchema>;

export const createOrderResponse = z.object({ clientSecret: z.string(), order: orderSchema });
export const orderParams = z.object({ orderId: uuidSchema });
export const orderListQuery = z.object({
  page: pageQuerySchema,
  perPage: perPageQuerySchema,
  phase: z.enum(orderPhases, { message: `phase must be one of ${orderPhases.join(', ')}` }).optional(),
  collectionId: uuidSchema.optional(),
});
export const orderListResponse = z.object({ results: z.array(orderSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

const cardMessage = 'card must be {number, expMonth, expYear, cvc}';
/**
 * `POST /orders/{orderId}/payment`: pays a card order. The test processor takes the card as typed (never stored:
 * only brand and last 4 are kept) or the answer to its confirmation step; Stripe takes a payment method id from the
 * Payment Element, or nothing to finish a step the Element handled.
 */
export const payOrderBody = z
  .object({
    card: z
      .object(
        {
          number: z.string({ message: 'card.number must be a string' }).max(40, 'card.number is too long'),
          expMonth: z.number({ message: 'card.expMonth must be a whole number' }).int('card.expMonth must be a whole number'),
          expYear: z.number({ message: 'card.expYear must be a whole number' }).int('card.expYear must be a whole number'),
          cvc: z.string({ message: 'card.cvc must be a string' }).max(8, 'card.cvc is too long'),
        },
        { message: cardMessage },
      )
      .strict()
      .optional(),
    authentication: z.enum(['approve', 'deny'], { message: 'authentication must be approve or deny' }).optional(),
    paymentMethod: z
      .string({ message: 'paymentMethod must be a string' })
      .regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'paymentMethod must be a Stripe payment method id (pm_…)')
      .optional(),
  })
  .strict()
  .refine((body) => [body.card, body.authentication, body.paymentMethod].filter((v) => v !== undefined).length <= 1, {
    message: 'Send one of card, authentication or paymentMethod',
  });
export type PayOrderInput = z.output<typeof payOrderBody>;

/** The answer to a Stripe webhook delivery. */
export const stripeWebhookResponse = z.object({ received: z.literal(true), type: z.string() });
