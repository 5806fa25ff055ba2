import type { UserFactors, UserRow } from './store.ts';

/** The spec §3 "Auth user", as the wire carries it. */
export type WireUser = ReturnType<typeof presentUser>;

/** `factors` comes from the same query as the user or session ({@link userFactorsSql}): no extra round trip. */
export function presentUser(user: UserRow, factors: UserFactors) {
  return {
    user_id: user.id,
    created_at: user.createdAt.toISOString(),
    status: user.status,
    name: user.name ?? { first_name: '', middle_name: '', last_name: '' },
    emails: factors.emails,
    phone_numbers: factors.phone_numbers,
    totps: factors.totps,
    crypto_wallets: factors.crypto_wallets,
    providers: factors.providers,
    webauthn_registrations: factors.webauthn_registrations,
    biometric_registrations: factors.biometric_registrations,
    password: factors.password,
    trusted_metadata: user.trustedMetadata,
    untrusted_metadata: user.untrustedMetadata,
  };
}
