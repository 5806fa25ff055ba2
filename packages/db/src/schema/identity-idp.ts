import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { authSessions, authUsers } from './identity.ts';

/**
 * A project's connected app (ADR 115): an OpenID Connect client of the project's identity provider. A confidential
 * client's secret is stored as its SHA-256 (it is 256 random bits, shown once at creation).
 */
export const idpClients = pgTable(
  'idp_clients',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The OAuth `client_id` relying parties send (`connected-app-…`). */
    clientId: text('client_id').notNull().unique(),
    clientName: text('client_name').notNull(),
    /** `first_party` (no consent screen) or `third_party`. */
    clientType: text('client_type').notNull(),
    /** `public` (PKCE, no secret) or `confidential` (client secret). */
    clientAuth: text('client_auth').notNull(),
    clientSecretHash: text('client_secret_hash'),
    /** The last characters of the secret, shown in the console list. */
    clientSecretHint: text('client_secret_hint'),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_clients_project_idx').on(t.projectId)],
);

/** A project's identity-provider settings: the developer's page that mounts the widget in IdP-consent mode. */
export const idpSettings = pgTable('idp_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  authorizationUrl: text('authorization_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The scopes a user granted a third-party connected app (so the consent screen is not shown again). */
export const idpGrants = pgTable(
  'idp_grants',
  {
    id: uuid('id').primaryKey(),
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => idpClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idp_grants_client_user_key').on(t.clientRowId, t.userId)],
);

/**
 * An authorization code issued by POST /sdk/v1/oauth/authorize and redeemed once at the token endpoint; stored as
 * its SHA-256.
 */
export const idpCodes = pgTable(
  'idp_codes',
  {
    id: uuid('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => idpClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => authSessions.id, { onDelete: 'set null' }),
    redirectUri: text('redirect_uri').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    codeChallenge: text('code_challenge'),
    nonce: text('nonce'),
    /** When the user last proved who they are, at the time of the request: the ID token's `auth_time` (ADR 125). */
    authTime: timestamp('auth_time', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_codes_expires_idx').on(t.expiresAt)],
);

/**
 * The tokens issued from one authorization code (ADR 125): its access tokens (whose JWTs carry this id as
 * `grant_id`), its refresh token and every rotation of it. The id is the code's. Revoking the family (RFC 7009
 * revocation of a refresh token, a replayed code or refresh token) ends them all; deleting the app or the user
 * deletes it, and userinfo and introspection refuse an access token whose family is gone or revoked.
 */
export const idpTokenFamilies = pgTable(
  'idp_token_families',
  {
    id: uuid('id').primaryKey(),
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => idpClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The code's `auth_time`, kept for the ID tokens of every refresh (null for families from before it). */
    authTime: timestamp('auth_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_token_families_client_idx').on(t.clientRowId), index('idp_token_families_user_idx').on(t.userId)],
);

/** An access token revoked before its expiry (RFC 7009), by its `jti`; kept until the token would have expired. */
export const idpRevokedAccessTokens = pgTable(
  'idp_revoked_access_tokens',
  {
    jti: text('jti').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => idpTokenFamilies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('idp_revoked_access_tokens_family_idx').on(t.familyId), index('idp_revoked_access_tokens_expires_idx').on(t.expiresAt)],
);

/** A refresh token (offline_access), stored as its SHA-256; each use rotates it within its family. */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => idpClients.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => idpTokenFamilies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    revoked: boolean('revoked').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_refresh_tokens_user_idx').on(t.userId), index('idp_refresh_tokens_family_idx').on(t.familyId)],
);
