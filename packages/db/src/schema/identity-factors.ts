import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers, type AuthenticationFactor } from './identity.ts';
import { projects } from './projects.ts';

const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => authUsers.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * TOTP authenticators. The shared secret is sealed with the master key; `last_used_counter` is the time step of
 * the last accepted code, so a code cannot be replayed within its window. Unverified ones expire.
 */
export const authTotps = pgTable(
  'auth_totps',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    sealedSecret: text('sealed_secret').notNull(),
    verified: boolean('verified').notNull().default(false),
    lastUsedCounter: bigint('last_used_counter', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_totps_user_idx').on(t.userId)],
);

/** TOTP recovery codes: only an HMAC of each code is kept; a code is single use. */
export const authTotpRecoveryCodes = pgTable(
  'auth_totp_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    totpId: uuid('totp_id')
      .notNull()
      .references(() => authTotps.id, { onDelete: 'cascade' }),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_totp_recovery_codes_hash_key').on(t.userId, t.codeHash), index('auth_totp_recovery_codes_totp_idx').on(t.totpId)],
);

/** Crypto wallets a user signed in with (filled by the wallet sign-in method). */
export const authCryptoWallets = pgTable(
  'auth_crypto_wallets',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    address: text('address').notNull(),
    walletType: text('wallet_type').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_crypto_wallets_project_address_key').on(t.projectId, t.walletType, t.address), index('auth_crypto_wallets_user_idx').on(t.userId)],
);

/**
 * Outstanding crypto wallet challenges (docs/decisions/099, 131). Up to ten per project, wallet type and address: a
 * start keeps the others and drops the oldest beyond ten. `message` is the exact text the wallet signs (a plain
 * challenge, or an EIP-4361 message); the sign-in deletes the one the signature signs, and none after `expires_at`.
 * `user_id` is set for a secondary start (the wallet joins that session's user), null for a primary one.
 */
export const authCryptoWalletChallenges = pgTable(
  'auth_crypto_wallet_challenges',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    walletType: text('wallet_type', { enum: ['ethereum', 'solana'] }).notNull(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    /** Set when the message is an EIP-4361 (Sign-In with Ethereum) message: its parameters, as the answer echoes them. */
    siwe: jsonb('siwe').$type<{ domain: string; uri: string; chain_id: string; resources: string[]; issued_at: string; message_request_id: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Several outstanding challenges per wallet (issue 22 item 9, ADR 131): a start by anyone else leaves the owner's.
    index('auth_crypto_wallet_challenges_address_idx').on(t.projectId, t.walletType, t.address, t.createdAt),
    index('auth_crypto_wallet_challenges_expiry_idx').on(t.projectId, t.expiresAt),
  ],
);

/**
 * OAuth provider registrations of a user (filled by the OAuth sign-in method, docs/decisions/098): one per
 * provider account. `sealed_tokens` holds the provider's latest tokens, sealed with the master key.
 */
export const authOauthRegistrations = pgTable(
  'auth_oauth_registrations',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    providerType: text('provider_type').notNull(),
    providerSubject: text('provider_subject').notNull(),
    profilePictureUrl: text('profile_picture_url').notNull().default(''),
    sealedTokens: text('sealed_tokens'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_oauth_registrations_subject_key').on(t.projectId, t.providerType, t.providerSubject),
    index('auth_oauth_registrations_user_idx').on(t.userId),
  ],
);

/**
 * WebAuthn (passkey) registrations (docs/decisions/094). A credential is known by its id (base64url) once per
 * project; `public_key` is its COSE public key (base64url), `counter` the last signature counter accepted (an
 * assertion must raise it, unless the authenticator keeps it at 0), `rp_id` the domain it was created for.
 */
export const authWebauthnRegistrations = pgTable(
  'auth_webauthn_registrations',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    name: text('name').notNull().default(''),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** The WebAuthn user handle (base64url) the credential was created with: an authenticator returns it on sign-in. */
    userHandle: text('user_handle').notNull().default(''),
    rpId: text('rp_id').notNull().default(''),
    /** `platform` or `cross-platform`, as the browser reported the authenticator's attachment (or ''). */
    authenticatorType: text('authenticator_type').notNull().default(''),
    aaguid: text('aaguid').notNull().default(''),
    /** Backup flags: whether the credential may be synced (multi-device) and whether it is backed up now. */
    backupEligible: boolean('backup_eligible').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_webauthn_registrations_credential_key').on(t.projectId, t.credentialId),
    index('auth_webauthn_registrations_user_idx').on(t.userId),
  ],
);

/**
 * Outstanding WebAuthn challenges (docs/decisions/094). Only a SHA-256 of the challenge is kept; a challenge is
 * used up (deleted) by the ceremony that presents it, and refused after `expires_at`. `user_id` is set for a
 * registration and for a second-factor sign-in (the session's user), null for a passkey sign-in.
 */
export const authWebauthnChallenges = pgTable(
  'auth_webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['register', 'authenticate'] }).notNull(),
    challengeHash: text('challenge_hash').notNull(),
    rpId: text('rp_id').notNull(),
    userVerification: text('user_verification', { enum: ['required', 'preferred', 'discouraged'] }).notNull(),
    /** Registration only: the user handle sent in the options, and the caller's user agent (the default name). */
    userHandle: text('user_handle'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_webauthn_challenges_hash_key').on(t.challengeHash), index('auth_webauthn_challenges_expiry_idx').on(t.projectId, t.expiresAt)],
);

/** Biometric (mobile key pair) registrations (filled by the biometrics method). */
export const authBiometricRegistrations = pgTable(
  'auth_biometric_registrations',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    publicKey: text('public_key').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('auth_biometric_registrations_user_idx').on(t.userId)],
);

/**
 * Intermediate sessions: a first factor is done and a second one is still needed (docs/decisions/015).
 * Only a SHA-256 of the token is kept; consumed when the full session is issued.
 */
export const authIntermediateSessions = pgTable(
  'auth_intermediate_sessions',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    authenticationFactors: jsonb('authentication_factors').$type<AuthenticationFactor[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_intermediate_sessions_token_hash_key').on(t.tokenHash)],
);

/**
 * Impersonation tokens issued by internal administrators. Only a SHA-256 is kept; single use, short lived.
 */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    issuedByUserId: uuid('issued_by_user_id').notNull(),
    issuedByEmail: text('issued_by_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_tokens_token_hash_key').on(t.tokenHash)],
);

/** Every issue and use of an impersonation token: who, whom, when, from which IP. Never deleted with the user. */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: uuid('id').primaryKey(),
    tokenId: uuid('token_id').notNull(),
    action: text('action', { enum: ['issued', 'redeemed'] }).notNull(),
    adminUserId: uuid('admin_user_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    projectId: uuid('project_id').notNull(),
    targetUserId: uuid('target_user_id').notNull(),
    sessionId: uuid('session_id'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('impersonation_audit_target_idx').on(t.projectId, t.targetUserId, t.createdAt)],
);

/** Client telemetry the SDK batches to POST /sdk/v1/events (spec §3 Event telemetry). */
export const authEvents = pgTable(
  'auth_events',
  {
    id: uuid('id').primaryKey(),
    projectId: projectRef(),
    eventName: text('event_name').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    httpStatusCode: integer('http_status_code'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_events_project_idx').on(t.projectId, t.createdAt)],
);
