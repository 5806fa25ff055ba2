import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './identity.ts';

/**
 * A pending CLI sign-in (ADR 114): the RFC 8628 device grant, or the loopback grant (a one-time code for a PKCE
 * challenge). Every code is stored as its SHA-256; the row expires and is consumed once.
 */
export const cliAuthorizations = pgTable(
  'cli_authorizations',
  {
    id: uuid('id').primaryKey(),
    /** `device` (RFC 8628) or `loopback` (browser with a 127.0.0.1 redirect). */
    kind: text('kind').notNull(),
    deviceCodeHash: text('device_code_hash').unique(),
    userCodeHash: text('user_code_hash').unique(),
    /** The loopback grant's one-time code, once the developer approved. */
    loopbackCodeHash: text('loopback_code_hash').unique(),
    codeChallenge: text('code_challenge'),
    redirectUri: text('redirect_uri'),
    /** The machine the CLI named when it asked for a device code, shown on the approval page (null: none sent). */
    deviceName: text('device_name'),
    /** pending, approved, denied, consumed. */
    status: text('status').notNull().default('pending'),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    intervalSeconds: integer('interval_seconds').notNull().default(5),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cli_authorizations_expires_idx').on(t.expiresAt)],
);

/** A developer's CLI token (`kst_cli_…`), stored as its SHA-256; acts as the developer on the console API. */
export const cliTokens = pgTable(
  'cli_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The last characters, shown in the console list. */
    hint: text('hint').notNull(),
    /** The machine it was issued to, as the CLI named it (its hostname or `--device-name`); null before 0021. */
    deviceName: text('device_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('cli_tokens_user_idx').on(t.userId)],
);
