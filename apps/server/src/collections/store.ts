import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { collections, collectionTemplates, tokenMetadata, type TokenMetadataColumn } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type CollectionRow = typeof collections.$inferSelect;
export type TemplateRow = typeof collectionTemplates.$inferSelect;

/** Inserts a collection unless its id exists; returns the row it inserted, or undefined. */
export async function insertCollectionIfAbsent(db: Db, values: typeof collections.$inferInsert): Promise<CollectionRow | undefined> {
  const [row] = await db.insert(collections).values(values).onConflictDoNothing({ target: collections.id }).returning();
  return row;
}

/** Any project's collection by id: for the deploy worker and PUT's id check only. */
export async function findCollectionById(db: Db, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row;
}

export async function findCollection(db: Db, projectId: string, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.projectId, projectId)));
  return row;
}

/** Locks a collection's row for the rest of the transaction (the deploy worker's steps, PATCH). */
export async function lockCollection(tx: Transaction, id: string): Promise<CollectionRow | undefined> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  return row;
}

export async function listCollections(db: Db, projectId: string, page: number, perPage: number) {
  return db
    .select()
    .from(collections)
    .where(eq(collections.projectId, projectId))
    .orderBy(desc(collections.createdAt), desc(collections.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function countCollections(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.projectId, projectId));
  return row?.n ?? 0;
}

export async function updateCollection(db: Db, id: string, patch: Partial<typeof collections.$inferInsert>): Promise<CollectionRow | undefined> {
  const [row] = await db
    .update(collections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(collections.id, id))
    .returning();
  return row;
}

/** Notes why a pending deploy is being retried (a finished deploy is left alone). */
export async function notePendingDeployError(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(collections)
    .set({ deployError: error, updatedAt: new Date() })
    .where(and(eq(collections.id, id), eq(collections.deployStatus, 'pending')));
}

/** Pending deploys not touched for `idleMs` (all of them with 0): what the sweeper queues again. */
export async function listStalledDeploys(db: Db, idleMs: number, limit: number): Promise<Array<{ id: string }>> {
  return db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.deployStatus, 'pending'), lt(collections.updatedAt, new Date(Date.now() - idleMs))))
    .orderBy(asc(collections.updatedAt))
    .limit(limit);
}

export async function insertTemplateIfAbsent(db: Db, values: typeof collectionTemplates.$inferInsert): Promise<TemplateRow | undefined> {
  const [row] = await db.insert(collectionTemplates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTemplate(db: Db, projectId: string, collectionId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(collectionTemplates)
    .where(and(eq(collectionTemplates.id, id), eq(collectionTemplates.collectionId, collectionId), eq(collectionTemplates.projectId, projectId)));
  return row;
}

export async function findTemplateByToken(db: Db, collectionId: string, tokenId: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(collectionTemplates)
    .where(and(eq(collectionTemplates.collectionId, collectionId), eq(collectionTemplates.tokenId, tokenId)));
  return row;
}

export async function listTemplates(db: Db, collectionId: string, page: number, perPage: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(collectionTemplates)
    .where(eq(collectionTemplates.collectionId, collectionId))
    .orderBy(asc(collectionTemplates.createdAt), asc(collectionTemplates.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function listAllTemplates(db: Db, collectionId: string): Promise<TemplateRow[]> {
  return db.select().from(collectionTemplates).where(eq(collectionTemplates.collectionId, collectionId)).orderBy(asc(collectionTemplates.createdAt));
}

export async function countTemplates(db: Db, collectionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collectionTemplates).where(eq(collectionTemplates.collectionId, collectionId));
  return row?.n ?? 0;
}

/** Template counts of several collections (those without templates are absent). */
export async function countTemplatesOf(db: Db, collectionIds: string[]): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .select({ collectionId: collectionTemplates.collectionId, n: count() })
    .from(collectionTemplates)
    .where(inArray(collectionTemplates.collectionId, collectionIds))
    .groupBy(collectionTemplates.collectionId);
  return new Map(rows.map((row) => [row.collectionId, row.n]));
}

/** The next free token id of a collection's templates (numerically after the highest). */
export async function nextTemplateTokenId(db: Db, collectionId: string): Promise<string> {
  const [row] = await db
    .select({ max: sql<string | null>`max(${collectionTemplates.tokenId}::numeric)::text` })
    .from(collectionTemplates)
    .where(eq(collectionTemplates.collectionId, collectionId));
  return row?.max ? (BigInt(row.max) + 1n).toString() : '1';
}

/** The metadata the minting task stored for a token (ADR 032). */
export async function findTokenMetadata(db: Db, collectionId: string, tokenId: string) {
  const [row] = await db
    .select()
    .from(tokenMetadata)
    .where(and(eq(tokenMetadata.collectionId, collectionId), eq(tokenMetadata.tokenId, tokenId)));
  return row;
}

/** Stores the metadata of newly minted tokens (ADR 032); a token that has it already keeps it. */
export async function insertTokenMetadata(db: Db, collectionId: string, entries: Array<{ tokenId: string; metadata: TokenMetadataColumn }>) {
  if (entries.length === 0) return;
  // One JSON parameter rather than a multi-row insert: a mint batch writes ~600 rows, and building a multi-row
  // insert costs per value (ADR 053).
  await db.execute(sql`
    insert into ${tokenMetadata} (collection_id, token_id, metadata)
    select ${collectionId}::uuid, v."tokenId", v.metadata
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v("tokenId" text, metadata jsonb)
    on conflict do nothing`);
}
