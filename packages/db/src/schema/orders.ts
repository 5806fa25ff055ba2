import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

export type OrderRecipientColumn = { email: string } | { walletAddress: string };
export type OrderPaymentColumn = { method: string; currency: string; payerAddress?: string; receiptEmail?: string };

/** One line of an order, priced when the quote was made; amounts are integer units of the payment currency as decimal strings. */
export type OrderLineItemColumn = {
  collectionId: string;
  templateId?: string;
  /** The locator as the buyer sent it (`crossmint:` or `keepsake:`). */
  collectionLocator: string;
  chain: string;
  quantity: number;
  /** The collection's price of one NFT in the payment currency, and the line's total. */
  unitUnits: string;
  totalUnits: string;
  /** What the buyer's `callData.totalPrice` said, when sent. */
  totalPrice?: string;
  /** The collection's (or template's) name, description and image when the order was made. */
  metadata: { name: string; description: string; imageUrl?: string; collection: { name: string } };
  /** Set when the collection can no longer be sold (not for sale, not deployed): the quote's `item-unavailable`. */
  unavailable?: string;
};

/** The quote: integer units of `currency` (`decimals` of them per unit), fees included per `feesPayer`. */
export type OrderQuoteColumn = {
  currency: string;
  decimals: number;
  subtotalUnits: string;
  feeUnits: string;
  totalUnits: string;
  /** What the seller receives: the subtotal less the fees they bear. */
  sellerNetUnits: string;
  feesPayer: 'buyer' | 'seller' | 'buyer-subtract';
  feePercent: number;
  /** The rates' source, and whether they were dev rates. */
  rates: { source: string; dev: boolean };
};

export type OrderPaymentFailureColumn = { code: string; declineCode?: string; message: string };
export type OrderCardPaymentColumn = { processor: string; paymentId: string; quotedAt: string; test: boolean };
/** A line's delivery: `nftIds` are the mints keyed by order and line, so a retry never mints twice. */
export type OrderDeliveryColumn = {
  status: 'in-progress' | 'completed' | 'failed';
  nftIds: string[];
  tokens: Array<{ contractAddress: string; tokenId: string }>;
  txId?: string;
  error?: string;
};

/**
 * Checkout orders (issue 14). The client secret is stored as its SHA-256 only. The quote is priced at creation (and
 * again on a PATCH once expired); `quote_expires_at` decides whether it is still valid when the order is read.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clientSecretHash: text('client_secret_hash').notNull(),
    locale: text('locale').notNull(),
    recipient: jsonb('recipient').$type<OrderRecipientColumn>(),
    payment: jsonb('payment').$type<OrderPaymentColumn>().notNull(),
    lineItems: jsonb('line_items').$type<OrderLineItemColumn[]>().notNull(),
    quote: jsonb('quote').$type<OrderQuoteColumn>().notNull(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull(),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }).notNull(),
    requestHash: text('request_hash').notNull(),
    /** Settlement (ADR 105): null until money arrived; `in-progress` (a card awaiting its confirmation step), `completed`, `failed`. */
    paymentStatus: text('payment_status').$type<'in-progress' | 'completed' | 'failed'>(),
    /** Why the last payment attempt failed (a decline's message for the buyer). */
    paymentFailure: jsonb('payment_failure').$type<OrderPaymentFailureColumn>(),
    /** The card processor's payment for the current quote, and the quote it was made for. */
    cardPayment: jsonb('card_payment').$type<OrderCardPaymentColumn>(),
    /** Null until paid; then `delivery` until every line reached a final state, then `completed`. */
    settledPhase: text('settled_phase').$type<'delivery' | 'completed'>(),
    /** One entry per line item once paid: the mints that deliver it (ids derived from order and line) and their outcome. */
    deliveries: jsonb('deliveries').$type<OrderDeliveryColumn[]>(),
    /** When the line items were handed to the minting pipeline (`orders.delivery.initiated`). */
    deliveryInitiatedAt: timestamp('delivery_initiated_at', { withTimezone: true }),
    /** `due` once delivery completed and there is an address to send the receipt to; `sent` after. */
    receiptStatus: text('receipt_status').$type<'due' | 'sent'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_client_secret_key').on(t.clientSecretHash),
    index('orders_project_idx').on(t.projectId, t.createdAt),
    // The settlement sweeper's work: orders being delivered, and receipts to send.
    index('orders_delivering_idx')
      .on(t.id)
      .where(sql`${t.settledPhase} = 'delivery'`),
    index('orders_receipt_due_idx')
      .on(t.id)
      .where(sql`${t.receiptStatus} = 'due'`),
    // Underpaid orders, whose payments are refunded once their quote expired (ADR 135).
    index('orders_underpaid_idx')
      .on(t.quoteExpiresAt)
      .where(sql`${t.paymentStatus} = 'in-progress' and ${t.settledPhase} is null`),
  ],
);

/** A card's brand and last four digits: all Keepsake ever keeps of a card number. */
export type OrderPaymentCardColumn = { brand: string; last4: string };
/** A refund of one payment: the processor's refund id or the refund transaction's hash. */
export type OrderRefundColumn = { reference: string; amountUnits: string; refundedAt: string; reason: string };

/**
 * Money received for an order (issue 14 items 9–11): one row per processor payment or matched on-chain payment.
 * `(method, reference)` is unique, so a payment recorded twice (a replayed webhook, a watcher that restarts, a crash
 * between steps) is recorded once. Amounts are integer units of `currency` as decimal strings. `test` marks money
 * that is not real (the built-in test processor, a local chain): every surface that shows it says so.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** `card`, or the chain's name for a crypto payment. */
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    decimals: integer('decimals').notNull(),
    amountUnits: text('amount_units').notNull(),
    /** The processor's payment id, or `{txHash}:{logIndex}` on chain. */
    reference: text('reference').notNull(),
    payer: text('payer'),
    card: jsonb('card').$type<OrderPaymentCardColumn>(),
    test: boolean('test').notNull(),
    /** `succeeded`, `refund-pending` or `refunded`. */
    status: text('status').notNull(),
    refund: jsonb('refund').$type<OrderRefundColumn>(),
    /** A refund settlement owes (a failed delivery, a second payment of a paid order) and has not made yet (ADR 105). */
    refundDue: jsonb('refund_due').$type<{ amountUnits: string; reason: string }>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_payments_reference_key').on(t.method, t.reference),
    index('order_payments_order_idx').on(t.orderId),
    index('order_payments_project_idx').on(t.projectId, t.receivedAt),
    index('order_payments_refund_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'refund-pending'`),
  ],
);

/**
 * An order's timeline: one row per step, named like the webhook event it fires (`orders.quote.created`,
 * `orders.payment.succeeded`, `orders.delivery.completed`, …), with that step's details. Written in the same
 * transaction as the step itself, so the timeline and the order never disagree.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The built-in test card processor's payments, refunds and idempotency keys (ADR 102's `TestPaymentStore`), kept
 * here so that a restart does not forget a test payment that an order still refers to (a refund after a crash).
 * `key` is `payment:<id>`, `refund:<id>` or `key:<idempotency key>`. Holds brand and last 4 only, never a number.
 */
export const testCardRecords = pgTable('test_card_records', {
  key: text('key').primaryKey(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});
