import type { ActionService } from '../actions/service.ts';
import type { ChainTransactionService } from '../chains/transactions.ts';
import type { CollectionService } from '../collections/service.ts';
import type { AppContext } from '../context.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { createMintPipeline } from './pipeline.ts';
import { MINT_QUEUE, mintJobOptions, type MintJob } from './queues.ts';

/** How often worker processes look for batches to settle and mints still queued (a restart, a lost job). */
const sweepEveryMs = 5_000;

/**
 * Worker side of minting: the mint job (batch and settle a collection's queued mints) and the sweeper, whose
 * first run settles what a previous process recorded but did not settle (the stored transactions are sent
 * again by the collections sweeper's first run) and queues collections with queued mints.
 */
export async function registerNftJobs(
  ctx: AppContext,
  deps: { chainTransactions: ChainTransactionService; collections: CollectionService; actions: ActionService; webhooks: WebhookService },
) {
  const pipeline = createMintPipeline(ctx, deps);
  await ctx.jobs.work<MintJob>(MINT_QUEUE, (job) => pipeline.run(job.collectionId), { concurrency: ctx.config.minting.concurrency });
  const sweep = ctx.jobs.every('mint sweeper', sweepEveryMs, async () => {
    const queued = await pipeline.sweep();
    await ctx.jobs.sendMany<MintJob>(
      MINT_QUEUE,
      queued.map((collectionId) => ({ data: { collectionId } })),
      mintJobOptions,
    );
  });
  sweep();
  return pipeline;
}
