// Settlement's worker side (ADR 105): the delivery job, and a sweeper that finds every to-do a crash or a lost
// job left behind in committed state: paid orders not handed to minting, deliveries whose mints settled, refunds
// owed, receipts due. Everything it runs is safe to run twice.
import type { CollectionService } from '../../collections/service.ts';
import type { AppContext } from '../../context.ts';
import type { NftService } from '../../nfts/service.ts';
import type { WebhookService } from '../../webhooks/service.ts';
import type { OrderPresenter } from '../orders/presenter.ts';
import { createDelivery } from './delivery.ts';
import type { Refunder } from './ports.ts';
import { createReceipts } from './receipts.ts';
import { createRefunds } from './refunds.ts';
import { DELIVERY_QUEUE, type DeliveryJob } from './settlement.ts';
import * as store from './store.ts';

/** How often worker processes sweep: deliveries complete within this of their last mint settling. */
const sweepEveryMs = 1_000;

export function createSettlementWorker(
  ctx: AppContext,
  deps: { nfts: NftService; collections: CollectionService; webhooks: WebhookService; presenter: OrderPresenter; refunders: Record<string, Refunder> },
) {
  const delivery = createDelivery(ctx, deps);
  const refunds = createRefunds(ctx, deps.refunders);
  const receipts = createReceipts(ctx, deps);
  const each = async (ids: string[], task: (id: string) => Promise<void>, what: string) => {
    for (const id of ids) await task(id).catch((error: unknown) => ctx.log.warn({ err: error, orderId: id }, `${what} failed; the next sweep tries again`));
  };

  async function sweep() {
    await each(await store.listUndelivered(ctx.db, 50), (id) => delivery.start(id), 'starting a delivery');
    await each(await store.listDelivering(ctx.db, 200), (id) => delivery.check(id), 'checking a delivery');
    await refunds.makeDue();
    await each(await store.listReceiptsDue(ctx.db, 20), (id) => receipts.send(id), 'sending a receipt');
  }

  return {
    delivery,
    sweep,
    /** Registers the delivery job and the sweeper (worker processes only). */
    async register() {
      await ctx.jobs.work<DeliveryJob>(DELIVERY_QUEUE, (job) => delivery.start(job.orderId), { concurrency: 4 });
      const run = ctx.jobs.every('settlement sweeper', sweepEveryMs, sweep);
      run();
    },
  };
}

export type SettlementWorker = ReturnType<typeof createSettlementWorker>;
