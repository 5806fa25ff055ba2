import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

export const actionStatuses = ['pending', 'succeeded', 'failed'] as const;
export type ActionStatus = (typeof actionStatuses)[number];

/**
 * Asynchronous work the developer API accepted and reports on (`GET /api/2022-06-09/actions/{id}`):
 * `collections.create` (a deploy) today, mints next. `resource_path` is the API path of what it made.
 */
export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status', { enum: actionStatuses }).notNull().default('pending'),
    resourcePath: text('resource_path').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('actions_project_idx').on(t.projectId, t.startedAt)],
);

/**
 * `x-idempotency-key`s of the developer API (ADR 031): per project, the hash of the request that used the key
 * and the response it got. Written in the same transaction as the work, so the primary key settles concurrent
 * duplicates: the second insert waits for the first transaction and then finds its response.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /**
     * Who sent the key (`key:<apiKeyId>`, `user:<userId>`): a key is one caller's, so another caller of the same
     * project (a client-side key beside the server key) that sends the same string gets its own work, never the
     * first caller's response (issue 22 item 5).
     */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.caller, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
