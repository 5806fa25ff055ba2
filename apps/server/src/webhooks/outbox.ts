import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@keepsake/db/client';
import type { AppContext } from '../context.ts';
import type { WebhookEventType } from '@keepsake/wire/console/webhooks';
import { isWebhookEventType } from './event-types.ts';
import { toMessageId } from './message-id.ts';
import * as store from './store.ts';

export const DELIVERY_QUEUE = 'webhooks.deliver';

/** A scheduled attempt carries the token that makes it the delivery's one live job; a resend has none. */
export type DeliveryJob = { deliveryId: string; token: string } | { deliveryId: string; manual: true };

export type WebhookEvent = {
  projectId: string;
  type: WebhookEventType;
  /** The event's `data`: a JSON object of at most 256 KB. */
  data: Record<string, unknown>;
};

/** Largest `data` a message may carry, serialised. */
export const maxEventDataBytes = 256 * 1024;

/**
 * Writes a message and one pending delivery per target endpoint (the subscribed, enabled endpoints of the
 * project, or exactly `endpointIds`). Runs in the caller's transaction, so the event is committed with the
 * change that caused it or not at all; the relay queues its delivery jobs after the commit (ADR 025).
 */
export async function writeMessage(
  tx: Database | Transaction,
  event: WebhookEvent,
  endpointIds?: string[],
): Promise<{ messageId: string; deliveries: number }> {
  if (!isWebhookEventType(event.type)) throw new TypeError(`Unknown webhook event type ${JSON.stringify(event.type)}.`);
  if (Buffer.byteLength(JSON.stringify(event.data)) > maxEventDataBytes) {
    throw new RangeError(`A webhook event's data must be at most ${maxEventDataBytes} bytes of JSON.`);
  }
  const id = randomUUID();
  const targets = endpointIds ?? (await store.subscribedEndpointIds(tx, event.projectId, event.type));
  if (targets.length > 0) {
    await store.insertMessage(tx, { id, projectId: event.projectId, eventType: event.type, data: event.data });
    const now = new Date();
    await store.insertDeliveries(
      tx,
      targets.map((endpointId) => ({ id: randomUUID(), messageId: id, endpointId, nextAttemptAt: now })),
    );
  }
  return { messageId: toMessageId(id), deliveries: targets.length };
}

/** pg-boss settings of a delivery job; it expires (and is retried) only if a worker dies mid-attempt. */
export function deliveryJobOptions(ctx: AppContext) {
  return { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: Math.ceil(ctx.config.webhooks.timeoutMs / 1000) * 2 + 30 };
}

const relayBatch = 200;
const relayMaxBatchesPerRun = 20;

/**
 * The outbox relay: queues a delivery job for every pending delivery that has none, not before its next
 * attempt is due, then records each job's token. A job queued twice (two relays, or a crash before the token
 * was recorded) is harmless: only the job whose token the delivery holds makes the attempt.
 */
export async function relayPendingDeliveries(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (let batch = 0; batch < relayMaxBatchesPerRun; batch++) {
    const due = await store.listUnqueuedDeliveries(ctx.db, relayBatch);
    if (due.length === 0) break;
    const tokens = due.map((d) => ({ id: d.id, token: randomUUID(), attempts: d.attempts }));
    await ctx.jobs.sendMany<DeliveryJob>(
      DELIVERY_QUEUE,
      due.map((d, i) => ({ data: { deliveryId: d.id, token: tokens[i]!.token }, ...(d.nextAttemptAt ? { startAfter: d.nextAttemptAt } : {}) })),
      deliveryJobOptions(ctx),
    );
    await store.setJobTokens(ctx.db, tokens);
    queued += due.length;
    if (due.length < relayBatch) break;
  }
  return queued;
}

/** A queued job that has not run an hour after its time is taken as lost (ADR 025). */
export const lostJobGraceSeconds = 3600;

/** Lets the relay queue a fresh job for deliveries whose job was lost; the old token, should it run, is refused. */
export async function recoverLostDeliveries(ctx: AppContext): Promise<number> {
  return store.releaseLostJobs(ctx.db, lostJobGraceSeconds);
}
