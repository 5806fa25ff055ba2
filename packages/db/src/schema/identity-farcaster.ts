// Sign In With Farcaster (the product app's farcaster method, docs/decisions/108): the nonces the server issues for
// the sign-in messages, and the Farcaster accounts (fids) users sign in with.
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './identity.ts';
import { projects } from './projects.ts';

const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * The nonces of Sign In With Farcaster messages, issued by the server, single use (the sign-in deletes the row
 * before checking the signature) and short-lived. A nonce belongs to the project that issued it.
 */
export const authFarcasterNonces = pgTable(
  'auth_farcaster_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: projectRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_farcaster_nonces_expiry_idx').on(t.projectId, t.expiresAt)],
);

/**
 * A Farcaster account (fid) a user signs in with: one user per fid and project, whatever its custody address
 * becomes. `custody_address` (lower-case) is the address that signed the latest sign-in; `username` and
 * `pfp_url` are what the client last said about the account (display only, not verified).
 */
export const authFarcasterAccounts = pgTable(
  'auth_farcaster_accounts',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    fid: bigint('fid', { mode: 'bigint' }).notNull(),
    custodyAddress: text('custody_address').notNull(),
    username: text('username'),
    pfpUrl: text('pfp_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_farcaster_accounts_project_fid_key').on(t.projectId, t.fid), index('auth_farcaster_accounts_user_idx').on(t.userId)],
);
