import type { Database } from '@keepsake/db/client';
import type { Logger } from 'pino';
import type { ChainRuntime } from './chains/runtime.ts';
import type { Config } from './config.ts';
import type { PasswordScorer } from './identity/passwords/scorer.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MailboxMessage } from './mail/dev-mailbox.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OutboxMessage } from './messaging/dev-outbox.ts';
import type { TextSender } from './messaging/text-sender.ts';

/** What every service receives: the parsed config and the shared engines. Built once by `main`. */
export type AppContext = {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  /** Present only in dev mode without SMTP: lists what the dev mailbox holds. */
  devMailbox: { list(): Promise<MailboxMessage[]> } | undefined;
  /** Where SMS and WhatsApp passcodes go: Twilio, the dev outbox, or a sender that refuses (not configured). */
  texts: TextSender;
  /** Present only in dev mode without Twilio: lists what the dev outbox holds. */
  devOutbox: { list(): Promise<OutboxMessage[]> } | undefined;
  keys: {
    /** Wraps data keys (envelope encryption of signing keys, later wallet keys). */
    master: Buffer;
    /** Keys the HMAC of low-entropy secrets such as passcodes; derived from the master key. */
    hmac: Buffer;
  };
  /** The secret the operator CLI presents; undefined disables the operator endpoints. */
  operatorSecret: string | undefined;
  jobs: JobQueue;
  /**
   * Chain clients, platform signers and the devnet. Started by the server (`boot(…, { chains: {} })`); the CLI
   * and tests that do not ask for a chain get a runtime without connections, whose `get()` throws.
   */
  chains: ChainRuntime;
  /** zxcvbn on a small pool of worker threads (started on first use), so that scoring never blocks the event loop. */
  passwordScorer: PasswordScorer;
  log: Logger;
};
