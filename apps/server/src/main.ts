import { redactedLogPaths, buildApp, createServices } from './app.ts';
import type { ChainRuntime } from './chains/runtime.ts';
import { ConfigError, loadConfig } from './config.ts';
import { boot } from './platform/boot.ts';
import { createLogger } from './platform/logging.ts';
import { DataDirLockedError } from './platform/data-dir.ts';
import { registerProjectJobs } from './projects/jobs.ts';
import { registerWebhookJobs } from './webhooks/jobs.ts';
import { registerCollectionJobs } from './collections/jobs.ts';
import { registerNftJobs } from './nfts/jobs.ts';
import { registerCryptoPaymentJobs } from './checkout/crypto/jobs.ts';
import { scheduleIdempotencyKeyExpiry } from './idempotency/service.ts';

/** The banner lines for the chains: the devnet's RPC URL for wallets and scripts, and each configured chain. */
function chainLines(chains: ChainRuntime): string[] {
  return chains.connections.map((c) =>
    c.chain === 'devnet'
      ? `  Devnet RPC:     ${c.rpcUrl}  (local devnet "devnet", chain id ${c.chainId}${c.source === 'embedded' ? ', state kept with the data' : ''})`
      : `  Chain:          ${c.chain} (chain id ${c.chainId}) via its configured RPC`,
  );
}

/** The server process: configuration, start-up, listening, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig(process.env);
  const log = createLogger(config, redactedLogPaths);
  const booted = await boot(config, log, { chains: {} });
  const { ctx } = booted;
  const services = createServices(ctx);
  const platform = await services.projects.ensurePlatformProject();

  if (config.role !== 'api') {
    await registerProjectJobs(ctx);
    await registerWebhookJobs(ctx, services.webhooks);
    await registerCollectionJobs(ctx, services);
    await registerNftJobs(ctx, services);
    registerCryptoPaymentJobs(ctx, { sink: services.settlement });
    await services.settlementWorker.register();
    scheduleIdempotencyKeyExpiry(ctx);
  }
  const app = config.role !== 'worker' ? await buildApp(ctx, services) : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app?.close();
    await booted.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl.replace(/:\d+$/, '') === 'http://localhost' ? `http://localhost:${port}` : config.publicUrl;
    booted.lock?.update(url);
    const lines = [
      '',
      `  Keepsake is ready in ${Math.round(performance.now() - startedAt)} ms`,
      `  App:            ${url}`,
      `  API reference:  ${url}/docs`,
      ctx.devMailbox ? `  Dev mailbox:    ${url}/dev/mailbox` : `  Email:          SMTP`,
      ctx.devOutbox ? `  Dev outbox:     ${url}/dev/outbox (SMS, WhatsApp)` : `  SMS, WhatsApp:  ${ctx.texts.kind === 'twilio' ? 'Twilio' : 'not configured'}`,
      `  Database:       ${ctx.dbKind === 'pglite' ? `PGlite in ${config.database.kind === 'pglite' ? (config.database.dataDir ?? 'memory') : ''}` : 'PostgreSQL'}`,
      ...chainLines(ctx.chains),
      `  Platform public token: ${platform.publicToken}`,
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } else {
    log.info('worker role: processing jobs only');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Keepsake failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
