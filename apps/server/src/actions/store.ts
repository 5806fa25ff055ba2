import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { actions } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type ActionRow = typeof actions.$inferSelect;

export async function insertAction(db: Db, values: typeof actions.$inferInsert): Promise<ActionRow> {
  const [row] = await db.insert(actions).values(values).returning();
  return row!;
}

export async function findAction(db: Db, projectId: string, id: string): Promise<ActionRow | undefined> {
  const [row] = await db
    .select()
    .from(actions)
    .where(and(eq(actions.id, id), eq(actions.projectId, projectId)));
  return row;
}

/** Ends a pending action; a finished one stays as it was (returns undefined). */
export async function completeAction(db: Db, id: string, status: 'succeeded' | 'failed', data: Record<string, unknown>): Promise<ActionRow | undefined> {
  const [row] = await db
    .update(actions)
    .set({ status, data, completedAt: new Date() })
    .where(and(eq(actions.id, id), eq(actions.status, 'pending')))
    .returning();
  return row;
}

export async function updateActionData(db: Db, id: string, data: Record<string, unknown>): Promise<void> {
  await db.update(actions).set({ data }).where(eq(actions.id, id));
}
