import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { idpClients, idpCodes, idpGrants, idpSettings } from '@keepsake/db/schema';

export type IdpClientRow = typeof idpClients.$inferSelect;
export type IdpCodeRow = typeof idpCodes.$inferSelect;
type Db = Database | Transaction;

export async function listClients(db: Db, projectId: string): Promise<IdpClientRow[]> {
  return db.select().from(idpClients).where(eq(idpClients.projectId, projectId)).orderBy(idpClients.createdAt);
}

/** The project's connected app with this client_id (another project's is never found). */
export async function findClient(db: Db, projectId: string, clientId: string): Promise<IdpClientRow | undefined> {
  const [row] = await db
    .select()
    .from(idpClients)
    .where(and(eq(idpClients.projectId, projectId), eq(idpClients.clientId, clientId)))
    .limit(1);
  return row;
}

export async function insertClient(db: Db, values: typeof idpClients.$inferInsert): Promise<IdpClientRow> {
  const [row] = await db.insert(idpClients).values(values).returning();
  return row!;
}

export async function updateClient(
  db: Db,
  projectId: string,
  clientId: string,
  changes: Partial<Pick<IdpClientRow, 'clientName' | 'clientType' | 'redirectUris' | 'postLogoutRedirectUris' | 'scopes'>>,
): Promise<IdpClientRow | undefined> {
  const [row] = await db
    .update(idpClients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(idpClients.projectId, projectId), eq(idpClients.clientId, clientId)))
    .returning();
  return row;
}

export async function deleteClient(db: Db, projectId: string, clientId: string): Promise<boolean> {
  const rows = await db
    .delete(idpClients)
    .where(and(eq(idpClients.projectId, projectId), eq(idpClients.clientId, clientId)))
    .returning({ id: idpClients.id });
  return rows.length > 0;
}

export async function findAuthorizationUrl(db: Db, projectId: string): Promise<string | null> {
  const [row] = await db.select({ url: idpSettings.authorizationUrl }).from(idpSettings).where(eq(idpSettings.projectId, projectId)).limit(1);
  return row?.url ?? null;
}

export async function saveAuthorizationUrl(db: Db, projectId: string, authorizationUrl: string | null): Promise<void> {
  await db
    .insert(idpSettings)
    .values({ projectId, authorizationUrl })
    .onConflictDoUpdate({ target: idpSettings.projectId, set: { authorizationUrl, updatedAt: sql`now()` } });
}

export async function findGrant(db: Db, clientRowId: string, userId: string): Promise<string[] | undefined> {
  const [row] = await db
    .select({ scopes: idpGrants.scopes })
    .from(idpGrants)
    .where(and(eq(idpGrants.clientRowId, clientRowId), eq(idpGrants.userId, userId)))
    .limit(1);
  return row?.scopes;
}

export async function saveGrant(db: Db, values: { id: string; clientRowId: string; userId: string; scopes: string[] }): Promise<void> {
  await db
    .insert(idpGrants)
    .values(values)
    .onConflictDoUpdate({ target: [idpGrants.clientRowId, idpGrants.userId], set: { scopes: values.scopes, updatedAt: sql`now()` } });
}

export async function insertCode(db: Db, values: typeof idpCodes.$inferInsert): Promise<void> {
  await db.insert(idpCodes).values(values);
}

/**
 * Marks the app's unexpired, unused code consumed and answers it; undefined when there is none (so a code works once).
 * Another app's code is not touched.
 */
export async function consumeCode(db: Db, codeHash: string, clientRowId: string): Promise<IdpCodeRow | undefined> {
  const [row] = await db
    .update(idpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(idpCodes.codeHash, codeHash), eq(idpCodes.clientRowId, clientRowId), isNull(idpCodes.consumedAt), gt(idpCodes.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function findClientById(db: Db, id: string): Promise<IdpClientRow | undefined> {
  const [row] = await db.select().from(idpClients).where(eq(idpClients.id, id)).limit(1);
  return row;
}
