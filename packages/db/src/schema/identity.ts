import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/** End users of a project's auth service (spec §3 "Auth user"). */
export const authUsers = pgTable(
  'auth_users',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active'] }).notNull(),
    name: jsonb('name').$type<{ first_name: string; middle_name: string; last_name: string }>(),
    untrustedMetadata: jsonb('untrusted_metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    trustedMetadata: jsonb('trusted_metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_users_project_idx').on(t.projectId)],
);

/** A user's email addresses; `id` is the `email_id` / OTP `method_id`. Stored lower-cased. */
export const authEmails = pgTable(
  'auth_emails',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_emails_project_email_key').on(t.projectId, t.email), index('auth_emails_user_idx').on(t.userId)],
);

/** One-time passcodes. Only an HMAC of the code is kept; a code is single use. */
export const authOtps = pgTable(
  'auth_otps',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    methodId: uuid('method_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_otps_method_idx').on(t.methodId, t.createdAt)],
);

export type AuthenticationFactor = {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  authenticator_app_factor?: { totp_id: string };
  recovery_code_factor?: { totp_recovery_code_id: string };
  impersonated_factor?: { impersonator_id: string; impersonator_email_address: string };
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  crypto_wallet_factor?: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string };
  /** Sign In With Farcaster (docs/decisions/108): the fid's account and the custody address that signed. */
  farcaster_factor?: { farcaster_account_id: string; fid: number; custody_address: string };
} & { [provider: `${string}_oauth_factor`]: { id: string; provider_subject: string; email_id: string } | undefined };

/** Sessions. Only a SHA-256 of the opaque session token is kept. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    authenticationFactors: jsonb('authentication_factors').$type<AuthenticationFactor[]>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_sessions_token_hash_key').on(t.tokenHash), index('auth_sessions_user_idx').on(t.userId)],
);

/** JWT signing keys per project. The private JWK is sealed with the master key. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    alg: text('alg').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    sealedPrivateJwk: text('sealed_private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('signing_keys_project_idx').on(t.projectId)],
);
