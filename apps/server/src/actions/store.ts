import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { actions } from '@keepsake/db/schema';

type Db = Database | Transaction;
export type ActionRow = typeof actions.$inferSelect;

export async function insertAction(db: Db, values: typeof actions.$inferInsert): Promise<ActionRow> {
  const [row] = await db.insert(actions).values(values).returning();
  return row!;
}

/**
 * The statement that inserts a pending action for each row of `source` (a relation with the columns `id`,
 * `project_id`, `action`, `resource_path`, `data`), for use as a CTE of another domain's insert: its resources
 * and their actions are then written by one statement (the mint accept path, ADR 053).
 */
export function insertPendingActionsFrom(source: SQL): SQL {
  return sql`insert into ${actions} (id, project_id, action, resource_path, data) select id, project_id, action, resource_path, data from ${source}`;
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

/** Ends many pending actions in one statement (finished ones stay as they were). */
export async function completeActions(db: Db, entries: Array<{ id: string; status: 'succeeded' | 'failed'; data: Record<string, unknown> }>): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(sql`
    update ${actions} set status = v.status, data = v.data, completed_at = now()
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v(id uuid, status text, data jsonb)
    where ${actions.id} = v.id and ${actions.status} = 'pending'`);
}
