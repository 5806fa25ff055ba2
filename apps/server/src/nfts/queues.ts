import type { AppContext } from '../context.ts';
import { createPerKeyWindow } from '../platform/per-key-window.ts';

/** Coalesces a collection's queued mints into batch transactions and settles them (nfts/pipeline.ts). */
export const MINT_QUEUE = 'nfts.mint';
export type MintJob = { collectionId: string };
/** Safe to run again and side by side: mints are claimed with `skip locked` and settled under status guards. */
export const mintJobOptions = { retryLimit: 10, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 600 };

/** At most one mint job per collection per window from this process, with a trailing one after the last call. */
const windowMs = 100;

/**
 * Queues the collection's mint job after an accept. Calls in quick succession (a busy collection) share one job
 * per window, so accepting stays one transaction plus, at most now and then, one insert into the job queue; the
 * trailing job covers mints accepted after the window's job started. A process that dies before a trailing send
 * leaves queued mints that the sweeper finds (ADR 050).
 */
export function createMintKicker(ctx: AppContext) {
  const perCollection = createPerKeyWindow(windowMs, (collectionId) => {
    ctx.jobs.send<MintJob>(MINT_QUEUE, { collectionId }, mintJobOptions).catch((error: unknown) => {
      ctx.log.warn({ err: error, collectionId }, 'could not queue a mint job; the sweeper will');
    });
  });
  return (collectionId: string) => perCollection.call(collectionId);
}
