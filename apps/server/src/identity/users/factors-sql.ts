// The SQL fragment that builds a user's factor lists inside another query (users/store.ts, sessions/store.ts):
// shared query-building, no statement of its own.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  authBiometricRegistrations,
  authCryptoWallets,
  authEmails,
  authOauthRegistrations,
  authPasswords,
  authPhoneNumbers,
  authTotps,
  authWebauthnRegistrations,
} from '@keepsake/db/schema';

/** What the wire user lists besides the user row (spec §3 Auth user), as JSON the database builds. */
export type UserFactors = {
  emails: Array<{ email_id: string; email: string; verified: boolean }>;
  phone_numbers: Array<{ phone_id: string; phone_number: string; verified: boolean }>;
  totps: Array<{ totp_id: string; verified: boolean }>;
  crypto_wallets: Array<{ crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string; verified: boolean }>;
  providers: Array<{ oauth_user_registration_id: string; provider_type: string; provider_subject: string }>;
  webauthn_registrations: Array<{ webauthn_registration_id: string; name: string; verified: boolean }>;
  biometric_registrations: Array<{ biometric_registration_id: string; verified: boolean }>;
  password: { password_id: string; requires_reset: boolean } | null;
};

function jsonList(select: SQL, from: SQL, where: SQL, order: SQL): SQL {
  return sql`coalesce((select json_agg(${select} order by ${order}) from ${from} where ${where}), '[]'::json)`;
}

/** One row as JSON, or null. (Nested `sql` chunks keep drizzle writing table-qualified column names.) */
function jsonOne(select: SQL, from: SQL, where: SQL): SQL {
  return sql`(select ${select} from ${from} where ${where} limit 1)`;
}

/**
 * Every factor list of a user as one JSON value, computed inside the query that reads the user or session,
 * so that building the wire user costs no extra round trip.
 */
export function userFactorsSql(userId: SQL | AnyColumn): SQL<UserFactors> {
  const e = authEmails;
  const p = authPhoneNumbers;
  const t = authTotps;
  const w = authCryptoWallets;
  const o = authOauthRegistrations;
  const r = authWebauthnRegistrations;
  const b = authBiometricRegistrations;
  const pw = authPasswords;
  return sql<UserFactors>`json_build_object(
    'emails', ${jsonList(sql`json_build_object('email_id', ${e.id}, 'email', ${e.email}, 'verified', ${e.verified})`, sql`${e}`, sql`${e.userId} = ${userId}`, sql`${e.createdAt}`)},
    'phone_numbers', ${jsonList(sql`json_build_object('phone_id', ${p.id}, 'phone_number', ${p.phoneNumber}, 'verified', ${p.verified})`, sql`${p}`, sql`${p.userId} = ${userId}`, sql`${p.createdAt}`)},
    'totps', ${jsonList(sql`json_build_object('totp_id', ${t.id}, 'verified', ${t.verified})`, sql`${t}`, sql`${t.userId} = ${userId} and (${t.verified} or ${t.expiresAt} > now())`, sql`${t.createdAt}`)},
    'crypto_wallets', ${jsonList(sql`json_build_object('crypto_wallet_id', ${w.id}, 'crypto_wallet_address', ${w.address}, 'crypto_wallet_type', ${w.walletType}, 'verified', ${w.verified})`, sql`${w}`, sql`${w.userId} = ${userId}`, sql`${w.createdAt}`)},
    'providers', ${jsonList(sql`json_build_object('oauth_user_registration_id', ${o.id}, 'provider_type', ${o.providerType}, 'provider_subject', ${o.providerSubject})`, sql`${o}`, sql`${o.userId} = ${userId}`, sql`${o.createdAt}`)},
    'webauthn_registrations', ${jsonList(sql`json_build_object('webauthn_registration_id', ${r.id}, 'name', ${r.name}, 'verified', ${r.verified})`, sql`${r}`, sql`${r.userId} = ${userId}`, sql`${r.createdAt}`)},
    'biometric_registrations', ${jsonList(sql`json_build_object('biometric_registration_id', ${b.id}, 'verified', ${b.verified})`, sql`${b}`, sql`${b.userId} = ${userId}`, sql`${b.createdAt}`)},
    'password', ${jsonOne(sql`json_build_object('password_id', ${pw.id}, 'requires_reset', ${pw.requiresReset})`, sql`${pw}`, sql`${pw.userId} = ${userId}`)}
  )`;
}
