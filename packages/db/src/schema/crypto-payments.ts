import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * How far the crypto payment watcher has read each chain's payment contract (ADR 106): the next block whose
 * `OrderPaid` logs it has not handled. It moves only after every log up to it has been handled, so a restart (or a
 * crash mid-range) reads the range again, and `order_payments`' unique reference keeps each payment recorded once.
 * `contract_address` is the contract read: another one (a devnet deployed anew) starts from its own deployment.
 */
export const cryptoPaymentCursors = pgTable('crypto_payment_cursors', {
  chain: text('chain').primaryKey(),
  contractAddress: text('contract_address').notNull(),
  nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The devnet faucet's last grant per address and chain (spec §9: once per address per hour). The row is claimed by
 * one conditional upsert, so two concurrent requests cannot both pass; `transaction_id` is the platform signer
 * transaction (chain_transactions) that mints the test stablecoin.
 */
export const faucetGrants = pgTable(
  'faucet_grants',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    transactionId: uuid('transaction_id'),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);
