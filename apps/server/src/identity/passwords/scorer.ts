import { Piscina } from 'piscina';
import { UnavailableError } from '../../platform/domain-errors.ts';
import type { ScoreTask, ScoreVerdict } from './score-worker.ts';

/**
 * How many characters (code points) of a password zxcvbn scores. zxcvbn's cost grows with length (1.9 s for 128
 * digits on a shared core) while its verdict on a long password is settled by its beginning, so longer passwords
 * are scored on this prefix (ADR 079). The policy checks that need the whole password (LUDS, breach lists) still
 * get all of it.
 */
export const SCORED_PREFIX_LENGTH = 64;

/** Scores waiting for a thread before the scorer answers 503 instead of queueing more. */
const DEFAULT_MAX_QUEUE = 256;

/**
 * Raised when every scoring thread is busy and the queue is full, and for the scores a closing scorer refuses (the
 * server is stopping: the client's retry reaches another process, or this one restarted).
 */
export class PasswordScorerBusyError extends UnavailableError {
  constructor() {
    super('Password scoring is busy. Please try again in a moment.', undefined, { retryAfterSeconds: 1 });
  }
}

export type PasswordScorer = {
  /**
   * zxcvbn's verdict on `password` (its first SCORED_PREFIX_LENGTH code points), computed on a worker thread.
   * Identical asks in flight at the same time share one scoring.
   * @throws PasswordScorerBusyError
   */
  score(password: string, userInputs: readonly string[]): Promise<ScoreVerdict>;
  /**
   * Lets running scores finish, refuses queued ones (and any asked later) with PasswordScorerBusyError, then stops the
   * threads (the server calls it after its last request).
   */
  close(): Promise<void>;
};

/** The part of a password zxcvbn sees; never splits a surrogate pair. */
export function scoredPrefix(password: string): string {
  if (password.length <= SCORED_PREFIX_LENGTH) return password;
  return Array.from(password).slice(0, SCORED_PREFIX_LENGTH).join('');
}

/**
 * A small pool of worker threads (piscina) for zxcvbn, started on first use so that processes that never score
 * (the CLI, a worker-role process) start no thread.
 */
export function createPasswordScorer(options: { threads: number; maxQueue?: number }): PasswordScorer {
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  const filename = new URL('./score-worker.ts', import.meta.url).href;
  let pool: Piscina<ScoreTask, ScoreVerdict> | undefined;
  let closed = false;
  const inFlight = new Map<string, Promise<ScoreVerdict>>();

  function run(task: ScoreTask): Promise<ScoreVerdict> {
    if (closed) return Promise.reject(new PasswordScorerBusyError());
    pool ??= new Piscina<ScoreTask, ScoreVerdict>({
      filename,
      minThreads: options.threads,
      maxThreads: options.threads,
      maxQueue,
    });
    if (pool.queueSize >= maxQueue) return Promise.reject(new PasswordScorerBusyError());
    // A queued score that close() aborts is an answer for its caller (503), not an unhandled error (a 500, logged).
    return pool.run(task).catch((error: unknown) => {
      throw closed ? new PasswordScorerBusyError() : error;
    });
  }

  return {
    score(password, userInputs) {
      const task = { password: scoredPrefix(password), userInputs: [...userInputs] };
      const key = JSON.stringify([task.password, task.userInputs]);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const scored = run(task).finally(() => inFlight.delete(key));
      inFlight.set(key, scored);
      return scored;
    },
    async close() {
      closed = true;
      await pool?.close({ force: true });
    },
  };
}
