import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Transaction } from '@keepsake/db/client';
import type { AppContext } from '../context.ts';
import { ResourceNotFoundError } from '../platform/domain-errors.ts';
import * as store from './store.ts';

/** Action names, as `action` in the API. */
export type ActionName = 'collections.create' | 'nfts.create';

export function presentAction(row: store.ActionRow, publicUrl: string) {
  return {
    actionId: row.id,
    action: row.action,
    status: row.status,
    data: row.data,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    resource: `${publicUrl}${row.resourcePath}`,
  };
}

export type PresentedAction = ReturnType<typeof presentAction>;

/**
 * Asynchronous work the API accepted (deploys now, mints next), reported by GET /api/2022-06-09/actions/{id}.
 * Other domains start and finish actions inside their own transactions.
 */
/** No action with that id in the project. */
export class ActionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Action not found.');
  }
}

export function createActionService(ctx: AppContext) {
  return {
    /** Records a pending action in the caller's transaction. */
    async start(tx: Transaction, input: { id?: string; projectId: string; action: ActionName; resourcePath: string; data: Record<string, unknown> }) {
      return store.insertAction(tx, {
        id: input.id ?? randomUUID(),
        projectId: input.projectId,
        action: input.action,
        resourcePath: input.resourcePath,
        data: input.data,
      });
    },

    /**
     * A CTE body that records a pending action for each row of `source` (columns `id`, `project_id`, `action`,
     * `resource_path`, `data`), so that another domain writes its rows and their actions in one statement.
     */
    startManyFrom(source: SQL): SQL {
      return store.insertPendingActionsFrom(source);
    },

    /** Marks a pending action succeeded or failed with its final data; a finished action is left alone. */
    async complete(tx: Transaction, id: string, status: 'succeeded' | 'failed', data: Record<string, unknown>) {
      return store.completeAction(tx, id, status, data);
    },

    /** Completes many pending actions in the caller's transaction (a mint batch's). */
    async completeMany(tx: Transaction, entries: Array<{ id: string; status: 'succeeded' | 'failed'; data: Record<string, unknown> }>) {
      await store.completeActions(tx, entries);
    },

    /** Replaces a pending action's data (e.g. the transaction it waits for). */
    async note(tx: Transaction, id: string, data: Record<string, unknown>) {
      await store.updateActionData(tx, id, data);
    },

    /** Another project's action is not found (404), never forbidden. @throws ActionNotFoundError */
    async get(projectId: string, id: string) {
      const row = await store.findAction(ctx.db, projectId, id);
      if (!row) throw new ActionNotFoundError();
      return presentAction(row, ctx.config.publicUrl);
    },
  };
}

export type ActionService = ReturnType<typeof createActionService>;
