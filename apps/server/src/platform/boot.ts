import { hkdfSync } from 'node:crypto';
import { sep } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@keepsake/db/client';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { launchEmbeddedDevnet, noChains, startChains, type ChainRuntime } from '../chains/runtime.ts';
import type { Devnet } from '@keepsake/chains/devnet';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import { createDevMailbox } from '../mail/dev-mailbox.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createSmtpMailer } from '../mail/smtp-mailer.ts';
import { createDevOutbox } from '../messaging/dev-outbox.ts';
import { disabledTextSender, type TextSender } from '../messaging/text-sender.ts';
import { createTwilioSender } from '../messaging/twilio.ts';
import { createPasswordScorer } from '../identity/passwords/scorer.ts';
import { acquireLock, keepPrivate, loadMasterKey, loadOperatorSecret } from './data-dir.ts';

export type Booted = {
  ctx: AppContext;
  handle: DatabaseHandle;
  /** Releases the data directory lock (PGlite only). */
  lock: { release(): void; update(url: string): void } | undefined;
  masterKeyGenerated: boolean;
  shutdown(): Promise<void>;
};

export type BootOptions = {
  /** false: a queue that accepts nothing (the CLI). */
  jobs?: boolean;
  /**
   * Start the chains (the embedded devnet and configured RPC endpoints) and the platform signers. Off unless
   * given: the server passes `{}`, tests pass `{ ephemeralDevnet: true }` when they need a chain.
   */
  chains?: { ephemeralDevnet?: boolean };
  /**
   * Tests: a PGlite whose data directory is empty (or in memory) starts from this dump of a migrated one instead of
   * a new cluster (ADR 112); the migrations then find it up to date.
   */
  pgliteTemplate?: Blob;
};

/**
 * Opens everything a Keepsake process needs, in order: the data-dir lock (PGlite), keys,
 * the database and its migrations, the job queue, the chains and the mailer. Used by the server and the CLI.
 */
export async function boot(config: Config, log: Logger, options: BootOptions = {}): Promise<Booted> {
  if (!config.devMode && !config.mail.smtpUrl) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when dev mode is off (KEEPSAKE_DEV_MODE=false or NODE_ENV=production)');
  }
  // The data tree is private before anything is written to it, and again once PGlite has written its files.
  const pgliteDir = config.database.kind === 'pglite' ? config.database.dataDir : undefined;
  keepPrivate(config.dataDir);
  if (pgliteDir && !pgliteDir.startsWith(config.dataDir + sep)) keepPrivate(pgliteDir);
  const lock = pgliteDir ? acquireLock(config.dataDir, config.publicUrl) : undefined;
  let handle: DatabaseHandle | undefined;
  let jobs: JobQueue | undefined;
  let chains: ChainRuntime | undefined;
  let devnet: Promise<Devnet | undefined> | undefined;
  try {
    // anvil starts while the database opens; startChains owns it once it has it.
    devnet = options.chains ? launchEmbeddedDevnet(config, log, options.chains) : undefined;
    void devnet?.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
    const master = loadMasterKey(config.dataDir, config.masterKey);
    if (master.generated) {
      log.warn(`Generated a new master key in ${config.dataDir}/master.key. Back it up, or set KEEPSAKE_MASTER_KEY: without it, sealed keys cannot be read.`);
    } else if (master.source === 'file' && !config.devMode) {
      log.warn('The master key is read from the data directory. In production set KEEPSAKE_MASTER_KEY from a secret store instead.');
    }
    const hmac = Buffer.from(hkdfSync('sha256', master.key, Buffer.alloc(0), 'keepsake/hmac/v1', 32));
    handle = await openDatabase(
      config.database.kind === 'pglite' && options.pgliteTemplate ? { ...config.database, loadDataDir: options.pgliteTemplate } : config.database,
    );
    if (pgliteDir) keepPrivate(pgliteDir);
    await handle.migrate();
    jobs =
      options.jobs === false
        ? { send: async () => null, sendMany: async () => {}, work: async () => {}, every: () => () => {}, stop: async () => {} }
        : await startJobQueue({ pglite: handle.pglite, connectionString: config.database.kind === 'postgres' ? config.database.url : undefined, log });
    const launched = await devnet;
    devnet = undefined;
    chains = options.chains ? await startChains(config, handle.db, master.key, log, launched) : noChains();
    let mailer: Mailer;
    let devMailbox: AppContext['devMailbox'];
    if (config.mail.smtpUrl) {
      mailer = createSmtpMailer(config.mail.smtpUrl, config.mail.from);
    } else {
      const box = createDevMailbox(handle.db, log, { logPasscodes: config.devLogPasscodes });
      mailer = box;
      devMailbox = box;
    }
    let texts: TextSender = disabledTextSender;
    let devOutbox: AppContext['devOutbox'];
    if (config.twilio) {
      texts = createTwilioSender(config.twilio);
    } else if (config.devMode) {
      const outbox = createDevOutbox(handle.db, log, { logPasscodes: config.devLogPasscodes });
      texts = outbox;
      devOutbox = outbox;
    }
    const ctx: AppContext = {
      config,
      db: handle.db,
      dbKind: handle.kind,
      mailer,
      devMailbox,
      texts,
      devOutbox,
      keys: { master: master.key, hmac },
      operatorSecret: loadOperatorSecret(config.dataDir),
      jobs,
      chains,
      passwordScorer: createPasswordScorer({ threads: config.passwordScoringThreads }),
      log,
    };
    const opened = handle;
    const openedJobs = jobs;
    const openedChains = chains;
    const scorer = ctx.passwordScorer;
    return {
      ctx,
      handle: opened,
      lock,
      masterKeyGenerated: master.generated,
      async shutdown() {
        await openedJobs.stop().catch((error: unknown) => log.error({ err: error }, 'job queue did not stop cleanly'));
        await openedChains.stop().catch((error: unknown) => log.error({ err: error }, 'the devnet did not stop cleanly'));
        await scorer.close().catch((error: unknown) => log.error({ err: error }, 'the password scoring threads did not stop cleanly'));
        await mailer.close();
        await opened.close();
        lock?.release();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await chains?.stop().catch(() => undefined);
    await devnet?.then((d) => d?.stop()).catch(() => undefined);
    await handle?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
