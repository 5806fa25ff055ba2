import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import {
  authBiometricRegistrations,
  authCryptoWallets,
  authEmails,
  authOauthRegistrations,
  authPasswords,
  authPhoneNumbers,
  authUsers,
  authWebauthnRegistrations,
} from '@keepsake/db/schema';

export type IdentifierDeletion = 'deleted' | 'not_found' | 'last';

/**
 * How many ways in a user has: emails and phone numbers (a code or link can reach them), OAuth registrations, and
 * verified crypto wallets, passkeys and biometric keys. Not a TOTP (a second factor only) nor a password (it
 * needs an email to be used). One query.
 */
export async function countPrimaryFactors(tx: Transaction, userId: string): Promise<number> {
  const owned = (table: { userId: AnyColumn }, verified?: AnyColumn): SQL =>
    sql`(select count(*) from ${table} where ${table.userId} = ${authUsers.id}${verified ? sql` and ${verified}` : sql``})`;
  const [row] = await tx
    .select({
      total: sql<number>`${owned(authEmails)} + ${owned(authPhoneNumbers)} + ${owned(authOauthRegistrations)}
        + ${owned(authCryptoWallets, authCryptoWallets.verified)} + ${owned(authWebauthnRegistrations, authWebauthnRegistrations.verified)}
        + ${owned(authBiometricRegistrations, authBiometricRegistrations.verified)}`.mapWith(Number),
    })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row?.total ?? 0;
}

/**
 * Deletes one of a user's emails or phone numbers unless it is the last way they can sign in
 * ({@link countPrimaryFactors}). The user row is locked for the check, so two concurrent deletes cannot remove
 * the last two together.
 */
export async function deleteIdentifierKeepingOne(db: Database, userId: string, kind: 'email' | 'phone', id: string): Promise<IdentifierDeletion> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${authUsers.id} from ${authUsers} where ${authUsers.id} = ${userId} for update`);
    const table = kind === 'email' ? authEmails : authPhoneNumbers;
    const [target] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.id, id)))
      .limit(1);
    if (!target) return 'not_found';
    if ((await countPrimaryFactors(tx, userId)) <= 1) return 'last';
    await tx.delete(table).where(eq(table.id, id));
    return 'deleted';
  });
}

/** Whether the project has a user with this email, and whether that user has a password. */
export async function findUserTypeByEmail(db: Database, projectId: string, email: string): Promise<'new' | 'password' | 'passwordless'> {
  const [row] = await db
    .select({ passwordId: authPasswords.id })
    .from(authEmails)
    .leftJoin(authPasswords, eq(authPasswords.userId, authEmails.userId))
    .where(and(eq(authEmails.projectId, projectId), eq(authEmails.email, email)))
    .limit(1);
  if (!row) return 'new';
  return row.passwordId ? 'password' : 'passwordless';
}
