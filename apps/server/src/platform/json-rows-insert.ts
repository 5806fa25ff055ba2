// One INSERT of many rows whose values travel as ONE JSON parameter (ADR 122), for a group commit's hot inserts:
// `insert into t (cols) select cols from jsonb_populate_recordset(null::t, $1)`. Drizzle's multi-row `values()`
// builds a parameter (and checks its entity kind) per column per row, which cost more server CPU than the rest of an
// order's creation; here the statement's text is built once and the rows are one `JSON.stringify`. Columns left out
// take their defaults; a JSON null (or an absent value) is SQL NULL. Values must be JSON-able as the column wants
// them: jsonb as objects, timestamps as Dates (ISO strings), no bigints.
import { getTableColumns, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@keepsake/db/client';

/**
 * @param keys the table's columns (by their TypeScript names) the rows give; every other column takes its default.
 * @param returning e.g. sql`returning id, created_at`; the rows it answers come back raw (column names, driver types).
 * @example
 * const insertEvents = jsonRowsInsert(orderEvents, ['orderId', 'projectId', 'type', 'data']);
 * await insertEvents(tx, events);
 */
export function jsonRowsInsert<TTable extends PgTable, K extends keyof InferInsertModel<TTable> & keyof TTable['_']['columns'] & string>(
  table: TTable,
  keys: readonly K[],
  returning?: SQL,
) {
  const columns = getTableColumns(table);
  const names = keys.map((key) => columns[key]!.name);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  return async (db: Database | Transaction, rows: ReadonlyArray<Pick<InferInsertModel<TTable>, K>>): Promise<Array<Record<string, unknown>>> => {
    if (rows.length === 0) return [];
    const json = JSON.stringify(
      rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) out[names[i]!] = row[keys[i]!];
        return out;
      }),
    );
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    const raw: unknown = await db.execute(
      sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) ${returning ?? sql``}`,
    );
    return (raw as { rows: Array<Record<string, unknown>> }).rows;
  };
}
