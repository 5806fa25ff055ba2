import type { ActionService } from '../actions/service.ts';
import type { ChainTransactionService } from '../chains/transactions.ts';
import type { AppContext } from '../context.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { createCollectionDeployer } from './deploy.ts';
import { DEPLOY_QUEUE, deployJobOptions, SUPPLY_QUEUE, type DeployJob } from './queues.ts';
import * as store from './store.ts';
import { createSupplySync } from './supply-sync.ts';

/** A pending deploy untouched this long is queued again by the sweeper (its job was lost or gave up). */
export const stalledDeployMs = 2 * 60 * 1000;

/**
 * Worker side of collections: the deploy and supply-limit workers, and the sweeper, which first sends the stored,
 * unmined transactions again and queues every pending deploy (a restart resumes them), then once a minute queues
 * the pending deploys that have stalled.
 */
export async function registerCollectionJobs(
  ctx: AppContext,
  deps: { chainTransactions: ChainTransactionService; actions: ActionService; webhooks: WebhookService },
) {
  const sync = createSupplySync(ctx, deps);
  const deployer = createCollectionDeployer(ctx, {
    ...deps,
    // A PATCH of the supply limit while the deploy was in flight is applied once the contract exists.
    onDeployed: async (collectionId) => void (await ctx.jobs.send<DeployJob>(SUPPLY_QUEUE, { collectionId }, deployJobOptions)),
  });
  await ctx.jobs.work<DeployJob>(DEPLOY_QUEUE, (job) => deployer.run(job.collectionId), { concurrency: 4 });
  await ctx.jobs.work<DeployJob>(SUPPLY_QUEUE, (job) => sync.run(job.collectionId), { concurrency: 2 });

  // The first run (right away, in the background so that start-up does not wait on a chain) resends what a
  // previous process left unsent and queues every pending deploy; later runs queue the stalled ones.
  let firstRun = true;
  const sweep = ctx.jobs.every('collection deploy sweeper', 60_000, async () => {
    const idleMs = firstRun ? 0 : stalledDeployMs;
    if (firstRun) await deps.chainTransactions.resendUnsettled();
    firstRun = false;
    const stalled = await store.listStalledDeploys(ctx.db, idleMs, 500);
    await ctx.jobs.sendMany<DeployJob>(
      DEPLOY_QUEUE,
      stalled.map(({ id }) => ({ data: { collectionId: id } })),
      deployJobOptions,
    );
  });
  sweep();
}
