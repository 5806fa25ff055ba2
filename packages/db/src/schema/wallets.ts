import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/** Chain families a custodial wallet can belong to. One key serves every chain of its family (ADR 035). */
export const walletChainTypes = ['evm'] as const;
export type WalletChainType = (typeof walletChainTypes)[number];

/** How a wallet's owner was named when it was created: `email:<email>` or `userId:<id>` (ADR 037). */
export const walletOwnerKinds = ['email', 'userId'] as const;
export type WalletOwnerKind = (typeof walletOwnerKinds)[number];

/**
 * Custodial wallets: one server-generated key per (project, owner, chain family). The private key is sealed
 * with the master key (AES-256-GCM under a fresh data key wrapped by the master key) and never stored, logged
 * or returned in plaintext.
 *
 * `owner_key` is what makes a wallet unique: `user:<auth user id>` when the owner is one of the project's auth
 * users (every email owner is; a userId owner when the id is an auth user's), else `userId:<id>` for an id of
 * the developer's own. `owner` is the owner as the API shows it (`email:alice@example.com`).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chainType: text('chain_type', { enum: walletChainTypes }).notNull(),
    /** EIP-55 checksummed. */
    address: text('address').notNull(),
    ownerKind: text('owner_kind', { enum: walletOwnerKinds }).notNull(),
    owner: text('owner').notNull(),
    ownerKey: text('owner_key').notNull(),
    /** The project's auth user who owns the wallet (identity domain), when there is one. */
    authUserId: uuid('auth_user_id'),
    sealedPrivateKey: text('sealed_private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_project_owner_key').on(t.projectId, t.chainType, t.ownerKey),
    uniqueIndex('wallets_address_key').on(t.address),
    index('wallets_project_created_idx').on(t.projectId, t.createdAt),
    index('wallets_auth_user_idx').on(t.projectId, t.authUserId),
  ],
);
