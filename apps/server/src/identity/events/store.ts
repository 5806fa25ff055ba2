import type { Database } from '@keepsake/db/client';
import { authEvents } from '@keepsake/db/schema';

export type EventRow = typeof authEvents.$inferInsert;

/** Stores one batch of telemetry in one statement. */
export async function insertEvents(db: Database, rows: EventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(authEvents).values(rows);
}
