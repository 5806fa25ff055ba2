import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { platformContracts, platformSigners } from '@keepsake/db/schema';

export async function listSigners(db: Database, count: number) {
  return db.select().from(platformSigners).where(lt(platformSigners.slot, count)).orderBy(asc(platformSigners.slot));
}

/** Inserts a signer unless its slot is taken (a concurrent start-up made it first). */
export async function insertSignerIfAbsent(db: Database, row: typeof platformSigners.$inferInsert) {
  await db.insert(platformSigners).values(row).onConflictDoNothing();
}

export async function findPlatformContract(db: Database, chain: string, name: 'test-stablecoin' | 'payments') {
  const rows = await db
    .select()
    .from(platformContracts)
    .where(and(eq(platformContracts.chain, chain), eq(platformContracts.name, name)));
  return rows[0];
}

export async function savePlatformContract(db: Database, row: typeof platformContracts.$inferInsert) {
  await db
    .insert(platformContracts)
    .values(row)
    .onConflictDoUpdate({
      target: [platformContracts.chain, platformContracts.name],
      set: { address: row.address, transactionHash: row.transactionHash, deployedAt: new Date() },
    });
}
