import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { chainTransactions, signerNonces } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type ChainTransactionRow = typeof chainTransactions.$inferSelect;

/** Locks the signer's nonce row (creating it at `initial` if it is new) and returns the next nonce it holds. */
export async function lockSignerNonce(tx: Transaction, chain: string, address: string, initial: number): Promise<number> {
  await tx.insert(signerNonces).values({ chain, address, nextNonce: initial }).onConflictDoNothing();
  const [row] = await tx
    .select({ nextNonce: signerNonces.nextNonce })
    .from(signerNonces)
    .where(and(eq(signerNonces.chain, chain), eq(signerNonces.address, address)))
    .for('update');
  return row!.nextNonce;
}

export async function setSignerNonce(tx: Transaction, chain: string, address: string, nextNonce: number): Promise<void> {
  await tx
    .update(signerNonces)
    .set({ nextNonce, updatedAt: new Date() })
    .where(and(eq(signerNonces.chain, chain), eq(signerNonces.address, address)));
}

export async function insertChainTransaction(tx: Transaction, values: typeof chainTransactions.$inferInsert): Promise<ChainTransactionRow> {
  const [row] = await tx.insert(chainTransactions).values(values).returning();
  return row!;
}

export async function findChainTransaction(db: Db, id: string): Promise<ChainTransactionRow | undefined> {
  const [row] = await db.select().from(chainTransactions).where(eq(chainTransactions.id, id));
  return row;
}

export async function listSubjectTransactions(db: Db, subjectId: string, purpose: string): Promise<ChainTransactionRow[]> {
  return db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.subjectId, subjectId), eq(chainTransactions.purpose, purpose)))
    .orderBy(asc(chainTransactions.nonce));
}

/** The signer's transactions that are not known to be mined, in nonce order. */
export async function listUnsettled(db: Db, chain: string, address: string): Promise<ChainTransactionRow[]> {
  return db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chain, chain), eq(chainTransactions.signerAddress, address), inArray(chainTransactions.status, ['signed', 'sent'])))
    .orderBy(asc(chainTransactions.nonce));
}

/** Every (chain, signer) with unsettled transactions: what a restart sends again. */
export async function listSignersWithUnsettled(db: Db): Promise<Array<{ chain: string; address: string }>> {
  return db
    .selectDistinct({ chain: chainTransactions.chain, address: chainTransactions.signerAddress })
    .from(chainTransactions)
    .where(inArray(chainTransactions.status, ['signed', 'sent']));
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(chainTransactions)
    .set({ status: 'sent', sentAt: sql`coalesce(${chainTransactions.sentAt}, now())` })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, 'signed')));
}

export async function settleTransaction(
  db: Db,
  id: string,
  /** The version whose outcome was read: if a fee bump stored another meanwhile, nothing changes. */
  readHash: string,
  outcome: {
    status: 'confirmed' | 'reverted' | 'replaced';
    blockNumber?: number;
    contractAddress?: string;
    error?: string;
    /** The version that was mined, when it is an earlier one (a fee bump lost the race): it becomes `hash`. */
    minedVersion?: { hash: string; previousHashes: string[] };
  },
): Promise<ChainTransactionRow | undefined> {
  const [row] = await db
    .update(chainTransactions)
    .set({
      ...(outcome.minedVersion ? { hash: outcome.minedVersion.hash, previousHashes: outcome.minedVersion.previousHashes } : {}),
      status: outcome.status,
      blockNumber: outcome.blockNumber ?? null,
      contractAddress: outcome.contractAddress ?? null,
      error: outcome.error ?? null,
      confirmedAt: new Date(),
    })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.hash, readHash), inArray(chainTransactions.status, ['signed', 'sent'])))
    .returning();
  return row;
}

/**
 * Replaces an unsettled transaction's signed bytes with a new version at the same nonce (a fee bump), keeping
 * the old hash in `previous_hashes` (either version may still be mined). Only if the row still holds `oldHash`.
 */
export async function replaceSignedVersion(db: Db, id: string, oldHash: string, next: { rawTransaction: string; hash: string }) {
  const [row] = await db
    .update(chainTransactions)
    .set({
      rawTransaction: next.rawTransaction,
      hash: next.hash,
      previousHashes: sql`${chainTransactions.previousHashes} || ${JSON.stringify([oldHash])}::jsonb`,
      status: 'signed',
      sentAt: null,
    })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.hash, oldHash), inArray(chainTransactions.status, ['signed', 'sent'])))
    .returning();
  return row;
}
