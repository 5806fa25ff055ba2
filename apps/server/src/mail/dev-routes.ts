import { z } from 'zod';
import type { App } from '../http/types.ts';

/** GET /api/dev/mailbox: registered only in dev mode without SMTP, so it is a 404 anywhere else. */
export function devMailboxRoutes(app: App) {
  const mailbox = app.ctx.devMailbox;
  if (!app.ctx.config.devMode || !mailbox) return;
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['Dev mode'],
        summary: 'Messages the dev mailbox holds, newest first',
        response: {
          200: z.object({
            messages: z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() })),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await mailbox.list() };
    },
  );
}
