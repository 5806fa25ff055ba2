// What sessions/authenticate writes, in batches (docs/decisions/081).
//   - Last access: buffered in this process and written behind, every TOUCH_FLUSH_MS or at TOUCH_FLUSH_SIZE
//     sessions, with one statement, and on shutdown. This process reads its own unwritten accesses back
//     (`lastAccess`); another process sees them once they are written. Losing them in a crash loses only a
//     little recency: `last_accessed_at` is informational, and it only moves forward.
//   - An explicit extension (session_duration_minutes) is written BEFORE the answer: any process may be asked
//     next, and must not refuse a session whose expiry the caller was told had moved. The extensions waiting at
//     one moment share one statement (group commit).
import type { Logger } from 'pino';
import type { Database } from '@keepsake/db/client';
import { createBatcher } from './batcher.ts';
import { extendSessions, touchSessions } from './store.ts';

/** Buffered accesses are written at least this often. */
export const TOUCH_FLUSH_MS = 1_000;
/** …and as soon as this many sessions wait. */
export const TOUCH_FLUSH_SIZE = 1_000;

export type Extended = { lastAccessedAt: Date; expiresAt: Date };

export function createSessionAccessWriter(db: Database, options: { maxInFlight: number; log: Logger }) {
  /** Accesses not yet written, and those being written: session id → time. */
  const pending = new Map<string, Date>();
  const writing = new Map<string, Date>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function writeAll() {
    while (pending.size > 0) {
      for (const [id, at] of pending) writing.set(id, at);
      pending.clear();
      try {
        await touchSessions(
          db,
          [...writing].map(([id, at]) => ({ id, at })),
        );
      } catch (error) {
        options.log.warn({ err: error, sessions: writing.size }, 'session last-access times could not be written; they are dropped');
      } finally {
        writing.clear();
      }
    }
  }

  /** Writes every buffered access now (graceful shutdown calls this). */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (flushing || pending.size > 0) {
      flushing ??= writeAll().finally(() => (flushing = undefined));
      await flushing;
    }
  }

  const extend = createBatcher<{ id: string; at: Date; expiresAt: Date }, Extended | undefined>(
    async (asks) => {
      // One row per session: of two extensions of one session in a batch, the later wins, and both answers show it.
      const latest = new Map(asks.map((ask) => [ask.id, ask]));
      const rows = await extendSessions(db, [...latest.values()]);
      const byId = new Map(rows.map((row) => [row.id, { lastAccessedAt: row.lastAccessedAt, expiresAt: row.expiresAt }]));
      return asks.map((ask) => byId.get(ask.id));
    },
    { maxInFlight: options.maxInFlight, maxBatchSize: 500 },
  );

  return {
    /** The latest access of a session that this process has not written yet. */
    lastAccess(id: string): Date | undefined {
      const buffered = pending.get(id);
      const inFlight = writing.get(id);
      if (buffered && inFlight) return buffered > inFlight ? buffered : inFlight;
      return buffered ?? inFlight;
    },

    /** Records an access, to be written behind. */
    touch(id: string, at: Date): void {
      const known = pending.get(id);
      if (!known || at > known) pending.set(id, at);
      if (pending.size >= TOUCH_FLUSH_SIZE) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), TOUCH_FLUSH_MS);
        timer.unref();
      }
    },

    /**
     * Moves a live session's expiry and last access, written before it resolves.
     * @returns the stored last access and expiry, or undefined when the session ended meanwhile.
     */
    extend: (id: string, at: Date, expiresAt: Date) => extend({ id, at, expiresAt }),

    flush,
  };
}

export type SessionAccessWriter = ReturnType<typeof createSessionAccessWriter>;
