import type { AppContext } from '../../context.ts';
import type { PaymentSink } from '../settlement/ports.ts';
import { createCryptoPaymentWatcher } from './watcher.ts';

/**
 * Worker side of crypto payments: the watcher reads every chain's payment contract every
 * CHECKOUT_WATCH_INTERVAL_MS (one run at a time in this process; a second process reading the same range records
 * nothing twice). Its first run resumes from the stored cursors.
 */
export function registerCryptoPaymentJobs(ctx: AppContext, deps: { sink: PaymentSink }) {
  const watcher = createCryptoPaymentWatcher(ctx, deps.sink);
  const run = ctx.jobs.every('crypto payment watcher', ctx.config.cryptoPayments.watchIntervalMs, () => watcher.scanAll());
  run();
  return watcher;
}
