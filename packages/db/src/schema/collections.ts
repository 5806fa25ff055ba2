import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

export const collectionFungibilities = ['non-fungible', 'semi-fungible'] as const;
export type CollectionFungibility = (typeof collectionFungibilities)[number];

/** ERC-721 for non-fungible collections, ERC-1155 for semi-fungible ones (one token id per template). */
export const collectionContractTypes = ['erc-721', 'erc-1155'] as const;
export type CollectionContractType = (typeof collectionContractTypes)[number];

/** Where the collection's contract stands: deploying, deployed (with minter roles granted), or given up. */
export const collectionDeployStatuses = ['pending', 'success', 'failed'] as const;
export type CollectionDeployStatus = (typeof collectionDeployStatuses)[number];

export type CollectionMetadataColumn = { name: string; description: string; imageUrl?: string; symbol?: string };
/**
 * A collection's payment settings (issue 14). `priceUnits` is the price in integer units of `currency` (minor units for
 * fiat, base units for tokens) as a decimal string, since JSON has no 64-bit integers. Rows written before issue 14
 * hold only `price` (a decimal string in the chain's native coin) and `recipientAddress`; the server reads them as
 * that price in the native coin with the defaults.
 */
export type CollectionPaymentsColumn = {
  price?: string;
  priceUnits?: string;
  currency?: string;
  decimals?: number;
  recipientAddress: string;
  feesPayer?: 'buyer' | 'seller' | 'buyer-subtract';
  enabled?: boolean;
  hostedPage?: boolean;
  allowDirectTemplateMinting?: boolean;
  quantityLimit?: number;
};
export type CollectionSocialLinksColumn = { twitter?: string; discord?: string; website?: string };
export type CollectionBrandingColumn = { bannerUrl?: string; primaryColor?: string; backgroundColor?: string };

/** Token metadata as ERC-721/1155 metadata JSON carries it. */
export type TokenMetadataColumn = {
  name: string;
  image?: string;
  description?: string;
  animation_url?: string;
  attributes?: Array<{ trait_type?: string; value: string | number | boolean; display_type?: string }>;
};

/**
 * NFT collections: what the developer API and the console create, and where the contract deploy stands.
 * `request_hash` is the SHA-256 of the normalised create body, so that a PUT repeated with the same body
 * answers the same collection and one with another body is refused (ADR 031). The deploy's transactions are
 * in `chain_transactions` (ADR 030).
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chain: text('chain').notNull(),
    fungibility: text('fungibility', { enum: collectionFungibilities }).notNull(),
    contractType: text('contract_type', { enum: collectionContractTypes }).notNull(),
    metadata: jsonb('metadata').$type<CollectionMetadataColumn>().notNull(),
    /** ERC-721 only: the most tokens that may exist; null for no limit. */
    supplyLimit: bigint('supply_limit', { mode: 'number' }),
    payments: jsonb('payments').$type<CollectionPaymentsColumn>(),
    socialLinks: jsonb('social_links')
      .$type<CollectionSocialLinksColumn>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    branding: jsonb('branding')
      .$type<CollectionBrandingColumn>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestHash: text('request_hash').notNull(),
    /** The `collections.create` action that reports the deploy. */
    actionId: uuid('action_id').notNull(),
    deployStatus: text('deploy_status', { enum: collectionDeployStatuses }).notNull().default('pending'),
    /** The platform signer that deploys and owns the contract. */
    deployerAddress: text('deployer_address'),
    /** The deploy transaction (chain_transactions.id) and its hash, once signed. */
    deployTransactionId: uuid('deploy_transaction_id'),
    deployTxHash: text('deploy_tx_hash'),
    contractAddress: text('contract_address'),
    /** The last reason the deploy failed or is being retried. */
    deployError: text('deploy_error'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collections_project_idx').on(t.projectId, t.createdAt),
    index('collections_pending_deploy_idx')
      .on(t.updatedAt)
      .where(sql`${t.deployStatus} = 'pending'`),
  ],
);

/**
 * Templates of semi-fungible collections: one ERC-1155 token id each, with its metadata and an optional supply
 * limit. The minting task mints copies of a template.
 */
export const collectionTemplates = pgTable(
  'collection_templates',
  {
    id: uuid('id').primaryKey(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** A uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    metadata: jsonb('metadata').$type<TokenMetadataColumn>().notNull(),
    /** The most copies that may exist; null for no limit. */
    supplyLimit: bigint('supply_limit', { mode: 'number' }),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_templates_token_key').on(t.collectionId, t.tokenId),
    index('collection_templates_collection_idx').on(t.collectionId, t.createdAt),
  ],
);

/**
 * The metadata Keepsake serves at a token's `tokenURI` (ADR 032). The minting task writes a row when a mint
 * gives a token its id, in the same transaction; until then the token's metadata URL answers 404. Templates
 * answer for the token ids of semi-fungible collections.
 */
export const tokenMetadata = pgTable(
  'token_metadata',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** A uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    metadata: jsonb('metadata').$type<TokenMetadataColumn>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.tokenId] })],
);
