import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A project is the unit of tenancy: its own auth users, public token, API keys,
 * collections and members. The platform's own console signs in through the one
 * project with `is_platform = true`.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    publicToken: text('public_token').notNull(),
    environment: text('environment', { enum: ['test', 'live'] }).notNull(),
    isPlatform: boolean('is_platform').notNull().default(false),
    allowedOrigins: text('allowed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The auth service's per-project settings; shape and defaults: apps/server/src/identity/auth-config.ts. */
    authConfig: jsonb('auth_config')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The plan's checkout fee tier (§9: 0, 1 or 3 percent); a setting until the billing issue. */
    checkoutFeePercent: smallint('checkout_fee_percent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_public_token_key').on(t.publicToken),
    uniqueIndex('projects_single_platform_key')
      .on(t.isPlatform)
      .where(sql`${t.isPlatform}`),
  ],
);

export const projectRoles = ['owner', 'admin', 'developer'] as const;
export type ProjectRole = (typeof projectRoles)[number];

/** Console membership. `user_id` is a user of the platform auth project. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: projectRoles }).notNull(),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const apiKeyEnvironments = ['staging', 'production'] as const;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];

/** Server API keys. Only a SHA-256 of the secret is kept; `prefix` is shown in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    environment: text('environment', { enum: apiKeyEnvironments }).notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_project_idx').on(t.projectId)],
);
