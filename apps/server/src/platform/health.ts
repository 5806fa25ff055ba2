import type { AppContext } from '../context.ts';

const startedAt = Date.now();

/**
 * GET /api/health: the database answers a trivial query (a failure is a 500), then each chain's status.
 * The query lives here, not in the route (docs/decisions/086).
 */
export async function checkHealth(ctx: Pick<AppContext, 'db' | 'dbKind' | 'chains'>) {
  await ctx.db.execute('select 1');
  return {
    status: 'ok' as const,
    database: ctx.dbKind,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    chains: await ctx.chains.health(),
  };
}
