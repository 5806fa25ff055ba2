import { z } from 'zod';
import type { App } from '../http/types.ts';
import { phoneChannels } from './text-sender.ts';

/** GET /api/dev/outbox: registered only in dev mode without Twilio, so it is a 404 anywhere else. */
export function devOutboxRoutes(app: App) {
  const outbox = app.ctx.devOutbox;
  if (!app.ctx.config.devMode || !outbox) return;
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['Dev mode'],
        summary: 'SMS and WhatsApp messages the dev outbox holds, newest first',
        response: {
          200: z.object({
            messages: z.array(z.object({ id: z.string(), channel: z.enum(phoneChannels), to: z.string(), text: z.string(), createdAt: z.string() })),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await outbox.list() };
    },
  );
}
