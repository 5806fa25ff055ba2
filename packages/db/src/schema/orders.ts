import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('orders_client_secret_key').on(t.clientSecretHash), index('orders_project_idx').on(t.projectId, t.createdAt)],
);
