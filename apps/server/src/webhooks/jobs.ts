import type { AppContext } from '../context.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { DELIVERY_QUEUE, recoverLostDeliveries, relayPendingDeliveries, type DeliveryJob } from './outbox.ts';
import type { WebhookService } from './service.ts';

/**
 * Worker side of webhooks: the outbox relay, every WEBHOOK_RELAY_INTERVAL_MS and whenever something asks
 * for it; once a minute, the recovery of deliveries whose job was lost; and the delivery workers
 * (WEBHOOK_CONCURRENCY attempts in flight per process).
 */
export async function registerWebhookJobs(ctx: AppContext, webhooks: WebhookService) {
  const nudge = ctx.jobs.every('webhook outbox relay', ctx.config.webhooks.relayIntervalMs, async () => {
    await relayPendingDeliveries(ctx);
  });
  webhooks.setRelayNudge(nudge);
  ctx.jobs.every('webhook lost-job recovery', 60_000, async () => {
    if ((await recoverLostDeliveries(ctx)) > 0) nudge();
  });
  const worker = createDeliveryWorker(ctx, nudge);
  await ctx.jobs.work<DeliveryJob>(DELIVERY_QUEUE, (job) => worker.handle(job), { concurrency: ctx.config.webhooks.concurrency });
  nudge();
}
