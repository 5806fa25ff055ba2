import { and, arrayContains, asc, count, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from '@keepsake/db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
type Db = Database | Transaction;

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listEndpoints(db: Db, projectId: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: Db, projectId: string, endpointId: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    .limit(1);
  return row;
}

export async function updateEndpoint(
  db: Db,
  projectId: string,
  endpointId: string,
  patch: Partial<Pick<EndpointRow, 'url' | 'description' | 'eventTypes' | 'enabled' | 'sealedSecret' | 'sealedPreviousSecret' | 'previousSecretExpiresAt'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, projectId: string, endpointId: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints of a project subscribed to `eventType`. */
export async function subscribedEndpointIds(db: Db, projectId: string, eventType: string): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.eventTypes, [eventType])));
  return rows.map((r) => r.id);
}

export async function insertMessage(db: Db, values: typeof webhookMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(webhookMessages).values(values).returning();
  return row!;
}

export async function insertDeliveries(db: Db, values: Array<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(webhookDeliveries).values(values);
}

/** The delivery of a project's message to one of its endpoints. */
export async function findDelivery(db: Db, projectId: string, endpointId: string, messageId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.messageId, messageId), eq(webhookMessages.projectId, projectId)))
    .limit(1);
  return row?.delivery;
}

/** Pending deliveries that have no delivery job queued, oldest first (the outbox relay's work). */
export async function listUnqueuedDeliveries(db: Db, limit: number): Promise<Array<Pick<DeliveryRow, 'id' | 'nextAttemptAt' | 'attempts'>>> {
  return db
    .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.jobToken)))
    .orderBy(asc(webhookDeliveries.createdAt))
    .limit(limit);
}

/**
 * Records the tokens of the jobs just queued, for rows still without a token and still at the attempt count
 * they were listed with (a job that already ran and rescheduled the delivery must not get its token back).
 */
export async function setJobTokens(db: Db, tokens: Array<{ id: string; token: string; attempts: number }>): Promise<void> {
  if (tokens.length === 0) return;
  const values = sql.join(
    tokens.map((t) => sql`(${t.id}::uuid, ${t.token}::uuid, ${t.attempts}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${webhookDeliveries} set job_token = v.token from (values ${values}) as v(id, token, attempts)
        where ${webhookDeliveries.id} = v.id and ${webhookDeliveries.jobToken} is null and ${webhookDeliveries.attempts} = v.attempts`,
  );
}

/**
 * Frees pending deliveries whose queued job should have run more than `graceSeconds` ago (a job lost for good,
 * e.g. after exhausting pg-boss's retries while the database was down), so the relay queues a new one.
 */
export async function releaseLostJobs(db: Db, graceSeconds: number): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ jobToken: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        isNotNull(webhookDeliveries.jobToken),
        lte(webhookDeliveries.nextAttemptAt, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/**
 * Claims a pending delivery for the job holding `token`: its own token, or no token while the attempt is due
 * (the job ran before the relay recorded its token). Returns undefined when another job owns it, it is not
 * due, or it is no longer pending.
 */
export async function claimDelivery(db: Db, deliveryId: string, token: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ jobToken: token })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(
          eq(webhookDeliveries.jobToken, token),
          and(
            isNull(webhookDeliveries.jobToken),
            or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, sql`now() + interval '1 second'`)),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

/** The endpoint and message a delivery sends. */
export async function deliveryTarget(db: Db, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, message: webhookMessages })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

export async function insertAttempt(db: Db, values: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** Updates a delivery only while the job holding `token` still owns it. */
export async function updateOwnedDelivery(
  db: Db,
  deliveryId: string,
  token: string,
  patch: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'jobToken'>>,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.jobToken, token)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A successful manual resend settles the delivery whatever its state; any queued retry then stands down. */
export async function markDeliverySucceeded(db: Db, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'succeeded', nextAttemptAt: null, jobToken: null, updatedAt: sql`now()` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** An endpoint's attempts, newest first, with the message and delivery each belongs to. */
export async function listAttempts(db: Db, endpointId: string, offset: number, limit: number) {
  return db
    .select({ attempt: webhookAttempts, eventType: webhookMessages.eventType, delivery: webhookDeliveries })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .offset(offset)
    .limit(limit);
}

export async function countAttempts(db: Db, endpointId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpointId));
  return row?.n ?? 0;
}

/** Ends the pending deliveries of an endpoint that was just disabled. */
export async function failPendingDeliveries(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, jobToken: null, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}
