import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { unseal } from '../platform/secrets.ts';
import { postWebhook, type AttemptOutcome } from './http-delivery.ts';
import { toMessageId } from './message-id.ts';
import type { DeliveryJob } from './outbox.ts';
import { webhookSignatureHeaders } from './signing.ts';
import * as store from './store.ts';
import { checkEndpointUrl, guardedLookup, WebhookUrlError } from './url-policy.ts';

type Target = NonNullable<Awaited<ReturnType<typeof store.deliveryTarget>>>;

/** The secrets a delivery is signed with: the current one, and the previous one while a rotation overlaps. */
export function signingSecrets(masterKey: Buffer, endpoint: store.EndpointRow, now = new Date()): string[] {
  const secrets = [unseal(masterKey, endpoint.sealedSecret)];
  if (endpoint.sealedPreviousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(unseal(masterKey, endpoint.sealedPreviousSecret));
  }
  return secrets;
}

/** The envelope every endpoint receives: `{type, data, timestamp}`. */
export function envelope(message: store.MessageRow): string {
  return JSON.stringify({ type: message.eventType, data: message.data, timestamp: message.createdAt.toISOString() });
}

/**
 * Runs delivery jobs: one signed HTTP attempt each, logged, then the delivery is settled or its next retry
 * scheduled (the relay queues that job). `onRetryScheduled` lets the relay run at once instead of at its
 * next tick.
 */
export function createDeliveryWorker(ctx: AppContext, onRetryScheduled: () => void) {
  const { retryScheduleMs, timeoutMs } = ctx.config.webhooks;
  const policy = { devMode: ctx.config.devMode };
  const lookup = guardedLookup(policy);

  /**
   * Why the endpoint's URL may not be called now, if it may not. The lookup guard sees host names only (an IP
   * literal is connected to without a lookup), and an endpoint may predate today's policy.
   */
  function refusal(url: string): string | undefined {
    try {
      checkEndpointUrl(url, policy);
      return undefined;
    } catch (error) {
      if (error instanceof WebhookUrlError) return error.message;
      throw error;
    }
  }

  async function attempt(target: Target): Promise<{ startedAt: Date; outcome: AttemptOutcome }> {
    const startedAt = new Date();
    const body = envelope(target.message);
    const headers = webhookSignatureHeaders({
      messageId: toMessageId(target.message.id),
      timestampSeconds: Math.floor(startedAt.getTime() / 1000),
      body,
      secrets: signingSecrets(ctx.keys.master, target.endpoint, startedAt),
    });
    const refused = refusal(target.endpoint.url);
    if (refused)
      return { startedAt, outcome: { succeeded: false, responseStatus: null, responseBody: '', durationMs: 0, error: `Address not allowed: ${refused}` } };
    return { startedAt, outcome: await postWebhook(target.endpoint.url, body, headers, { timeoutMs, lookup }) };
  }

  function attemptRow(target: Target, startedAt: Date, outcome: AttemptOutcome, trigger: 'scheduled' | 'manual', attemptNumber: number | null) {
    return {
      id: randomUUID(),
      deliveryId: target.delivery.id,
      endpointId: target.endpoint.id,
      messageId: target.message.id,
      trigger,
      attemptNumber,
      succeeded: outcome.succeeded,
      responseStatus: outcome.responseStatus,
      responseBody: outcome.responseBody,
      durationMs: outcome.durationMs,
      error: outcome.error,
      createdAt: startedAt,
    };
  }

  async function scheduled(target: Target, token: string) {
    const claimed = await store.claimDelivery(ctx.db, target.delivery.id, token);
    if (!claimed) return; // another job owns it, it is not due yet, or it is settled
    if (!target.endpoint.enabled) {
      await store.updateOwnedDelivery(ctx.db, claimed.id, token, { status: 'failed', nextAttemptAt: null, jobToken: null });
      return;
    }
    const { startedAt, outcome } = await attempt(target);
    const attempts = claimed.attempts + 1;
    const retryInMs = retryScheduleMs[claimed.attempts];
    const next = outcome.succeeded
      ? { status: 'succeeded' as const, attempts, nextAttemptAt: null, jobToken: null }
      : retryInMs === undefined
        ? { status: 'failed' as const, attempts, nextAttemptAt: null, jobToken: null }
        : { attempts, nextAttemptAt: new Date(Date.now() + retryInMs), jobToken: null };
    await ctx.db.transaction(async (tx) => {
      await store.insertAttempt(tx, attemptRow(target, startedAt, outcome, 'scheduled', attempts));
      await store.updateOwnedDelivery(tx, claimed.id, token, next);
    });
    // Ids only: an endpoint URL may carry a token in its query string, and bodies are the customer's data.
    const facts = { messageId: toMessageId(target.message.id), endpointId: target.endpoint.id, attempt: attempts, status: outcome.responseStatus };
    if (outcome.succeeded) ctx.log.debug(facts, 'webhook delivered');
    else if (retryInMs === undefined) ctx.log.warn({ ...facts, error: outcome.error }, 'webhook failed after its last attempt');
    else ctx.log.debug({ ...facts, error: outcome.error, retryInMs }, 'webhook attempt failed');
    if (!outcome.succeeded && retryInMs !== undefined) onRetryScheduled();
  }

  /** A resend from the console: one attempt outside the schedule; success settles the delivery. */
  async function manual(target: Target) {
    if (!target.endpoint.enabled) return;
    const { startedAt, outcome } = await attempt(target);
    await ctx.db.transaction(async (tx) => {
      await store.insertAttempt(tx, attemptRow(target, startedAt, outcome, 'manual', null));
      if (outcome.succeeded) await store.markDeliverySucceeded(tx, target.delivery.id);
    });
  }

  return {
    async handle(job: DeliveryJob): Promise<void> {
      const target = await store.deliveryTarget(ctx.db, job.deliveryId);
      if (!target) return; // the endpoint (and with it the delivery) was deleted
      if ('manual' in job) await manual(target);
      else await scheduled(target, job.token);
    },
  };
}
