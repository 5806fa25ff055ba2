import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { devOutbox } from '@keepsake/db/schema';
import type { Logger } from 'pino';
import type { OutgoingText, PhoneChannel, TextSender } from './text-sender.ts';

export type OutboxMessage = { id: string; channel: PhoneChannel; to: string; text: string; createdAt: string };

/** The most recent messages the dev outbox lists. */
const OUTBOX_LIMIT = 200;

/**
 * Dev-mode stand-in for a phone: stores each SMS or WhatsApp message in the database, so that `npm start` works
 * without a Twilio account; /dev/outbox shows it. Only ever used when dev mode is on. The passcode is logged only
 * when asked for (KEEPSAKE_DEV_LOG_PASSCODES).
 */
export function createDevOutbox(db: Database, log: Logger, options: { logPasscodes: boolean }): TextSender & { list(): Promise<OutboxMessage[]> } {
  return {
    kind: 'dev-outbox',
    async send(message: OutgoingText) {
      await db.insert(devOutbox).values({ id: randomUUID(), ...message });
      const secrets = options.logPasscodes ? { code: /\b(\d{6})\b/.exec(message.text)?.[1] } : {};
      log.info({ channel: message.channel, to: message.to, ...secrets }, 'dev outbox: message stored (see /dev/outbox)');
    },
    async list() {
      const rows = await db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt), desc(devOutbox.id)).limit(OUTBOX_LIMIT);
      return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.to, text: r.text, createdAt: r.createdAt.toISOString() }));
    },
  };
}
