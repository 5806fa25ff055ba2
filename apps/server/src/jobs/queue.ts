import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Logger } from 'pino';

export type JobHandler<T> = (data: T) => Promise<void>;

export type SendOptions = {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Not before this time (pg-boss keeps the job in `created` until then). */
  startAfter?: Date;
  /** How long a job may stay active before pg-boss takes it back and retries it (a crashed worker). */
  expireInSeconds?: number;
};

/** The job queue every domain enqueues through. pg-boss on PostgreSQL or on the embedded PGlite. */
export type JobQueue = {
  /** Creates the queue if needed and enqueues one job. Returns the job id. */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Enqueues many jobs in one statement, each with its own `startAfter`. */
  sendMany<T extends object>(queue: string, jobs: Array<{ data: T; startAfter?: Date }>, options?: Omit<SendOptions, 'startAfter'>): Promise<void>;
  /** Registers a worker. Only processes whose role runs workers call this. */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Runs `task` every `intervalMs` in this process until `stop()`, never two runs at once; for pollers that
   * belong with the workers (the webhook outbox relay). Returns a function that runs it now (coalesced).
   */
  every(name: string, intervalMs: number, task: () => Promise<void>): () => void;
  stop(): Promise<void>;
};

const defaultSendOptions = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true };

function toPgBossOptions(options: SendOptions) {
  return {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
  };
}

/** A periodic in-process task: one run at a time; a trigger during a run asks for one more run after it. */
function periodic(intervalMs: number, task: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await task().catch(onError);
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export async function startJobQueue(options: { pglite?: PGlite; connectionString?: string; log: Logger }): Promise<JobQueue> {
  const boss = options.pglite
    ? new PgBoss({ db: fromPglite(options.pglite), backend: 'pglite' })
    : new PgBoss({ connectionString: options.connectionString ?? '', max: 4 });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  const tasks: Array<{ stop(): Promise<void> }> = [];
  return {
    async send(queue, data, sendOptions) {
      await ensureQueue(queue);
      return boss.send(queue, data, toPgBossOptions({ ...defaultSendOptions, ...sendOptions }));
    },
    async sendMany(queue, jobs, sendOptions) {
      if (jobs.length === 0) return;
      await ensureQueue(queue);
      const shared = toPgBossOptions({ ...defaultSendOptions, ...sendOptions });
      await boss.insert(
        queue,
        jobs.map((job) => ({ ...shared, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
      );
    },
    async work(queue, handler, workOptions) {
      await ensureQueue(queue);
      await boss.work<object>(queue, { pollingIntervalSeconds: 0.5, localConcurrency: workOptions?.concurrency ?? 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            // pg-boss only records the failure on the job row: say so once per failed attempt, with the job's name
            // and id but never its payload (which may carry addresses or tokens), then let pg-boss retry it.
            options.log.error({ err: error, job: { name: queue, id: job.id } }, `job ${queue} failed`);
            throw error;
          }
        }
      });
    },
    every(name, intervalMs, task) {
      const handle = periodic(intervalMs, task, (error) => options.log.error({ err: error }, `${name} failed`));
      tasks.push(handle);
      return handle.run;
    },
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
