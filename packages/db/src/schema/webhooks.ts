import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * A project's webhook endpoints. The signing secret (`whsec_…`) must be usable for signing, so it is sealed
 * with the master key (envelope encryption), never hashed and never stored in plain text. During a rotation
 * the previous secret stays valid (deliveries carry both signatures) until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    sealedPreviousSecret: text('sealed_previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The outbox: one row per published event. Written in the publisher's own transaction, so an event exists
 * exactly when the domain change that caused it was committed. On the wire its id is `msg_<uuid hex>`.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_messages_project_idx').on(t.projectId, t.createdAt)],
);

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * One message to one endpoint, and where its retry schedule stands. `job_token` is null while no delivery job
 * is queued for the next attempt (the relay then queues one); a job only acts when its token is the current one.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    /** Scheduled attempts made so far; indexes the retry schedule. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    jobToken: uuid('job_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_endpoint_key').on(t.messageId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_unqueued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.jobToken} is null`),
    index('webhook_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const webhookAttemptTriggers = ['scheduled', 'manual'] as const;
export type WebhookAttemptTrigger = (typeof webhookAttemptTriggers)[number];

/** Every HTTP attempt, successful or not, as the console shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: webhookAttemptTriggers }).notNull(),
    /** 1-based number in the retry schedule; null for a manual resend. */
    attemptNumber: integer('attempt_number'),
    succeeded: boolean('succeeded').notNull(),
    responseStatus: integer('response_status'),
    /** The start of the response body, capped. */
    responseBody: text('response_body').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt), index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
