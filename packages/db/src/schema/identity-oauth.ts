// OAuth sign-in (docs/decisions/098): each project's provider clients, the flows between start and the provider's
// callback, and the single-use tokens the callback hands to the app's redirect URL.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authOauthRegistrations } from './identity-factors.ts';
import { authUsers } from './identity.ts';
import { projects } from './projects.ts';

const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** A project's OAuth client at one provider. The client secret is sealed with the master key and never shown again. */
export const authOauthProviders = pgTable(
  'auth_oauth_providers',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    providerType: text('provider_type').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    customScopes: text('custom_scopes').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_oauth_providers_project_provider_key').on(t.projectId, t.providerType)],
);

/**
 * A flow between `/oauth/{provider}/start` and the provider's callback, known by a SHA-256 of its `state`. The
 * provider-side PKCE verifier and nonce are sealed; the app's `code_challenge` binds the token issued at the callback.
 * `browser_binding_hash` is the SHA-256 of the value of the cookie that start set in the browser; the callback
 * refuses a browser without it (login CSRF, issue 22 item 14, ADR 132).
 */
export const authOauthStates = pgTable(
  'auth_oauth_states',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    stateHash: text('state_hash').notNull(),
    providerType: text('provider_type').notNull(),
    sealedSecrets: text('sealed_secrets').notNull(),
    codeChallenge: text('code_challenge'),
    browserBindingHash: text('browser_binding_hash').notNull(),
    loginRedirectUrl: text('login_redirect_url').notNull(),
    signupRedirectUrl: text('signup_redirect_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_oauth_states_hash_key').on(t.stateHash), index('auth_oauth_states_project_idx').on(t.projectId)],
);

/**
 * The token the callback appends to the app's redirect URL (`stytch_token_type=oauth&token=…`), stored as a SHA-256,
 * single use, short-lived, optionally bound to the app's PKCE challenge. It carries the provider's tokens (sealed)
 * until `/oauth/authenticate` returns them as `provider_values`.
 */
export const authOauthTokens = pgTable(
  'auth_oauth_tokens',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => authOauthRegistrations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeChallenge: text('code_challenge'),
    sealedProviderValues: text('sealed_provider_values').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_oauth_tokens_hash_key').on(t.tokenHash), index('auth_oauth_tokens_project_idx').on(t.projectId)],
);

/**
 * The Google ID tokens One Tap has accepted, by SHA-256, until they expire (docs/decisions/103): a token is accepted
 * once, so one copied from the page or a log cannot sign in again.
 */
export const authOneTapIdTokens = pgTable(
  'auth_one_tap_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    projectId: projectRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_one_tap_id_tokens_project_idx').on(t.projectId)],
);
