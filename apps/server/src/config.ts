// The server's configuration: one zod schema for the environment, parsed once, that reports every bad variable at
// once. Each domain declares its variables and builds its part of `Config` in config/<domain>.ts; this file
// composes them. docs/configuration.md documents each variable; keep the two in step.
import { parseChainEnv } from '@keepsake/chains/config';
import type { z } from 'zod';
import { chainsConfig, chainsEnv, type ChainsConfig } from './config/chains.ts';
import { ConfigError } from './config/env.ts';
import { identityConfig, identityEnv, type IdentityConfig } from './config/identity.ts';
import { messagingConfig, messagingEnv, type MessagingConfig } from './config/messaging.ts';
import { paymentsConfig, paymentsEnv, type PaymentsConfig } from './config/payments.ts';
import { serverConfig, serverEnv, type ServerConfig } from './config/server.ts';
import { webhooksConfig, webhooksEnv, type WebhooksConfig } from './config/webhooks.ts';

export { ConfigError } from './config/env.ts';
export { checkoutConfirmations } from './config/payments.ts';

/** Every environment variable Keepsake reads, with its default. Nothing else reads process.env. */
const envSchema = serverEnv.extend(messagingEnv.shape).extend(identityEnv.shape).extend(chainsEnv.shape).extend(webhooksEnv.shape).extend(paymentsEnv.shape);

export type Env = z.input<typeof envSchema>;

export type Config = ServerConfig & MessagingConfig & IdentityConfig & ChainsConfig & WebhooksConfig & PaymentsConfig;

/**
 * Parses the environment once. A wrong value throws ConfigError naming the variable and what it expects.
 *
 * @example
 * const config = loadConfig(process.env);
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const chains = parseChainEnv(cleaned);
  if (!parsed.success || !chains.success) {
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message }))),
      ...(chains.success ? [] : chains.issues),
    ];
    const lines = issues.map(({ variable, message }) => `  ${variable}: ${message} (got ${JSON.stringify(cleaned[variable])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const server = serverConfig(e, cwd);
  // The cross-variable checks, in this order: Twilio, the embedded devnet's role, the card processor.
  const messaging = messagingConfig(e);
  const onChains = chainsConfig(e, { endpoints: chains.endpoints, role: server.role, dataDir: server.dataDir });
  return {
    ...server,
    ...messaging,
    ...identityConfig(e, server.devMode),
    ...onChains,
    ...webhooksConfig(e),
    ...paymentsConfig(e, server.devMode),
  };
}
