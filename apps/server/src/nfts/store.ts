import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { nfts } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type NftRow = typeof nfts.$inferSelect;

/** A Postgres array literal of UUIDs or numbers (values come from the database or `randomUUID`, never the client). */
const arrayLiteral = (values: Array<string | number>) => `{${values.join(',')}}`;

/** A mint to accept: what `insertPendingNfts` writes. */
export type NewMint = {
  id: string;
  projectId: string;
  collectionId: string;
  chain: string;
  tokenStandard: 'erc-721' | 'erc-1155';
  ownerAddress: string;
  recipient: string;
  metadata: NftRow['metadata'];
  templateId: string | null;
  quantity: number;
  actionId: string;
  requestHash: string;
};

/**
 * Inserts pending mints and their `nfts.create` actions in ONE statement with one parameter (a JSON array;
 * ADR 053), skipping ids that exist (and their actions). `startActions` is the actions domain's insert of
 * pending actions from a relation. Returns the rows inserted (as the API shows them), in input order.
 */
export async function insertPendingNfts(db: Db, values: NewMint[], startActions: (source: SQL) => SQL): Promise<NftRow[]> {
  if (values.length === 0) return [];
  const raw: unknown = await db.execute(sql`
    with inserted as (
      insert into ${nfts} (id, project_id, collection_id, chain, status, token_standard, owner_address, recipient, metadata,
                           template_id, quantity, action_id, request_hash)
      select v.id, v."projectId", v."collectionId", v.chain, 'pending', v."tokenStandard", v."ownerAddress", v.recipient,
             v.metadata, v."templateId", v.quantity, v."actionId", v."requestHash"
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, "projectId" uuid, "collectionId" uuid, chain text,
        "tokenStandard" text, "ownerAddress" text, recipient text, metadata jsonb, "templateId" uuid, quantity integer,
        "actionId" uuid, "requestHash" text)
      on conflict (id) do nothing
      returning id, project_id, collection_id, chain, action_id, created_at
    ),
    started as (${startActions(sql`(
      select action_id as id, project_id, 'nfts.create' as action,
             '/api/2022-06-09/collections/' || collection_id || '/nfts/' || id as resource_path,
             jsonb_build_object('collectionId', collection_id, 'nftId', id, 'chain', chain) as data
      from inserted) as mints`)})
    select id, (extract(epoch from created_at) * 1000)::float8 as created_ms from inserted`);
  // Both drivers answer raw SQL with `{ rows }`.
  const inserted = new Map((raw as { rows: Array<{ id: string; created_ms: number | string }> }).rows.map((row) => [row.id, Number(row.created_ms)]));
  return values.flatMap((value) => {
    const createdMs = inserted.get(value.id);
    if (createdMs === undefined) return [];
    const createdAt = new Date(Math.floor(createdMs));
    return [
      {
        ...value,
        status: 'pending' as const,
        contractAddress: null,
        tokenId: null,
        transactionId: null,
        batchIndex: null,
        txId: null,
        error: null,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
}

export async function findNftById(db: Db, id: string): Promise<NftRow | undefined> {
  const [row] = await db.select().from(nfts).where(eq(nfts.id, id));
  return row;
}

export async function findNft(db: Db, projectId: string, collectionId: string, id: string): Promise<NftRow | undefined> {
  const [row] = await db
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, id), eq(nfts.collectionId, collectionId), eq(nfts.projectId, projectId)));
  return row;
}

export async function listNfts(db: Db, projectId: string, collectionId: string, page: number, perPage: number): Promise<NftRow[]> {
  return db
    .select()
    .from(nfts)
    .where(and(eq(nfts.collectionId, collectionId), eq(nfts.projectId, projectId)))
    .orderBy(desc(nfts.createdAt), desc(nfts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/**
 * A queued mint: pending, in no batch yet, and accepted through the API (which always gives a mint its
 * `nfts.create` action). Rows written any other way (the view tests' seeded rows) are never batched.
 */
const isQueued = and(eq(nfts.status, 'pending'), isNull(nfts.transactionId), isNotNull(nfts.actionId));

/**
 * Takes up to `limit` queued mints of the collection, oldest first, locking them (`skip locked`: two workers
 * never take the same mint, and neither waits for the other).
 */
export async function claimQueued(tx: Transaction, collectionId: string, limit: number) {
  // Only what a batch needs: a full row (its metadata JSON above all) costs parsing for up to ~600 rows, and a
  // lingering batch claims again every time it looks (ADR 053).
  return tx
    .select({ id: nfts.id, ownerAddress: nfts.ownerAddress, templateId: nfts.templateId, quantity: nfts.quantity, createdAt: nfts.createdAt })
    .from(nfts)
    .where(and(eq(nfts.collectionId, collectionId), isQueued))
    .orderBy(asc(nfts.createdAt), asc(nfts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The batch's mints as a table `batch(id, position, token_id)`, positions from 1: one array parameter each, and
 * a join rather than `id in (…)` with a parameter per mint and a search of the array for every row (quadratic
 * in a 600-mint batch).
 */
const batchTable = (ids: string[], tokenIds?: string[]) =>
  tokenIds
    ? sql`unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(tokenIds)}::text[]) with ordinality as batch(id, token_id, position)`
    : sql`unnest(${arrayLiteral(ids)}::uuid[]) with ordinality as batch(id, position)`;

/** Puts the mints into the batch transaction, each at its place among the batch's recipients. */
export async function assignBatch(tx: Transaction, ids: string[], transactionId: string): Promise<void> {
  await tx
    .update(nfts)
    .set({ transactionId, batchIndex: sql`batch.position - 1`, updatedAt: new Date() })
    .from(batchTable(ids))
    .where(sql`${nfts.id} = batch.id`);
}

/** The pending mints of a batch transaction, in the batch's order: their ids and collection (not ~600 full rows). */
export async function listBatch(db: Db, transactionId: string): Promise<Array<{ id: string; collectionId: string }>> {
  return db
    .select({ id: nfts.id, collectionId: nfts.collectionId })
    .from(nfts)
    .where(and(eq(nfts.transactionId, transactionId), eq(nfts.status, 'pending')))
    .orderBy(asc(nfts.batchIndex));
}

/**
 * What settling a mint reads back: the fields of its action's data, its webhook event and its token metadata.
 * Not the whole row: a batch settles ~600 mints at once, and every column more is parsed on the API's thread.
 */
const settledColumns = {
  id: nfts.id,
  projectId: nfts.projectId,
  collectionId: nfts.collectionId,
  chain: nfts.chain,
  contractAddress: nfts.contractAddress,
  tokenId: nfts.tokenId,
  recipient: nfts.recipient,
  metadata: nfts.metadata,
  txId: nfts.txId,
  actionId: nfts.actionId,
};
export type SettledNft = Pick<NftRow, keyof typeof settledColumns>;

/** Marks a batch's pending mints minted, with their token ids in batch order; returns what it changed (none the second time). */
export async function markMinted(
  tx: Transaction,
  transactionId: string,
  txId: string,
  contractAddress: string,
  ids: string[],
  tokenIds: string[],
): Promise<SettledNft[]> {
  return tx
    .update(nfts)
    .set({
      status: 'success',
      txId,
      contractAddress,
      tokenId: sql`batch.token_id`,
      error: null,
      updatedAt: new Date(),
    })
    .from(batchTable(ids, tokenIds))
    .where(and(sql`${nfts.id} = batch.id`, eq(nfts.transactionId, transactionId), eq(nfts.status, 'pending')))
    .returning(settledColumns);
}

/** Fails mints that are still pending; returns what it changed. */
export async function markFailed(tx: Transaction, ids: string[], error: string, txId: string | null): Promise<SettledNft[]> {
  if (ids.length === 0) return [];
  return tx
    .update(nfts)
    .set({ status: 'failed', error, txId, updatedAt: new Date() })
    .where(and(inArray(nfts.id, ids), eq(nfts.status, 'pending')))
    .returning(settledColumns);
}

/** Sends a batch's mints back to the queue (its transaction was replaced, so none of them was minted). */
export async function unassignBatch(db: Db, transactionId: string): Promise<number> {
  const rows = await db
    .update(nfts)
    .set({ transactionId: null, batchIndex: null, updatedAt: new Date() })
    .where(and(eq(nfts.transactionId, transactionId), eq(nfts.status, 'pending')))
    .returning({ id: nfts.id });
  return rows.length;
}

/** Batch transactions whose mints are still pending: what a restart (or the sweeper) settles. */
export async function listUnsettledBatches(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ transactionId: nfts.transactionId })
    .from(nfts)
    .where(and(eq(nfts.status, 'pending'), isNotNull(nfts.transactionId)))
    .limit(limit);
  return rows.map((row) => row.transactionId!);
}

/** Collections with queued mints. */
export async function listCollectionsWithQueued(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectDistinct({ collectionId: nfts.collectionId }).from(nfts).where(isQueued).limit(limit);
  return rows.map((row) => row.collectionId);
}

/** Queued mints of a collection (to fail them when its deploy failed). */
export async function listQueuedIds(db: Db, collectionId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.collectionId, collectionId), isQueued))
    .orderBy(asc(nfts.createdAt), asc(nfts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
