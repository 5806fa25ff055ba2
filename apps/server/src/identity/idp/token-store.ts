import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { idpClients, idpCodes, idpRefreshTokens, idpRevokedAccessTokens, idpTokenFamilies } from '@keepsake/db/schema';

// The state behind the tokens of the identity provider (ADR 125): token families, refresh tokens and the access
// tokens revoked before their expiry. Access tokens themselves are JWTs and are not stored.

export type IdpRefreshTokenRow = typeof idpRefreshTokens.$inferSelect;
type Db = Database | Transaction;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertFamily(db: Db, values: { id: string; clientRowId: string; userId: string; authTime: Date | null }): Promise<void> {
  await db.insert(idpTokenFamilies).values(values);
}

/** The family's `auth_time` (null when unknown). */
export async function familyAuthTime(db: Db, familyId: string): Promise<Date | null> {
  const [row] = await db.select({ authTime: idpTokenFamilies.authTime }).from(idpTokenFamilies).where(eq(idpTokenFamilies.id, familyId)).limit(1);
  return row?.authTime ?? null;
}

/** Ends the family: its refresh tokens stop working and its access tokens are refused from now on. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(idpTokenFamilies)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(idpTokenFamilies.id, familyId), isNull(idpTokenFamilies.revokedAt)));
    await tx.update(idpRefreshTokens).set({ revoked: true }).where(eq(idpRefreshTokens.familyId, familyId));
  });
}

/** An authorization code its app presented again: the family issued from it (the family's id is the code's) is revoked. */
export async function revokeFamilyOfSpentCode(db: Db, codeHash: string, clientRowId: string): Promise<void> {
  const [code] = await db
    .select({ id: idpCodes.id })
    .from(idpCodes)
    .where(and(eq(idpCodes.codeHash, codeHash), eq(idpCodes.clientRowId, clientRowId), isNotNull(idpCodes.consumedAt)))
    .limit(1);
  if (code) await revokeFamily(db, code.id);
}

export async function insertRefreshToken(db: Db, values: typeof idpRefreshTokens.$inferInsert): Promise<void> {
  await db.insert(idpRefreshTokens).values(values);
}

/**
 * Spends the app's live refresh token of a live family and answers it (rotation: each one is used once). A refresh
 * token its app presents again after it was spent revokes its whole family (OAuth 2.0 Security BCP §4.14: the token
 * leaked). Another app's refresh token, live or spent, is not touched.
 */
export async function useRefreshToken(db: Db, tokenHash: string, clientRowId: string): Promise<IdpRefreshTokenRow | undefined> {
  const liveFamilies = db.select({ id: idpTokenFamilies.id }).from(idpTokenFamilies).where(isNull(idpTokenFamilies.revokedAt));
  const [row] = await db
    .update(idpRefreshTokens)
    .set({ revoked: true })
    .where(
      and(
        eq(idpRefreshTokens.tokenHash, tokenHash),
        eq(idpRefreshTokens.clientRowId, clientRowId),
        eq(idpRefreshTokens.revoked, false),
        gt(idpRefreshTokens.expiresAt, sql`now()`),
        sql`${idpRefreshTokens.familyId} in ${liveFamilies}`,
      ),
    )
    .returning();
  if (row) return row;
  const [spent] = await db
    .select({ familyId: idpRefreshTokens.familyId })
    .from(idpRefreshTokens)
    .where(and(eq(idpRefreshTokens.tokenHash, tokenHash), eq(idpRefreshTokens.clientRowId, clientRowId)))
    .limit(1);
  if (spent) await revokeFamily(db, spent.familyId);
  return undefined;
}

/** A refresh token by its hash, with its app's client_id and whether it still works. */
export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      token: idpRefreshTokens,
      clientId: idpClients.clientId,
      live: sql<boolean>`(not ${idpRefreshTokens.revoked} and ${idpRefreshTokens.expiresAt} > now() and ${idpTokenFamilies.revokedAt} is null)`,
    })
    .from(idpRefreshTokens)
    .innerJoin(idpTokenFamilies, eq(idpTokenFamilies.id, idpRefreshTokens.familyId))
    .innerJoin(idpClients, eq(idpClients.id, idpRefreshTokens.clientRowId))
    .where(eq(idpRefreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Whether an access token's family still stands (its app and user exist, nothing revoked it) and the token itself
 * was not revoked: one statement over two primary keys, run on every userinfo and introspection call.
 */
export async function accessTokenLive(db: Db, familyId: string, jti: string): Promise<boolean> {
  if (!UUID.test(familyId)) return false;
  const revoked = db.select({ jti: idpRevokedAccessTokens.jti }).from(idpRevokedAccessTokens).where(eq(idpRevokedAccessTokens.jti, jti));
  const [row] = await db
    .select({ id: idpTokenFamilies.id })
    .from(idpTokenFamilies)
    .where(and(eq(idpTokenFamilies.id, familyId), isNull(idpTokenFamilies.revokedAt), sql`not exists ${revoked}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Revokes one access token until it would have expired (nothing happens if its family is already gone). Each
 * revocation first sweeps the rows of tokens that have expired since: they would be refused anyway.
 */
export async function revokeAccessToken(db: Db, values: { jti: string; familyId: string; expiresAt: Date }): Promise<void> {
  if (!UUID.test(values.familyId)) return;
  await db.delete(idpRevokedAccessTokens).where(lt(idpRevokedAccessTokens.expiresAt, sql`now()`));
  await db
    .insert(idpRevokedAccessTokens)
    .select(
      db
        .select({
          jti: sql<string>`${values.jti}::text`.as('jti'),
          familyId: idpTokenFamilies.id,
          expiresAt: sql<Date>`${values.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
        })
        .from(idpTokenFamilies)
        .where(eq(idpTokenFamilies.id, values.familyId)),
    )
    .onConflictDoNothing();
}
