// `server.settled()`: waits until the test server has no work due now, so that a test can assert that something
// was NOT sent without sleeping (a sleep proves nothing on a slow machine). See the harness's `settled` doc.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { webhookDeliveries } from '@keepsake/db/schema';
import type { AppContext } from '../context.ts';
import { DELIVERY_QUEUE } from '../webhooks/outbox.ts';

export type SettleOptions = {
  /**
   * Also drain the work that falls due until this instant (a retry a test must see run, or see not run): jobs
   * whose start is at or before it count as due, so `settled` waits for pg-boss to run them at their time.
   */
  through?: Date;
  /** Throws, naming what is still busy, after this long (default 15 s). */
  timeoutMs?: number;
};

/**
 * Counts the server's work in flight: every mail and text message being sent, every job handler and periodic
 * task (the webhook relay, the sweepers) running, and every enqueue. Installed on the context before the services
 * and workers are built, so that all of them go through it.
 */
export function instrumentForSettling(ctx: AppContext) {
  let inFlight = 0;
  let started = 0;
  const workedQueues = new Set<string>();
  const track = <T>(run: () => Promise<T>): Promise<T> => {
    inFlight++;
    started++;
    try {
      return run().finally(() => void inFlight--);
    } catch (error) {
      inFlight--;
      throw error;
    }
  };

  const mailer = ctx.mailer;
  ctx.mailer = { ...mailer, kind: mailer.kind, send: (mail) => track(() => mailer.send(mail)), close: () => mailer.close() };
  const texts = ctx.texts;
  ctx.texts = { ...texts, kind: texts.kind, send: (message) => track(() => texts.send(message)) };
  const jobs = ctx.jobs;
  ctx.jobs = {
    send: (queue, data, options) => track(() => jobs.send(queue, data, options)),
    sendMany: (queue, list, options) => track(() => jobs.sendMany(queue, list, options)),
    work: <T extends object>(queue: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number }) => {
      workedQueues.add(queue);
      return jobs.work<T>(queue, (data) => track(() => handler(data)), options);
    },
    every: (name, intervalMs, task) => jobs.every(name, intervalMs, () => track(task)),
    stop: () => jobs.stop(),
  };

  /** Jobs of the queues this process works that are running or due (by `through`), and deliveries the relay has not queued. */
  async function pendingWork(through: Date | undefined): Promise<string[]> {
    const busy: string[] = [];
    if (workedQueues.size > 0) {
      const names = sql.join(
        [...workedQueues].map((name) => sql`${name}`),
        sql`, `,
      );
      const dueBy = (through ?? new Date(0)).toISOString();
      // Both drivers answer raw SQL with `{ rows }`.
      const raw: unknown = await ctx.db.execute(sql`
        select name, state::text as state, count(*)::int as jobs from pgboss.job
        where name in (${names})
          and (state = 'active' or (state in ('created', 'retry') and start_after <= greatest(pgboss.job_now(), ${dueBy}::timestamptz)))
        group by name, state`);
      for (const row of (raw as { rows: Array<{ name: string; state: string; jobs: number | string }> }).rows) {
        busy.push(`${row.jobs} ${row.state} ${row.name} job(s)`);
      }
    }
    if (workedQueues.has(DELIVERY_QUEUE)) {
      const [unqueued] = await ctx.db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.jobToken)));
      if (unqueued && unqueued.n > 0) busy.push(`${unqueued.n} webhook deliveries the relay has not queued`);
    }
    return busy;
  }

  return {
    /**
     * Resolves once, in one pass, nothing was in flight before and after the database showed no job running or
     * due and no delivery left for the relay, and nothing started meanwhile (a job handed from the queue to a
     * handler, or from a handler to the relay, cannot slip between the two looks). Loops until such a pass.
     */
    async settled(options: SettleOptions & { flushRelay: () => void }): Promise<void> {
      const timeoutMs = options.timeoutMs ?? 15_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const startedBefore = started;
        const busy = inFlight > 0 ? [`${inFlight} send(s), job handler(s) or periodic task(s) in flight`] : await pendingWork(options.through);
        if (busy.length === 0 && inFlight === 0 && started === startedBefore) return;
        // Deliveries waiting for the relay: run it now rather than at its next tick.
        if (busy.some((b) => b.includes('relay'))) options.flushRelay();
        if (Date.now() > deadline) {
          throw new Error(`the server did not settle within ${timeoutMs} ms: ${busy.join('; ') || 'new work kept starting'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
