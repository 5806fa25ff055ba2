import { platformResponse } from '@keepsake/wire/console/platform';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import type { IdentityService } from '../identity/service.ts';
import { checkHealth } from './health.ts';

export function platformRoutes(app: App, identity: IdentityService) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Platform'],
        summary: 'Liveness, database and chain check',
        description: 'Each chain this server talks to, with its chain id and latest block (null when its RPC endpoint does not answer).',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            uptimeSeconds: z.number(),
            chains: z.array(
              z.object({
                chain: z.string(),
                chainId: z.number().int(),
                source: z.enum(['embedded', 'rpc']),
                status: z.enum(['ok', 'unreachable']),
                latestBlock: z.number().int().nullable(),
              }),
            ),
          }),
        },
      },
    },
    () => checkHealth(app.ctx),
  );

  app.get(
    '/api/platform',
    {
      schema: {
        tags: ['Platform'],
        summary: "The platform project's public token, the widget /signin renders, whether Farcaster is offered, and the server's mode",
        response: { 200: platformResponse },
      },
    },
    async () => {
      const tenant = await identity.platformTenant();
      const { widget, signInMethods } = tenant.authConfig;
      return { publicToken: tenant.publicToken, devMode: app.ctx.config.devMode, version: '0.1.0', widget, farcaster: signInMethods.farcaster };
    },
  );
}
