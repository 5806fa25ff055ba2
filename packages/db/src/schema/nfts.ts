import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collections } from './collections.ts';
import { projects } from './projects.ts';

/** The metadata of an NFT as the API carries it (the ERC-721 metadata standard). */
export type NftMetadata = {
  name: string;
  image?: string;
  description?: string;
  animation_url?: string;
  attributes?: Array<{ trait_type?: string; value: unknown; display_type?: string }>;
};

/**
 * NFTs minted through Keepsake: the minimal read model the wallets API lists a wallet's NFTs from (ADR 039).
 * The minting task owns this table and extends it (templates, quantities, transactions, actions); the
 * columns here are the ones a holder's listing needs. `owner_address` is who holds the token on `chain`.
 */
export const nfts = pgTable(
  'nfts',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    chain: text('chain').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] }).notNull(),
    tokenStandard: text('token_standard', { enum: ['erc-721', 'erc-1155'] }).notNull(),
    /** Set once the collection's contract is deployed. EIP-55 checksummed. */
    contractAddress: text('contract_address'),
    /** A uint256 as a decimal string; set once minted. */
    tokenId: text('token_id'),
    /** EIP-55 checksummed. */
    ownerAddress: text('owner_address').notNull(),
    metadata: jsonb('metadata').$type<NftMetadata>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The minting pipeline (ADR 050).
    /** The recipient as the API was given it (`<chain>:<address>`, `email:<email>:<chain>`, `userId:<id>:<chain>`). */
    recipient: text('recipient'),
    /** The template minted (semi-fungible collections); null for an ERC-721 mint. */
    templateId: uuid('template_id'),
    /** Copies minted (ERC-1155); 1 for ERC-721. */
    quantity: integer('quantity').notNull().default(1),
    /** The `nfts.create` action that reports the mint. */
    actionId: uuid('action_id'),
    /** SHA-256 of the normalised mint request: a PUT repeated with another body is refused. */
    requestHash: text('request_hash'),
    /** The batch transaction (chain_transactions.id) the mint rides in, once one is recorded; null while queued. */
    transactionId: uuid('transaction_id'),
    /** Its place among the batch's recipients: the n-th mint log of the receipt is this NFT's. */
    batchIndex: integer('batch_index'),
    /** The hash of the transaction that minted it. */
    txId: text('tx_id'),
    /** Why the mint failed. */
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nfts_holder_idx').on(t.projectId, t.ownerAddress, t.chain),
    index('nfts_collection_idx').on(t.collectionId, t.createdAt),
    /** The queue: pending mints not yet in a batch, oldest first per collection. */
    index('nfts_queued_idx')
      .on(t.collectionId, t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.transactionId} is null`),
    /**
     * Mints in flight: in a recorded batch and not settled. Every lookup by batch is of these, so finished mints
     * stay out of the index (it stays small, and settling a mint adds no entry to it).
     */
    index('nfts_in_flight_idx')
      .on(t.transactionId)
      .where(sql`${t.status} = 'pending' and ${t.transactionId} is not null`),
  ],
);
