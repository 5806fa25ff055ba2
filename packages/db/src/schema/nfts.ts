import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('nfts_holder_idx').on(t.projectId, t.ownerAddress, t.chain), index('nfts_collection_idx').on(t.collectionId, t.createdAt)],
);
