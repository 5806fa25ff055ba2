// The Orders API's phase rule (present.ts) in SQL, in one place for every query that filters or reads an order's
// phase: the Orders API's list (orders/store.ts) and the console's reads (console/store.ts, ADR 107). Not a store:
// other folders may import it (the layer rules keep stores to their own folder).
import { sql } from 'drizzle-orm';

// Written with explicit table names: drizzle names a column without its table in a select list, which a correlated
// subquery would bind to its own table.

/** A valid quote: a recipient, no unavailable item, not expired (present.ts `quoteStatus` is `valid`). */
export const payableSql = sql`("orders"."recipient" is not null and "orders"."quote_expires_at" > now() and not jsonb_path_exists("orders"."line_items", '$[*].unavailable'))`;

/** What settlement recorded once it took the money (`settled_phase`, ADR 105); before that, payment while payable, else quote. */
export const phaseSql = sql<string>`coalesce("orders"."settled_phase", case when ${payableSql} then 'payment' else 'quote' end)`;
