import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { devMailbox } from '@keepsake/db/schema';
import type { Logger } from 'pino';
import type { Mailer, OutgoingMail } from './mailer.ts';

export type MailboxMessage = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

/** The most recent messages a dev mailbox keeps; older ones are trimmed. */
const MAILBOX_LIMIT = 200;

/**
 * Dev-mode stand-in for an inbox: stores each message in the database, so that `npm start` works with no SMTP
 * server; /dev/mailbox shows it. Only ever used when dev mode is on. The log names the message; its one-time code
 * and link are logged only when asked for (KEEPSAKE_DEV_LOG_PASSCODES): a log is read by more people, and kept
 * longer, than a mailbox.
 */
export function createDevMailbox(db: Database, log: Logger, options: { logPasscodes: boolean }): Mailer & { list(): Promise<MailboxMessage[]> } {
  return {
    kind: 'dev-mailbox',
    async send(mail: OutgoingMail) {
      await db.insert(devMailbox).values({ id: randomUUID(), ...mail });
      const secrets = options.logPasscodes ? { code: /\b(\d{6})\b/.exec(mail.text)?.[1], link: /(https?:\/\/\S+)/.exec(mail.text)?.[1] } : {};
      log.info({ to: mail.to, subject: mail.subject, ...secrets }, 'dev mailbox: message stored (see /dev/mailbox)');
    },
    async list() {
      const rows = await db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt), desc(devMailbox.id)).limit(MAILBOX_LIMIT);
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt.toISOString() }));
    },
    async close() {},
  };
}
