import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authEmails, authUsers } from './identity.ts';
import { projects } from './projects.ts';

/** A user's phone numbers, in E.164; `id` is the `phone_id` / OTP `method_id` for SMS and WhatsApp. */
export const authPhoneNumbers = pgTable(
  'auth_phone_numbers',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_phone_numbers_project_phone_key').on(t.projectId, t.phoneNumber), index('auth_phone_numbers_user_idx').on(t.userId)],
);

/** A user's password: only the argon2id hash (PHC string) is kept. One per user. */
export const authPasswords = pgTable('auth_passwords', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique('auth_passwords_user_key')
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  /** Set when the password was found breached at sign-in; cleared by a reset. */
  requiresReset: boolean('requires_reset').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailTokenKinds = ['magic_link', 'password_reset'] as const;
export type EmailTokenKind = (typeof emailTokenKinds)[number];

/**
 * Single-use tokens sent by email: magic links and password-reset links. Only a SHA-256 of the 256-bit token
 * is kept. `code_challenge` binds the token to the PKCE verifier of the browser that asked for it.
 */
export const authEmailTokens = pgTable(
  'auth_email_tokens',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    emailId: uuid('email_id')
      .notNull()
      .references(() => authEmails.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: emailTokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull(),
    codeChallenge: text('code_challenge'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_email_tokens_token_hash_key').on(t.tokenHash), index('auth_email_tokens_email_idx').on(t.emailId)],
);

/** Dev-mode outbox: SMS and WhatsApp messages kept for developers when no Twilio account is configured. */
export const devOutbox = pgTable('dev_outbox', {
  id: uuid('id').primaryKey(),
  channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
