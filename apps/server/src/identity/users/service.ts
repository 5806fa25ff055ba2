import type { AppContext } from '../../context.ts';
import { InvalidInputError, ResourceNotFoundError } from '../../platform/domain-errors.ts';
import { errorTypes, type ErrorType } from '../../platform/error-types.ts';
import type { SessionService } from '../sessions/service.ts';
import type { Tenant } from '../tenants.ts';
import { deleteUserFactor, updateUntrustedMetadata, type DeletableFactor } from './store.ts';

/** untrusted_metadata, serialised, may not exceed this (the provider's documented limit is 4 KB). */
export const UNTRUSTED_METADATA_MAX_BYTES = 4096;

const notFound: Record<DeletableFactor, { type: ErrorType; what: string }> = {
  totps: { type: errorTypes.totpNotFound, what: 'TOTP authenticator' },
  crypto_wallets: { type: errorTypes.cryptoWalletNotFound, what: 'crypto wallet' },
  oauth: { type: errorTypes.oauthRegistrationNotFound, what: 'OAuth registration' },
  webauthn_registrations: { type: errorTypes.webauthnRegistrationNotFound, what: 'passkey' },
  biometric_registrations: { type: errorTypes.biometricRegistrationNotFound, what: 'biometric registration' },
};

/** The signed-in user has no such factor: 404 `<factor>_not_found`. */
export class FactorNotFoundError extends ResourceNotFoundError {
  constructor(kind: DeletableFactor) {
    super(`This user has no ${notFound[kind].what} with that id.`, notFound[kind].type);
  }
}

/** untrusted_metadata would grow past UNTRUSTED_METADATA_MAX_BYTES. */
export class MetadataTooLargeError extends InvalidInputError {
  constructor() {
    super(`untrusted_metadata must be at most ${UNTRUSTED_METADATA_MAX_BYTES} bytes as JSON.`);
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Top-level merge: each given key replaces the stored one, and a key set to null is removed
 * (docs/decisions/015). @throws MetadataTooLargeError when the result is larger than 4 KB.
 */
export function mergeUntrustedMetadata(stored: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  // A Map, not object assignment: a key such as "__proto__" stays plain data.
  const entries = new Map(Object.entries(stored));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) entries.delete(key);
    else entries.set(key, value);
  }
  const merged = Object.fromEntries(entries);
  if (Buffer.byteLength(JSON.stringify(merged), 'utf8') > UNTRUSTED_METADATA_MAX_BYTES) {
    throw new MetadataTooLargeError();
  }
  return merged;
}

/** The signed-in user's own record: read it, change its untrusted metadata, remove its factors. */
export function createUserService(ctx: AppContext, sessions: SessionService) {
  return {
    /** @throws SessionNotFoundError */
    async me(tenant: Tenant, sessionToken: string) {
      return (await sessions.currentUser(tenant, sessionToken)).wire;
    },

    /** @throws SessionNotFoundError, MetadataTooLargeError */
    async updateMe(tenant: Tenant, sessionToken: string, untrustedMetadata: Record<string, unknown> | undefined) {
      const { user } = await sessions.currentUser(tenant, sessionToken);
      if (untrustedMetadata) await updateUntrustedMetadata(ctx.db, user.id, mergeUntrustedMetadata(user.untrustedMetadata, untrustedMetadata));
      const wire = await sessions.wireUser(tenant, user.id);
      return { user_id: user.id, emails: wire.emails, phone_numbers: wire.phone_numbers, crypto_wallets: wire.crypto_wallets, user: wire };
    },

    /** @throws SessionNotFoundError; FactorNotFoundError (404 `<factor>_not_found`) when the signed-in user has no such entry. */
    async deleteFactor(tenant: Tenant, sessionToken: string, kind: DeletableFactor, id: string) {
      const { user } = await sessions.currentUser(tenant, sessionToken);
      const deleted = uuidPattern.test(id) && (await deleteUserFactor(ctx.db, kind, tenant.projectId, user.id, id));
      if (!deleted) throw new FactorNotFoundError(kind);
      return { user_id: user.id, user: await sessions.wireUser(tenant, user.id) };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
